import { lookup } from 'node:dns/promises';

/**
 * Turns a host name into ALL its addresses. The fetcher calls it once per hop, checks every
 * address, and connects only to the addresses it returned: the operating system never gets
 * a second chance to resolve the name differently (DNS rebinding).
 */
export type Resolver = (hostname: string) => Promise<readonly string[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address in resolver order. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

/**
 * A resolver answering from a fixed table and failing (ENOTFOUND) for any other name: lets tests
 * and fixtures give loopback servers real-looking names without touching DNS.
 */
export function createStaticResolver(table: Readonly<Record<string, readonly string[]>>): Resolver {
  const records = new Map(
    Object.entries(table).map(([name, addresses]) => [name.toLowerCase(), addresses]),
  );
  return async (hostname) => {
    const addresses = records.get(hostname.toLowerCase());
    if (!addresses || addresses.length === 0) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses;
  };
}
