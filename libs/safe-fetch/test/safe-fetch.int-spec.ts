import { createServer } from 'node:net';
import {
  createStaticResolver,
  DEFAULT_USER_AGENT,
  SafeFetcher,
  SafeFetchErrorCode,
  type Resolver,
} from '../src/index.js';
import { PAGE, siteRoutes } from './support/site-routes.js';
import { startHttpServer, type LoopbackServer } from './support/test-servers.js';
import { fetchFailure } from './support/fetch-failure.js';

/** A port nothing listens on: bind, read the port, close. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SafeFetcher against a real loopback site', () => {
  let site: LoopbackServer;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    site = await startHttpServer(siteRoutes);
    fetcher = new SafeFetcher({ allowList: [`127.0.0.1:${site.port}`], timeoutMs: 3_000 });
  });
  afterAll(() => site.close());

  it('fetches an allow-listed server: status, headers, body, text, address and timings', async () => {
    const before = site.requests.length;
    const response = await fetcher.fetch(`${site.origin}/ok`);

    expect(response).toMatchObject({
      url: `${site.origin}/ok`,
      finalUrl: `${site.origin}/ok`,
      status: 200,
      statusText: 'OK',
      contentType: 'text/html',
      encoding: 'utf-8',
      redirects: [],
      remoteAddress: '127.0.0.1',
      tls: false,
      certificateValid: false,
    });
    expect(response.headers['x-fixture']).toBe('ok');
    expect(response.body.toString('utf8')).toBe(PAGE);
    expect(response.text()).toBe(PAGE);
    expect(response.timings.totalMs).toBeGreaterThanOrEqual(response.timings.firstByteMs);
    expect(response.timings.dnsMs).toBe(0); // a literal address needs no DNS

    expect(site.requests.length).toBe(before + 1);
    const seen = site.requests.at(-1);
    expect(seen?.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(seen?.headers['user-agent']).toMatch(
      /^FrenlyBot\/\S+ \(\+https:\/\/\S+; site analysis\)$/,
    );
    expect(seen?.headers.accept).toContain('text/html');
    expect(seen?.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen?.headers.host).toBe(`127.0.0.1:${site.port}`);
  });

  it('follows up to 5 redirects and reports each hop', async () => {
    const response = await fetcher.fetch(`${site.origin}/redirect/4`);
    expect(response.status).toBe(200);
    expect(response.finalUrl).toBe(`${site.origin}/ok`);
    expect(response.redirects).toEqual([
      { url: `${site.origin}/redirect/4`, status: 302, location: `${site.origin}/redirect/3` },
      { url: `${site.origin}/redirect/3`, status: 302, location: `${site.origin}/redirect/2` },
      { url: `${site.origin}/redirect/2`, status: 302, location: `${site.origin}/redirect/1` },
      { url: `${site.origin}/redirect/1`, status: 302, location: `${site.origin}/redirect/0` },
      { url: `${site.origin}/redirect/0`, status: 302, location: `${site.origin}/ok` },
    ]);
  });

  it('refuses the 6th redirect', async () => {
    const error = await fetchFailure(fetcher.fetch(`${site.origin}/redirect/5`));
    expect(error.code).toBe(SafeFetchErrorCode.TooManyRedirects);
    expect(error.message).toBe('Refused: more than 5 redirects');
    expect(error.connectionAttempts).toBe(6);
  });

  it('resolves relative redirect locations against the current URL', async () => {
    const response = await fetcher.fetch(`${site.origin}/relative`);
    expect(response.finalUrl).toBe(`${site.origin}/ok?from=relative`);
  });

  it.each(['gzip', 'br', 'deflate', 'deflate-raw'])('decodes a %s body', async (encoding) => {
    const response = await fetcher.fetch(`${site.origin}/${encoding}`);
    expect(response.headers['content-encoding']).toBe(
      encoding === 'deflate-raw' ? 'deflate' : encoding,
    );
    expect(response.text()).toBe(PAGE);
  });

  it('accepts an empty body whatever its Content-Encoding says', async () => {
    const response = await fetcher.fetch(`${site.origin}/gzip-empty`);
    expect(response.body.length).toBe(0);
  });

  it('reports a body that does not decode', async () => {
    const error = await fetchFailure(fetcher.fetch(`${site.origin}/gzip-corrupt`));
    expect(error.code).toBe(SafeFetchErrorCode.ContentDecodingFailed);
    expect(error.url).toBe(`${site.origin}/gzip-corrupt`);
  });

  it('decodes text with the declared charset', async () => {
    const response = await fetcher.fetch(`${site.origin}/latin1`);
    expect(response.encoding).toBe('windows-1252');
    expect(response.text()).toBe('café');
  });

  it('takes a body of exactly the cap and refuses one byte more', async () => {
    const small = new SafeFetcher({ allowList: [`127.0.0.1:${site.port}`], maxBodyBytes: 1000 });
    expect((await small.fetch(`${site.origin}/sized?bytes=1000`)).body.length).toBe(1000);
    const error = await fetchFailure(small.fetch(`${site.origin}/sized?bytes=1001`));
    expect(error.code).toBe(SafeFetchErrorCode.BodyTooLarge);
  });

  it('returns error statuses, or throws HTTP_ERROR when asked to', async () => {
    expect((await fetcher.fetch(`${site.origin}/status?code=404`)).status).toBe(404);
    const error = await fetchFailure(
      fetcher.fetch(`${site.origin}/status?code=503`, { rejectHttpErrors: true }),
    );
    expect(error).toMatchObject({ code: SafeFetchErrorCode.HttpError, status: 503 });
  });

  it('sends HEAD requests without a body', async () => {
    const response = await fetcher.fetch(`${site.origin}/ok`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
    expect(site.requests.at(-1)?.method).toBe('HEAD');
  });

  it('stops with ABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetcher.fetch(`${site.origin}/silent`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await fetchFailure(pending)).code).toBe(SafeFetchErrorCode.Aborted);
  });

  it('reports CONNECTION_FAILED for an allow-listed port nothing listens on', async () => {
    const port = await closedPort();
    const closed = new SafeFetcher({ allowList: [`127.0.0.1:${port}`] });
    const error = await fetchFailure(closed.fetch(`http://127.0.0.1:${port}/`));
    expect(error.code).toBe(SafeFetchErrorCode.ConnectionFailed);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.connectionAttempts).toBe(1);
  });

  it('resolves names with the system resolver by default (allow-listed localhost)', async () => {
    const local = new SafeFetcher({ allowList: [`localhost:${site.port}`] });
    const response = await local.fetch(`http://localhost:${site.port}/ok`);
    expect(response.status).toBe(200);
    expect(['127.0.0.1', '::1']).toContain(response.remoteAddress);
    expect(site.requests.at(-1)?.headers.host).toBe(`localhost:${site.port}`);
  });

  describe('with names, through an injected resolver', () => {
    const lookups: string[] = [];
    let named: SafeFetcher;
    let origin: string;

    beforeAll(() => {
      const table = createStaticResolver({ 'site.frenly.test': ['127.0.0.1'] });
      const resolver: Resolver = (hostname) => {
        lookups.push(hostname);
        return table(hostname);
      };
      named = new SafeFetcher({ allowList: [`site.frenly.test:${site.port}`], resolver });
      origin = `http://site.frenly.test:${site.port}`;
    });
    beforeEach(() => (lookups.length = 0));

    it('connects to the resolved address while the Host header keeps the name', async () => {
      // site.frenly.test exists in no DNS: the connection can only have used the pinned address.
      const response = await named.fetch(`${origin}/ok`);
      expect(response.status).toBe(200);
      expect(response.remoteAddress).toBe('127.0.0.1');
      expect(site.requests.at(-1)?.headers.host).toBe(`site.frenly.test:${site.port}`);
      expect(lookups).toEqual(['site.frenly.test']);
    });

    it('resolves once per hop', async () => {
      // /redirect/2 → /redirect/1 → /redirect/0 → /ok: four hops, four lookups.
      const response = await named.fetch(`${origin}/redirect/2`);
      expect(response.redirects).toHaveLength(3);
      expect(lookups).toEqual(new Array(4).fill('site.frenly.test'));
    });

    it('refuses a redirect to the same server under a name or address that is not listed', async () => {
      const error = await fetchFailure(
        named.fetch(`${origin}/to?target=http://127.0.0.1:${site.port}/ok`),
      );
      expect(error.code).toBe(SafeFetchErrorCode.BlockedAddress);
      expect(error.connectionAttempts).toBe(1);
    });

    it('reports DNS_FAILED for a name that does not resolve', async () => {
      const error = await fetchFailure(named.fetch('http://nowhere.frenly.test/'));
      expect(error.code).toBe(SafeFetchErrorCode.DnsFailed);
      expect(error.message).toBe('Could not resolve nowhere.frenly.test (ENOTFOUND)');
      expect(error.connectionAttempts).toBe(0);
    });
  });
});
