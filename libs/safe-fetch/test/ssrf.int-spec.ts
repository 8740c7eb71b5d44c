import { performance } from 'node:perf_hooks';
import { createStaticResolver, SafeFetcher, SafeFetchErrorCode } from '../src/index.js';
import { siteRoutes } from './support/site-routes.js';
import { startHttpServer, type Handler, type LoopbackServer } from './support/test-servers.js';
import { fetchFailure } from './support/fetch-failure.js';

/**
 * Hostile URLs, each refused with a clear error and without reaching anything it points at.
 * `site` is the one allow-listed server (it only ever serves the first hop of redirect cases);
 * `trap4`/`trap6` are real loopback servers on ports NOT on the allow-list, answering every
 * request with a secret: they must never see a single connection.
 */

interface Ports {
  site: number;
  trap4: number;
  trap6: number;
}

interface HostileCase {
  name: string;
  url: (p: Ports) => string;
  code: SafeFetchErrorCode;
  message: RegExp;
  /** Connections the fetcher may open: 0 for direct refusals, 1 when the allowed site redirects. */
  connections?: number;
}

const { BlockedAddress, UnsupportedProtocol, CredentialsInUrl, TooManyRedirects } =
  SafeFetchErrorCode;
const via =
  (target: string): ((p: Ports) => string) =>
  (p) =>
    `http://127.0.0.1:${p.site}/to?target=${encodeURIComponent(target.replace('TRAP4', String(p.trap4)))}`;

