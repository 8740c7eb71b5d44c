import { env, type VarSpec } from '@frenly/config';

const ENTRY = /^(\[[0-9a-fA-F:.]+\]|[^\s:/@[\]?#]+):(\d{1,5})$/;

/**
 * `host:port` pairs that may be reached even though their address is not public: the loopback
 * servers of tests and local development. A pair matches the URL's host as written (after URL
 * normalisation) or one of its resolved addresses, on that exact port. Cloud metadata
 * addresses are never let through, listed or not.
 */
export class AllowList {
  private readonly keys: ReadonlySet<string>;

  constructor(entries: Iterable<string> = []) {
    const keys = new Set<string>();
    for (const entry of entries) {
      const problem = allowListEntryProblem(entry);
      if (problem) throw new Error(`Invalid allow-list entry "${entry}": ${problem}`);
      const [, host = '', port = ''] = ENTRY.exec(entry.trim()) ?? [];
      keys.add(hostPortKey(host, Number(port)));
    }
    this.keys = keys;
  }

  get entries(): string[] {
    return [...this.keys];
  }

  /** Whether `host` (a name or an IP address, IPv6 with or without brackets) on `port` is listed. */
  has(host: string, port: number): boolean {
    return this.keys.size > 0 && this.keys.has(hostPortKey(host, port));
  }
}

/** Why an allow-list entry is invalid, or undefined when it is a valid `host:port`. */
export function allowListEntryProblem(entry: string): string | undefined {
  const match = ENTRY.exec(entry.trim());
  if (!match) return 'expected host:port (IPv6 in brackets: [::1]:8080)';
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return 'the port must be between 1 and 65535';
  try {
    new URL(`http://${match[1]}/`);
  } catch {
    return 'the host is not a valid host name or address';
  }
  return undefined;
}

/** The same spelling for a host however it was written: `127.1` → `127.0.0.1`, `::1` → `[::1]`. */
function hostPortKey(host: string, port: number): string {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let hostname: string;
  try {
    hostname = new URL(`http://${bracketed}/`).hostname;
  } catch {
    hostname = host.toLowerCase();
  }
  return `${hostname.replace(/\.$/, '')}:${port}`;
}

/** `FRENLY_FETCH_ALLOWLIST`: spread into a service's config spec, then `new AllowList(config.FRENLY_FETCH_ALLOWLIST)`. */
export const fetchAllowListVar: VarSpec<string[]> = env.list(
  'Comma-separated host:port pairs the safe fetcher may reach although they are not public (tests, local use); empty = none',
  { item: allowListEntryProblem },
);
