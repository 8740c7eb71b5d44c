// Edge protection at the gateway, in both runtimes' shapes: rate limits per IP and per user
// (in memory, and shared through the real Redis by two gateway instances, with Redis cut
// mid-run), request body limits (declared and streamed, served in-process and forwarded), and
// the security headers.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { JsonLogger } from '@frenly/platform';
import { Redis } from 'ioredis';
import { closeRateLimitRedis, openRateLimitRedis } from '../src/edge/rate-limit-redis.js';
import { edgeGateways, edgeSettings, RATE_WINDOW_SECONDS } from './support/edge-gateways.js';
import {
  listen,
  sessionCookieFor,
  type GatewayUnderTest,
  type GatewayUnderTestOptions,
} from './support/gateway-harness.js';
import { sendRaw, TcpRelay } from './support/raw-http.js';

const REDIS = { host: '127.0.0.1', port: 6379 };

/** A 429 as the edge answers it: Retry-After in whole seconds within the window, the JSON error shape. */
async function expectRateLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(RATE_WINDOW_SECONDS);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: expect.stringMatching(/^Too many \w+ requests; try again in \d+ s$/),
    code: 'RATE_LIMITED',
    requestId: res.headers.get('x-request-id'),
  });
}

describe('gateway edge protection', () => {
  const edge = edgeGateways('frenly_edge_protection');
  const gatewayWith = (options: Partial<GatewayUnderTestOptions>) => edge.start(options);

  describe('rate limits, per client IP and per signed-in user', () => {
    let gateway: GatewayUnderTest;
    let alice: { cookie: string; userId: string };
    let bob: { cookie: string; userId: string };
    // Behind a trusted proxy each test speaks from its own addresses (the last X-Forwarded-For entry).
    const from = (ip: string, extra: Record<string, string> = {}) => ({
      'X-Forwarded-For': `10.9.9.9, ${ip}`,
      ...extra,
    });
    const read = (headers: Record<string, string>) =>
      fetch(`${gateway.url}/api/stand-in/header`, { headers });

    beforeAll(async () => {
      gateway = await gatewayWith({
        env: { FRENLY_TRUST_PROXY: 'true', FRENLY_DEV_IDP: 'off' },
        edge: { settings: edgeSettings({ read: 3, write: 2, search: 2 }) },
      });
      alice = await sessionCookieFor(gateway, { subject: 'alice', firstName: 'Alice' });
      bob = await sessionCookieFor(gateway, { subject: 'bob', firstName: 'Bob' });
    });

    it('answers 429 with Retry-After once an address has spent its budget; other addresses go on', async () => {
      const remaining: Array<string | null> = [];
      for (let i = 0; i < 3; i++) {
        const res = await read(from('198.51.100.1'));
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe('3');
        remaining.push(res.headers.get('ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      await expectRateLimited(await read(from('198.51.100.1')));
      await expectRateLimited(await read(from('198.51.100.1')));
      expect((await read(from('198.51.100.2'))).status).toBe(200);
    });

    it('counts a signed-in user by account, wherever they are, apart from their address', async () => {
      for (let i = 0; i < 3; i++)
        expect((await read(from('198.51.100.3', { Cookie: alice.cookie }))).status).toBe(200);
      await expectRateLimited(await read(from('198.51.100.3', { Cookie: alice.cookie })));
      // A new address does not give Alice a new budget…
      await expectRateLimited(await read(from('203.0.113.50', { Cookie: alice.cookie })));
      // …and her spending took nothing from Bob or from signed-out visitors at her address.
      expect((await read(from('198.51.100.3', { Cookie: bob.cookie }))).status).toBe(200);
      expect((await read(from('198.51.100.3'))).status).toBe(200);
    });

    it('keeps a separate budget for each kind of request', async () => {
      // Alice has no reads left (previous test), yet may still act and search.
      await expectRateLimited(await read(from('198.51.100.3', { Cookie: alice.cookie })));
      const act = () =>
        fetch(`${gateway.url}/api/stand-in/act`, {
          method: 'POST',
          headers: from('198.51.100.3', {
            Cookie: alice.cookie,
            'Content-Type': 'application/json',
          }),
          body: '{}',
        });
      expect((await act()).status).toBe(201);
      expect((await act()).status).toBe(201);
      await expectRateLimited(await act());
      const search = () =>
        fetch(`${gateway.url}/api/search?q=x`, {
          headers: from('198.51.100.3', { Cookie: alice.cookie }),
        });
      expect((await search()).status).toBe(404); // no search module here: spent, then answered by Nest
      expect((await search()).status).toBe(404);
      await expectRateLimited(await search());
    });

    it('never limits health probes, metrics or the frontend', async () => {
      await expectRateLimited(await read(from('198.51.100.1')));
      for (let i = 0; i < 10; i++) {
        expect(
          (await fetch(`${gateway.url}/health/live`, { headers: from('198.51.100.1') })).status,
        ).toBe(200);
      }
      expect(
        (await fetch(`${gateway.url}/metrics`, { headers: from('198.51.100.1') })).status,
      ).toBe(200);
      const page = await fetch(`${gateway.url}/dashboard`, { headers: from('198.51.100.1') });
      expect(page.status).toBe(404); // no frontend built into this gateway: not refused, just absent
      expect(page.headers.get('ratelimit-limit')).toBeNull();
    });

    it('ignores X-Forwarded-For without a trusted proxy (a client cannot pick its address)', async () => {
      const direct = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off' },
        edge: { settings: edgeSettings({ read: 3 }) },
      });
      const spoofing = (n: number) =>
        fetch(`${direct.url}/api/stand-in/header`, {
          headers: { 'X-Forwarded-For': `192.0.2.${n}` },
        });
      for (let n = 1; n <= 3; n++) expect((await spoofing(n)).status).toBe(200);
      await expectRateLimited(await spoofing(4));
    });
  });

  describe('rate limits shared through Redis', () => {
    const keyPrefix = `frenly-test:rate-limit:${randomUUID()}`;
    const admin = new Redis(REDIS.port, REDIS.host);
    const connections: Redis[] = [];
    const relays: TcpRelay[] = [];

    function redisFor(port = REDIS.port): Redis {
      const redis = openRateLimitRedis(`redis://${REDIS.host}:${port}`, () => undefined);
      connections.push(redis);
      return redis;
    }

    afterAll(async () => {
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await Promise.all(connections.map(closeRateLimitRedis));
      await Promise.all(relays.map((relay) => relay.stop()));
      admin.disconnect();
    });

    it('holds one budget across two gateway instances', async () => {
      const settings = edgeSettings({ read: 4 });
      const prefix = `${keyPrefix}:shared`;
      const one = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off' },
        edge: { settings, redis: redisFor(), keyPrefix: prefix },
      });
      const two = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off' },
        edge: { settings, redis: redisFor(), keyPrefix: prefix },
      });
      const readOn = (gateway: GatewayUnderTest) => fetch(`${gateway.url}/api/meta`);
      const statuses = [];
      for (const gateway of [one, two, one, two]) statuses.push((await readOn(gateway)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      await expectRateLimited(await readOn(one));
      await expectRateLimited(await readOn(two));
      expect(await admin.get(`${prefix}:read:ip:127.0.0.1`)).toBe('6');
    });

    it('keeps answering and limiting, per instance, while Redis is away; a warning says so', async () => {
      const relay = new TcpRelay(REDIS);
      relays.push(relay);
      const relayPort = await relay.start();
      const redis = redisFor(relayPort);
      await new Promise<void>((resolve) =>
        redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve()),
      );
      const lines: Array<Record<string, unknown>> = [];
      const logger = new JsonLogger({
        service: 'gateway',
        level: 'warn',
        write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
      });
      const prefix = `${keyPrefix}:outage`;
      const gateway = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off' },
        edge: { settings: edgeSettings({ read: 3 }), redis, keyPrefix: prefix },
        logger,
      });
      const readMeta = () => fetch(`${gateway.url}/api/meta`);

      expect((await readMeta()).status).toBe(200);
      expect(await admin.get(`${prefix}:read:ip:127.0.0.1`)).toBe('1');

      await relay.stop();
      // Counted in memory from zero now: three more pass, the fourth is refused. Never a 5xx.
      const during = [];
      for (let i = 0; i < 4; i++) during.push(await readMeta());
      expect(during.slice(0, 3).map((res) => res.status)).toEqual([200, 200, 200]);
      await expectRateLimited(during[3]!);
      expect(await admin.get(`${prefix}:read:ip:127.0.0.1`)).toBe('1'); // nothing reached Redis
      const warnings = lines.filter(
        (line) =>
          line.level === 'warn' && String(line.msg).includes('rate-limit counters unavailable'),
      );
      expect(warnings).toHaveLength(1); // once, not once per request

      // Redis back (same address): counting returns to the shared counter.
      await relay.start(relayPort);
      await new Promise<void>((resolve) =>
        redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve()),
      );
      expect((await readMeta()).status).toBe(200);
      expect(await admin.get(`${prefix}:read:ip:127.0.0.1`)).toBe('2');
    }, 20_000);
  });

  describe('request body limits', () => {
    const MAX = 4096;
    interface Arrival {
      readonly path: string;
      bytes: number;
      complete: boolean;
    }
    const arrivals: Arrival[] = [];
    let inProcess: GatewayUnderTest;
    let forwarding: GatewayUnderTest;
    let alice: { cookie: string; userId: string };

    beforeAll(async () => {
      const service = createServer((req, res) => {
        const arrival: Arrival = { path: req.url ?? '', bytes: 0, complete: false };
        arrivals.push(arrival);
        req.on('data', (chunk: Buffer) => (arrival.bytes += chunk.length));
        req.on('end', () => {
          arrival.complete = true;
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ received: arrival.bytes }));
        });
      });
      edge.track(service);
      const url = await listen(service);
      const settings = edgeSettings({}, { maxBodyBytes: MAX });
      inProcess = await gatewayWith({ env: { FRENLY_DEV_IDP: 'off' }, edge: { settings } });
      forwarding = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off' },
        mode: 'distributed',
        ledgerUrl: url,
        downstream: { search: url, ledger: url, analysis: url, realtime: url },
        edge: { settings },
      });
      alice = await sessionCookieFor(inProcess, { subject: 'alice-bodies', firstName: 'Alice' });
    });

    const json = (bytes: number) =>
      Buffer.from(JSON.stringify({ padding: 'x'.repeat(Math.max(0, bytes - 14)) }));
    const inChunks = (body: Buffer, size = 1024) =>
      Array.from({ length: Math.ceil(body.length / size) }, (_, i) =>
        body.subarray(i * size, (i + 1) * size),
      );

    function expectTooLarge(answer: {
      status: number;
      headers: Record<string, unknown>;
      body: string;
    }): void {
      expect(answer.status).toBe(413);
      expect(answer.headers['connection']).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: `The request body is larger than ${MAX} bytes`,
        code: 'PAYLOAD_TOO_LARGE',
        requestId: answer.headers['x-request-id'],
      });
    }

    it('refuses a declared Content-Length over the bound before reading it, in-process and forwarded', async () => {
      const body = json(MAX + 1);
      const headers = { 'Content-Type': 'application/json', 'Content-Length': String(body.length) };
      expectTooLarge(
        await sendRaw(`${inProcess.url}/api/stand-in/act`, {
          headers: { ...headers, Cookie: alice.cookie },
          chunks: [body],
        }),
      );
      const before = arrivals.length;
      expectTooLarge(await sendRaw(`${forwarding.url}/api/stakes`, { headers, chunks: [body] }));
      expect(arrivals.length).toBe(before); // the service never heard of it
    });

    it('cuts off a chunked body once it streams past the bound, in-process and forwarded', async () => {
      const body = json(4 * MAX);
      const headers = { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
      expectTooLarge(
        await sendRaw(`${inProcess.url}/api/stand-in/act`, {
          headers: { ...headers, Cookie: alice.cookie },
          chunks: inChunks(body),
        }),
      );
      expectTooLarge(
        await sendRaw(`${forwarding.url}/api/stakes`, { headers, chunks: inChunks(body) }),
      );
      // The service saw the start of the body, never its end: the forward was aborted.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const arrival = arrivals.at(-1)!;
      expect(arrival.path).toBe('/api/stakes');
      expect(arrival.complete).toBe(false);
      expect(arrival.bytes).toBeLessThanOrEqual(MAX + 1024);
    });

    it('lets bodies within the bound through, chunked or not', async () => {
      const body = json(MAX - 100);
      const chunked = { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
      const inside = await sendRaw(`${inProcess.url}/api/stand-in/act`, {
        headers: { ...chunked, Cookie: alice.cookie },
        chunks: inChunks(body),
      });
      expect(inside.status).toBe(201);
      const forwarded = await sendRaw(`${forwarding.url}/api/stakes`, {
        headers: chunked,
        chunks: inChunks(body),
      });
      expect(forwarded.status).toBe(200);
      expect(JSON.parse(forwarded.body)).toEqual({ received: body.length });
    });

    it('keeps body-parser errors in the error shape (malformed JSON is a 400)', async () => {
      const res = await fetch(`${inProcess.url}/api/stand-in/act`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: alice.cookie },
        body: '{"broken',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });
  });

  describe('security headers', () => {
    let plain: GatewayUnderTest;
    let behindProxy: GatewayUnderTest;
    let forwarding: GatewayUnderTest;

    beforeAll(async () => {
      const service = createServer((_req, res) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
      );
      edge.track(service);
      const url = await listen(service);
      plain = await gatewayWith({ env: { FRENLY_DEV_IDP: 'off' } });
      behindProxy = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off', FRENLY_TRUST_PROXY: 'true' },
      });
      forwarding = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off' },
        mode: 'distributed',
        ledgerUrl: url,
        downstream: { search: url, ledger: url, analysis: url, realtime: url },
      });
    });

    /** The CSP as directive name → sources. */
    function cspOf(res: Response): Map<string, string> {
      const header = res.headers.get('content-security-policy') ?? '';
      return new Map(
        header
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter((words) => words[0])
          .map(([name, ...sources]) => [name!, sources.join(' ')]),
      );
    }

    function expectSecurityHeaders(res: Response): void {
      const csp = cspOf(res);
      const ignored = ['upgrade-insecure-requests'];
      expect(Object.fromEntries([...csp].filter(([name]) => !ignored.includes(name)))).toEqual({
        'default-src': "'self'",
        'base-uri': "'self'",
        'connect-src': "'self'",
        'font-src': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
        'frame-src': "'none'",
        'img-src': "'self'",
        'manifest-src': "'self'",
        'object-src': "'none'",
        // Scripts: own files only, no inline code, no eval.
        'script-src': "'self'",
        'script-src-attr': "'none'",
        'style-src': "'self'",
        // The one allowance: <style> elements (Radix's scroll lock injects one).
        'style-src-elem': "'self' 'unsafe-inline'",
        'style-src-attr': "'none'",
        'worker-src': "'self'",
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      // Voice search (the search home's microphone button) needs the microphone on the app's own origin.
      expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
    }

    it.each([
      ['an API answer', '/api/meta', 200],
      ['an unknown API path', '/api/nothing-here', 404],
      ['a health probe', '/health/live', 200],
    ])('are on %s, over http without HSTS', async (_what, path, status) => {
      const res = await fetch(`${plain.url}${path}`);
      expect(res.status).toBe(status);
      expectSecurityHeaders(res);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    });

    it('are on forwarded answers too', async () => {
      const res = await fetch(`${forwarding.url}/api/search?q=x`);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
    });

    it('add HSTS and upgrade-insecure-requests over https (as a trusted proxy reports it), never over http', async () => {
      const overHttps = await fetch(`${behindProxy.url}/api/meta`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expectSecurityHeaders(overHttps);
      expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(overHttps.headers.get('content-security-policy')).toContain(
        'upgrade-insecure-requests',
      );
      // The same claim from a client is not believed without a trusted proxy.
      const claimed = await fetch(`${plain.url}/api/meta`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(claimed.headers.get('strict-transport-security')).toBeNull();
    });
  });
});
