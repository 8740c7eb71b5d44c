// The edge's rules about what a request is, in both runtimes' shapes (in-process routes and
// forwarded ones): one canonical path for rate limits (a path's case, doubled slashes or
// escapes buy no new budget), JSON-only API bodies (415), the origin check on scheme, host and
// port, and X-Forwarded-For believed only from configured proxies.
import { createServer, request } from 'node:http';
import type { EdgeSettings } from '../src/edge/edge-settings.js';
import { edgeGateways, edgeSettings } from './support/edge-gateways.js';
import {
  listen,
  sessionCookieFor,
  type GatewayUnderTest,
  type GatewayUnderTestOptions,
} from './support/gateway-harness.js';

/** GET with an absolute-form target (`GET http://host/path`), as a client may send through a proxy. */
function statusOfAbsoluteForm(base: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: `${base}${path}`, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway edge: what a request is', () => {
  const edge = edgeGateways('frenly_edge_request_rules', { env: { FRENLY_DEV_IDP: 'off' } });
  /** Requests that reached the stand-in service behind the forwarding gateway. */
  const forwarded: string[] = [];
  let serviceUrl: string;

  const gatewayWith = (options: Partial<GatewayUnderTestOptions>) => edge.start(options);

  async function forwardingGateway(settings: EdgeSettings): Promise<GatewayUnderTest> {
    return gatewayWith({
      mode: 'distributed',
      ledgerUrl: serviceUrl,
      downstream: {
        search: serviceUrl,
        ledger: serviceUrl,
        analysis: serviceUrl,
        realtime: serviceUrl,
      },
      edge: { settings },
    });
  }

  beforeAll(async () => {
    // A service that serves every path the way Express does: case-insensitively.
    const service = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        forwarded.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"served":true}');
      });
    });
    edge.track(service);
    serviceUrl = await listen(service);
  });

  describe('one canonical path for rate limits', () => {
    it('counts /api/Search, /api/SEARCH/, /api//search… as searches once the budget is spent', async () => {
      const gateway = await forwardingGateway(edgeSettings({ search: 2 }));
      const search = (path: string) => fetch(`${gateway.url}${path}?q=garden`);
      expect((await search('/api/search')).status).toBe(200);
      expect((await search('/api/search')).status).toBe(200);
      expect((await search('/api/search')).status).toBe(429);
      const before = forwarded.length;
      for (const variant of [
        '/api/Search',
        '/api/SEARCH/',
        '/API/search',
        '/api//search',
        '/api/%73earch',
        '/api/x/../search',
      ]) {
        expect([variant, (await search(variant)).status]).toEqual([variant, 429]);
      }
      // Absolute-form request targets are judged by their path too.
      expect(await statusOfAbsoluteForm(gateway.url, '/api/Search?q=x')).toBe(429);
      expect(forwarded.length).toBe(before);
    });

    it('counts POST /api/sites/Analyze as an analysis once the budget is spent', async () => {
      const gateway = await forwardingGateway(edgeSettings({ analyze: 2 }));
      const analyze = (path: string) =>
        fetch(`${gateway.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"url":"https://example.org"}',
        });
      expect((await analyze('/api/sites/analyze')).status).toBe(200);
      expect((await analyze('/api/sites/analyze')).status).toBe(200);
      for (const variant of [
        '/api/sites/analyze',
        '/api/sites/Analyze',
        '/API/SITES/ANALYZE/',
        '/api/sites//analyze',
      ]) {
        expect([variant, (await analyze(variant)).status]).toEqual([variant, 429]);
      }
    });

    it('limits a route served in-process whatever the case of its path', async () => {
      const gateway = await gatewayWith({ edge: { settings: edgeSettings({ read: 2 }) } });
      const read = (path: string) => fetch(`${gateway.url}${path}`);
      expect((await read('/api/stand-in/header')).status).toBe(200);
      expect((await read('/api/stand-in/header')).status).toBe(200);
      for (const variant of [
        '/api/stand-in/header',
        '/API/stand-in/header',
        '/api/Stand-In/header',
        '/api//stand-in/header',
      ]) {
        expect([variant, (await read(variant)).status]).toEqual([variant, 429]);
      }
    });
  });

  describe('JSON-only API bodies', () => {
    it('refuses a form-encoded or text body with 415, in-process and forwarded; JSON passes', async () => {
      const inProcess = await gatewayWith({ edge: { settings: edgeSettings({}) } });
      const alice = await sessionCookieFor(inProcess, {
        subject: 'alice-json',
        firstName: 'Alice',
      });
      const act = (contentType: string, body: string) =>
        fetch(`${inProcess.url}/api/stand-in/act`, {
          method: 'POST',
          headers: { 'Content-Type': contentType, Cookie: alice.cookie },
          body,
        });
      const form = await act('application/x-www-form-urlencoded', 'type=up');
      expect(form.status).toBe(415);
      expect(await form.json()).toMatchObject({
        statusCode: 415,
        error: 'Unsupported Media Type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('application/json') as unknown,
      });
      expect((await act('text/plain', '{"type":"up"}')).status).toBe(415);
      expect((await act('multipart/form-data; boundary=x', '--x--')).status).toBe(415);
      expect((await act('application/json; charset=utf-8', '{}')).status).toBe(201);

      const forwarding = await forwardingGateway(edgeSettings({}));
      const before = forwarded.length;
      const vote = await fetch(`${forwarding.url}/api/sites/1/vote`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'type=up',
      });
      expect(vote.status).toBe(415);
      expect(forwarded.length).toBe(before); // the ledger never heard of it
    });

    it('still lets bodiless posts through (an empty sign-out form, a JSON route without a body)', async () => {
      const gateway = await forwardingGateway(edgeSettings({}));
      const empty = await fetch(`${gateway.url}/api/sites/1/vote`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '0' },
      });
      expect(empty.status).toBe(200);
    });
  });

  describe('the origin check', () => {
    it('compares scheme, host and port: an https page is not this http origin', async () => {
      const gateway = await gatewayWith({ edge: { settings: edgeSettings({}) } });
      const bob = await sessionCookieFor(gateway, { subject: 'bob-origin', firstName: 'Bob' });
      const { host } = new URL(gateway.url);
      const act = (origin: string) =>
        fetch(`${gateway.url}/api/stand-in/act`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: bob.cookie, Origin: origin },
          body: '{}',
        });
      expect((await act(`http://${host}`)).status).toBe(201);
      const https = await act(`https://${host}`);
      expect(https.status).toBe(403);
      expect(await https.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
      expect((await act(`http://${host.replace(/:\d+$/, ':1')}`)).status).toBe(403);
    });

    it('checks state changes whatever the case of the path', async () => {
      const gateway = await gatewayWith({ edge: { settings: edgeSettings({}) } });
      const carol = await sessionCookieFor(gateway, {
        subject: 'carol-origin',
        firstName: 'Carol',
      });
      const res = await fetch(`${gateway.url}/API/stand-in/act`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: carol.cookie,
          Origin: 'https://evil.example',
        },
        body: '{}',
      });
      expect(res.status).toBe(403);
      // And from its own page, the same spelling acts as Carol (served, so identified too).
      const own = await fetch(`${gateway.url}/API/stand-in/act`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: carol.cookie },
        body: '{}',
      });
      expect(await own.json()).toEqual({ acted: carol.userId });
    });
  });

  describe('X-Forwarded-For behind FRENLY_TRUST_PROXY', () => {
    const spoofing = (gateway: GatewayUnderTest, n: number) =>
      fetch(`${gateway.url}/api/stand-in/header`, {
        headers: { 'X-Forwarded-For': `198.51.100.${n}` },
      });

    it('is ignored from a peer that is not a configured proxy: a client cannot rotate its address', async () => {
      const gateway = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off', FRENLY_TRUST_PROXY: 'true' },
        edge: {
          settings: edgeSettings(
            { read: 3 },
            { trustedProxies: { addresses: ['192.0.2.1'], hops: 1 } },
          ),
        },
      });
      for (let n = 1; n <= 3; n++) expect((await spoofing(gateway, n)).status).toBe(200);
      expect((await spoofing(gateway, 4)).status).toBe(429);
    });

    it('is believed from a configured proxy, for the configured number of hops only', async () => {
      const gateway = await gatewayWith({
        env: { FRENLY_DEV_IDP: 'off', FRENLY_TRUST_PROXY: 'true' },
        edge: {
          settings: edgeSettings(
            { read: 1 },
            { trustedProxies: { addresses: ['loopback'], hops: 1 } },
          ),
        },
      });
      // Our proxy (loopback) appended the last entry; what the client wrote before it is ignored.
      const via = (chain: string) =>
        fetch(`${gateway.url}/api/stand-in/header`, { headers: { 'X-Forwarded-For': chain } });
      expect((await via('203.0.113.1, 198.51.100.10')).status).toBe(200);
      expect((await via('203.0.113.2, 198.51.100.10')).status).toBe(429);
      expect((await via('203.0.113.2, 198.51.100.11')).status).toBe(200);
    });
  });
});