const HOSTILE: HostileCase[] = [
  // Literal IPv4 loopback in every notation, aimed at a live server.
  {
    name: 'decimal IPv4',
    url: (p) => `http://2130706433:${p.trap4}/`,
    code: BlockedAddress,
    message: /^Refused: 127\.0\.0\.1 is a loopback address$/,
  },
  {
    name: 'octal IPv4',
    url: (p) => `http://0177.0.0.1:${p.trap4}/`,
    code: BlockedAddress,
    message: /127\.0\.0\.1 is a loopback/,
  },
  {
    name: 'octal IPv4, one number',
    url: (p) => `http://017700000001:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'hex IPv4, short form',
    url: (p) => `http://0x7f.1:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'hex IPv4, one number',
    url: (p) => `http://0x7f000001:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'short IPv4 127.1',
    url: (p) => `http://127.1:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'dotted IPv4 on a port not allowed',
    url: (p) => `http://127.0.0.1:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'full-width digits',
    url: (p) => `http://１２７.０.０.１:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'percent-encoded host',
    url: (p) => `http://127.0.0.%31:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'trailing dot',
    url: (p) => `http://127.0.0.1.:${p.trap4}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: '0.0.0.0 (reaches local services on Linux)',
    url: (p) => `http://0.0.0.0:${p.trap4}/`,
    code: BlockedAddress,
    message: /0\.0\.0\.0 is an unspecified/,
  },
  {
    name: '0 (short for 0.0.0.0)',
    url: (p) => `http://0:${p.trap4}/`,
    code: BlockedAddress,
    message: /unspecified/,
  },
  {
    name: 'localhost by name',
    url: (p) => `http://localhost:${p.trap4}/`,
    code: BlockedAddress,
    message: /localhost is a loopback name/,
  },
  // IPv6 forms.
  {
    name: 'IPv6 loopback',
    url: (p) => `http://[::1]:${p.trap6}/`,
    code: BlockedAddress,
    message: /::1 is a loopback address/,
  },
  {
    name: 'IPv6 loopback, long form',
    url: (p) => `http://[0:0:0:0:0:0:0:1]:${p.trap6}/`,
    code: BlockedAddress,
    message: /loopback/,
  },
  {
    name: 'IPv6 unspecified',
    url: (p) => `http://[::]:${p.trap6}/`,
    code: BlockedAddress,
    message: /unspecified/,
  },
  {
    name: 'IPv4-mapped IPv6, dotted',
    url: (p) => `http://[::ffff:127.0.0.1]:${p.trap4}/`,
    code: BlockedAddress,
    message: /IPv4-mapped IPv6 address embedding 127\.0\.0\.1/,
  },
  {
    name: 'IPv4-mapped IPv6, hex',
    url: (p) => `http://[::ffff:7f00:1]:${p.trap4}/`,
    code: BlockedAddress,
    message: /IPv4-mapped/,
  },
  {
    name: 'IPv4-compatible IPv6',
    url: (p) => `http://[::127.0.0.1]:${p.trap4}/`,
    code: BlockedAddress,
    message: /IPv4-compatible/,
  },
  {
    name: 'IPv6 link-local',
    url: () => 'http://[fe80::1]/',
    code: BlockedAddress,
    message: /fe80::1 is a link-local address/,
  },
  {
    name: 'IPv6 unique local',
    url: () => 'http://[fd00::2]/',
    code: BlockedAddress,
    message: /fd00::2 is a private address/,
  },
  {
    name: 'NAT64 of the metadata address',
    url: () => 'http://[64:ff9b::a9fe:a9fe]/',
    code: BlockedAddress,
    message: /NAT64 address embedding 169\.254\.169\.254, a cloud metadata/,
  },
  {
    name: '6to4 of loopback',
    url: (p) => `http://[2002:7f00:1::]:${p.trap4}/`,
    code: BlockedAddress,
    message: /6to4 address embedding 127\.0\.0\.1/,
  },
  // Private, shared and special IPv4 ranges nothing here listens on: refused before any socket.
  {
    name: 'private 10/8',
    url: () => 'http://10.0.0.5/',
    code: BlockedAddress,
    message: /^Refused: 10\.0\.0\.5 is a private address$/,
  },
  {
    name: 'private 172.16/12',
    url: () => 'http://172.16.0.1/',
    code: BlockedAddress,
    message: /private/,
  },
  {
    name: 'private 192.168/16',
    url: () => 'http://192.168.1.1/',
    code: BlockedAddress,
    message: /private/,
  },
  {
    name: 'private, in hex',
    url: () => 'http://0xc0.0xa8.1.1/',
    code: BlockedAddress,
    message: /192\.168\.1\.1 is a private/,
  },
  {
    name: 'CGNAT 100.64/10',
    url: () => 'http://100.64.0.1/',
    code: BlockedAddress,
    message: /carrier-grade NAT/,
  },
  { name: 'multicast', url: () => 'http://224.0.0.1/', code: BlockedAddress, message: /multicast/ },
  {
    name: 'broadcast',
    url: () => 'http://255.255.255.255/',
    code: BlockedAddress,
    message: /broadcast/,
  },
  // Cloud metadata.
  {
    name: 'metadata IP',
    url: () => 'http://169.254.169.254/latest/meta-data/',
    code: BlockedAddress,
    message: /169\.254\.169\.254 is a cloud metadata address/,
  },
  {
    name: 'metadata IP in decimal',
    url: () => 'http://2852039166/latest/meta-data/',
    code: BlockedAddress,
    message: /cloud metadata/,
  },
  {
    name: 'metadata IP in hex',
    url: () => 'http://0xa9fea9fe/',
    code: BlockedAddress,
    message: /cloud metadata/,
  },
  {
    name: 'metadata IPv6 (AWS)',
    url: () => 'http://[fd00:ec2::254]/latest/meta-data/',
    code: BlockedAddress,
    message: /fd00:ec2::254 is a cloud metadata/,
  },
  {
    name: 'metadata by name',
    url: () => 'http://metadata.google.internal/computeMetadata/v1/',
    code: BlockedAddress,
    message: /metadata\.google\.internal is a cloud metadata name/,
  },
  // Names that resolve (through the test resolver) to addresses we refuse.
  {
    name: 'name → private',
    url: () => 'http://private.attacker.test/',
    code: BlockedAddress,
    message: /^Refused: private\.attacker\.test resolves to 10\.0\.0\.5, a private address$/,
  },
  {
    name: 'name → loopback',
    url: (p) => `http://loopback.attacker.test:${p.trap4}/`,
    code: BlockedAddress,
    message: /resolves to 127\.0\.0\.1, a loopback/,
  },
  {
    name: 'name → IPv6 loopback',
    url: (p) => `http://v6.attacker.test:${p.trap6}/`,
    code: BlockedAddress,
    message: /resolves to ::1/,
  },
  {
    name: 'name → IPv4-mapped loopback',
    url: (p) => `http://mapped.attacker.test:${p.trap4}/`,
    code: BlockedAddress,
    message: /IPv4-mapped/,
  },
  {
    name: 'name → metadata',
    url: () => 'http://metadata.attacker.test/',
    code: BlockedAddress,
    message: /resolves to 169\.254\.169\.254, a cloud metadata/,
  },
  {
    name: 'name → one public and one private address',
    url: () => 'http://mixed.attacker.test/',
    code: BlockedAddress,
    message: /resolves to 192\.168\.1\.10/,
  },
  {
    name: 'name → 0.0.0.0',
    url: (p) => `http://zero.attacker.test:${p.trap4}/`,
    code: BlockedAddress,
    message: /unspecified/,
  },
  // Redirects from the allow-listed site: the target is checked like any first URL.
  {
    name: 'redirect to 127.0.0.1 on a port not allowed',
    url: via('http://127.0.0.1:TRAP4/'),
    code: BlockedAddress,
    message: /127\.0\.0\.1 is a loopback/,
    connections: 1,
  },
  {
    name: 'redirect to the metadata IP',
    url: via('http://169.254.169.254/latest/meta-data/'),
    code: BlockedAddress,
    message: /cloud metadata/,
    connections: 1,
  },
  {
    name: 'redirect to IPv4-mapped metadata',
    url: via('http://[::ffff:169.254.169.254]/'),
    code: BlockedAddress,
    message: /IPv4-mapped/,
    connections: 1,
  },
  {
    name: 'redirect to a name resolving to loopback',
    url: via('http://loopback.attacker.test:TRAP4/'),
    code: BlockedAddress,
    message: /resolves to 127\.0\.0\.1/,
    connections: 1,
  },
  {
    name: 'redirect to file://',
    url: via('file:///etc/passwd'),
    code: UnsupportedProtocol,
    message: /file: URLs are not fetched/,
    connections: 1,
  },
  {
    name: 'redirect to gopher://',
    url: via('gopher://127.0.0.1:TRAP4/_INFO'),
    code: UnsupportedProtocol,
    message: /gopher: URLs are not fetched/,
    connections: 1,
  },
  {
    name: 'redirect loop past 5 hops',
    url: (p) => `http://127.0.0.1:${p.site}/loop/0`,
    code: TooManyRedirects,
    message: /more than 5 redirects/,
    connections: 6,
  },
  // Schemes and credentials.
  { name: 'file://', url: () => 'file:///etc/passwd', code: UnsupportedProtocol, message: /file:/ },
  {
    name: 'gopher://',
    url: (p) => `gopher://127.0.0.1:${p.trap4}/_INFO`,
    code: UnsupportedProtocol,
    message: /gopher:/,
  },
  {
    name: 'credentials, even for the allowed site',
    url: (p) => `http://admin:secret@127.0.0.1:${p.site}/ok`,
    code: CredentialsInUrl,
    message: /credentials/,
  },
];

async function eventually(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SSRF suite', () => {
  let site: LoopbackServer;
  let trap4: LoopbackServer;
  let trap6: LoopbackServer;
  let ports: Ports;
  let fetcher: SafeFetcher;
  const secret: Handler = (_request, response) => response.end('SECRET');

  beforeAll(async () => {
    [site, trap4, trap6] = await Promise.all([
      startHttpServer(siteRoutes),
      startHttpServer(secret, '127.0.0.1'),
      startHttpServer(secret, '::1'),
    ]);
    ports = { site: site.port, trap4: trap4.port, trap6: trap6.port };
    fetcher = new SafeFetcher({
      allowList: [`127.0.0.1:${site.port}`],
      timeoutMs: 2_000,
      resolver: createStaticResolver({
        'private.attacker.test': ['10.0.0.5'],
        'loopback.attacker.test': ['127.0.0.1'],
        'v6.attacker.test': ['::1'],
        'mapped.attacker.test': ['::ffff:127.0.0.1'],
        'metadata.attacker.test': ['169.254.169.254'],
        'mixed.attacker.test': ['93.184.216.34', '192.168.1.10'],
        'zero.attacker.test': ['0.0.0.0'],
      }),
    });
  });

  afterAll(async () => {
    // Nothing hostile was ever reached, across the whole suite.
    expect(trap4.connections + trap6.connections).toBe(0);
    await Promise.all([site, trap4, trap6].map((server) => server.close()));
  });

  it('has at least 30 hostile URLs', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)('refuses $name', async ({ url, code, message, connections = 0 }) => {
    const siteRequests = site.requests.length;
    const started = performance.now();

    const error = await fetchFailure(fetcher.fetch(url(ports)));

    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    // Only the allow-listed site (first hop of a redirect case) was ever connected to.
    expect(error.connectionAttempts).toBe(connections);
    expect(site.requests.length - siteRequests).toBe(connections);
    expect(trap4.connections + trap6.connections).toBe(0);
    if (connections === 0) expect(performance.now() - started).toBeLessThan(250);
  });

  describe('bodies and time', () => {
    it('refuses a body whose Content-Length announces more than 5 MB, before reading it', async () => {
      const error = await fetchFailure(fetcher.fetch(`${site.origin}/announced-huge`));
      expect(error.code).toBe(SafeFetchErrorCode.BodyTooLarge);
      expect(error.message).toBe(
        'Refused: body too large (the response announces 10485760 bytes, more than the 5242880-byte limit)',
      );
    });

    it('stops an endless chunked body at 5 MB and hangs up', async () => {
      const closedBefore = site.closedSockets;
      const error = await fetchFailure(fetcher.fetch(`${site.origin}/endless`));
      expect(error.code).toBe(SafeFetchErrorCode.BodyTooLarge);
      expect(error.message).toMatch(/more than 5242880 bytes received/);
      await eventually(() => site.closedSockets > closedBefore);
    });

    it('stops a gzip bomb (20 MB of zeros in ~20 KB) at 5 MB decompressed', async () => {
      const error = await fetchFailure(
        fetcher.fetch(`${site.origin}/gzip-bomb`, { timeoutMs: 10_000 }),
      ); // room on a loaded machine: the cap, not the clock, must stop it
      expect(error.code).toBe(SafeFetchErrorCode.BodyTooLarge);
      expect(error.message).toMatch(/more than 5242880 bytes decompressed/);
    });

    it('gives up on a trickling body when the total time runs out', async () => {
      const closedBefore = site.closedSockets;
      const started = performance.now();
      const error = await fetchFailure(fetcher.fetch(`${site.origin}/trickle`, { timeoutMs: 400 }));
      const elapsed = performance.now() - started;
      expect(error.code).toBe(SafeFetchErrorCode.Timeout);
      expect(error.message).toBe(`Timed out after 400 ms while fetching ${site.origin}/trickle`);
      expect(elapsed).toBeGreaterThanOrEqual(390);
      expect(elapsed).toBeLessThan(1_000);
      await eventually(() => site.closedSockets > closedBefore);
    });

    it('gives up on a server that never sends headers', async () => {
      const started = performance.now();
      const error = await fetchFailure(fetcher.fetch(`${site.origin}/silent`, { timeoutMs: 300 }));
      expect(error.code).toBe(SafeFetchErrorCode.Timeout);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('counts redirects against the same time budget', async () => {
      const error = await fetchFailure(
        fetcher.fetch(via(`http://127.0.0.1:${site.port}/silent`)(ports), { timeoutMs: 300 }),
      );
      expect(error.code).toBe(SafeFetchErrorCode.Timeout);
      expect(error.url).toBe(`${site.origin}/silent`);
    });
  });
});
