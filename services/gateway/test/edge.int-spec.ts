// The gateway's edge, before any route or proxy: cross-site refusal and identity propagation.
// Downstream services are real HTTP/websocket stand-ins on loopback that guard their routes
// the way SignedInGuard does; a guarded route is also mounted in-process (embedded style).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { WebSocket, WebSocketServer } from 'ws';
import {
  closeServer,
  listen,
  sessionCookieFor,
  startGateway,
  TEST_SECRET,
  type GatewayUnderTest,
} from './support/gateway-harness.js';

interface Reached {
  readonly service: string;
  readonly method: string;
  readonly path: string;
  readonly identityHeader: string | undefined;
  readonly cookie: string | undefined;
}

const PUBLIC_URL = 'https://frenly.example';
const tokens = new IdentityTokens(TEST_SECRET);

/** A downstream service: POSTs are guarded (401 without a valid identity), GETs tell what arrived. */
function serviceStandIn(service: string, reached: Reached[]): Server {
  return createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/health/ready') return void res.writeHead(200).end('{}');
      const identityHeader = req.headers[IDENTITY_HEADER] as string | undefined;
      reached.push({
        service,
        method: req.method ?? '',
        path: req.url ?? '',
        identityHeader,
        cookie: req.headers.cookie,
      });
      const identity = tokens.verify(identityHeader);
      if (req.method !== 'GET' && !identity) {
        return void res
          .writeHead(401, { 'Content-Type': 'application/json' })
          .end(
            JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Sign in required' }),
          );
      }
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ servedBy: service, userId: identity?.userId ?? null }));
    });
  });
}

describe('gateway edge: cross-site refusal and identity propagation', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let gateway: GatewayUnderTest;
  const reached: Reached[] = [];
  const servers: Server[] = [];
  let sockets: WebSocketServer;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_edge');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 3 });
    const [search, ledger, analysis] = ['search', 'ledger', 'analysis'].map((name) =>
      serviceStandIn(name, reached),
    );
    const realtime = createServer((_req, res) => res.writeHead(200).end('{}'));
    sockets = new WebSocketServer({ server: realtime, path: '/ws' });
    sockets.on('connection', (socket, req) => {
      const identity = tokens.verify(req.headers[IDENTITY_HEADER] as string | undefined);
      socket.send(
        JSON.stringify({ userId: identity?.userId ?? null, cookie: req.headers.cookie ?? null }),
      );
    });
    servers.push(search!, ledger!, analysis!, realtime);
    const ledgerUrl = await listen(ledger!);
    gateway = await startGateway({
      db: database.db,
      ledgerUrl,
      downstream: {
        search: await listen(search!),
        ledger: ledgerUrl,
        analysis: await listen(analysis!),
        realtime: await listen(realtime),
      },
      env: { FRENLY_PUBLIC_URL: PUBLIC_URL, FRENLY_DEV_IDP: 'off' },
    });
    alice = await sessionCookieFor(gateway, { subject: 'alice', firstName: 'Alice' });
    bob = await sessionCookieFor(gateway, { subject: 'bob', firstName: 'Bob' });
  });

  afterAll(async () => {
    await gateway?.close();
    sockets?.close();
    await Promise.all(servers.map(closeServer));
    await database?.close();
    await scratch?.drop();
  });

  const VALID_PUSH = {
    endpoint: 'https://push.example.com/send/abc',
    keys: {
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };

  // Every mutating route behind the gateway: its own, the forwarded ones, and an in-process one.
  const MUTATING: ReadonlyArray<readonly [string, string, unknown, string]> = [
    ['POST', '/api/push/subscribe', VALID_PUSH, 'gateway'],
    ['POST', '/api/stakes', { siteId: 1, amount: 5, type: 'support' }, 'ledger'],
    ['POST', '/api/sites/7/vote', { type: 'up' }, 'ledger'],
    ['POST', '/api/sites/analyze', { url: 'https://example.org' }, 'analysis'],
    ['POST', '/api/sites/7/reframe', { lensType: 'joy', content: 'Example. A site.' }, 'analysis'],
    ['POST', '/api/stand-in/act', {}, 'in-process'],
  ];

  function send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Response> {
    return fetch(`${gateway.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
    });
  }

  const sameOrigin = () => ({ Origin: gateway.url, 'Sec-Fetch-Site': 'same-origin' });

  /** SELF stands for the gateway's own origin, known only once it listens. */
  const SELF = 'SELF';
  const withSelf = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === SELF ? gateway.url : v]));
  const CROSS_SITE: ReadonlyArray<readonly [string, Record<string, string>]> = [
    ['a cross-site Origin', { Origin: 'https://evil.example' }],
    ['Origin: null (sandboxed page)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'Sec-Fetch-Site: cross-site even with our own Origin',
      { Origin: SELF, 'Sec-Fetch-Site': 'cross-site' },
    ],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { Origin: 'https://blog.frenly.example', 'Sec-Fetch-Site': 'same-site' },
    ],
  ];

  describe.each(MUTATING)('%s %s', (method, path, body, owner) => {
    const downstreamHits = () => reached.filter((r) => r.path.split('?')[0] === path).length;

    it('answers 401 when signed out', async () => {
      const res = await send(method, path, body, sameOrigin());
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ statusCode: 401 });
    });

    it.each(CROSS_SITE)(
      `refuses %s with 403 (${owner}; a forwarded request never leaves the gateway)`,
      async (_what, headers) => {
        const before = downstreamHits();
        const res = await send(method, path, body, { ...withSelf(headers), Cookie: alice.cookie });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({
          statusCode: 403,
          error: 'Forbidden',
          code: 'CROSS_SITE_REQUEST',
          message: expect.stringContaining('Cross-site'),
        });
        expect(downstreamHits()).toBe(before);
      },
    );

    it(`accepts same-origin requests when signed in (${owner})`, async () => {
      const accepted: Array<Record<string, string>> = [
        sameOrigin(),
        { Origin: gateway.url },
        { Origin: PUBLIC_URL },
        { 'Sec-Fetch-Site': 'none' },
        {},
      ];
      for (const headers of accepted) {
        const res = await send(method, path, body, { ...headers, Cookie: alice.cookie });
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(300);
      }
    });
  });

  it('does not apply the cross-site check to reads', async () => {
    const res = await fetch(`${gateway.url}/api/stand-in/whoami`, {
      headers: {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
        Cookie: alice.cookie,
      },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site POST to sign-out too', async () => {
    const res = await fetch(`${gateway.url}/api/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: alice.cookie },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    const still = await fetch(`${gateway.url}/api/stand-in/whoami`, {
      headers: { Cookie: alice.cookie },
    });
    expect(still.status).toBe(200);
  });

  describe('identity header', () => {
    // A token signed with the real secret (say, leaked from a log): only the gateway may set the header.
    const forged = () =>
      tokens.sign({ userId: bob.userId, firstName: 'Bob', lastName: null, email: null });

    it('strips an incoming identity header: a guarded route signed out answers 401', async () => {
      const res = await fetch(`${gateway.url}/api/stand-in/whoami`, {
        headers: { [IDENTITY_HEADER]: forged() },
      });
      expect(res.status).toBe(401);
      const header = await fetch(`${gateway.url}/api/stand-in/header`, {
        headers: { [IDENTITY_HEADER]: forged() },
      });
      expect(await header.json()).toEqual({ identityHeader: null });
      const garbage = await fetch(`${gateway.url}/api/stand-in/whoami`, {
        headers: { [IDENTITY_HEADER]: 'x.y' },
      });
      expect(garbage.status).toBe(401);
    });

    it('replaces a forged header with the session owner', async () => {
      const res = await fetch(`${gateway.url}/api/stand-in/whoami`, {
        headers: { [IDENTITY_HEADER]: forged(), Cookie: alice.cookie },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        userId: alice.userId,
        firstName: 'Alice',
        lastName: null,
        email: null,
      });
    });

    it('forwards to services the signed identity, never the cookie, and strips forged headers', async () => {
      await fetch(`${gateway.url}/api/search/forged`, { headers: { [IDENTITY_HEADER]: forged() } });
      const forgedHit = reached.find((r) => r.path === '/api/search/forged');
      expect(forgedHit?.identityHeader).toBeUndefined();

      await fetch(`${gateway.url}/api/search/signed-in`, {
        headers: { [IDENTITY_HEADER]: forged(), Cookie: `theme=dark; ${alice.cookie}` },
      });
      const hit = reached.find((r) => r.path === '/api/search/signed-in');
      expect(tokens.verify(hit?.identityHeader)).toMatchObject({ userId: alice.userId });
      expect(hit?.cookie).toBeUndefined();
    });

    it('sends a signed-out request on without identity, and a stale cookie counts as signed out', async () => {
      const res = await fetch(`${gateway.url}/api/stand-in/whoami`, {
        headers: { Cookie: 'frenly_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(res.status).toBe(401);
    });

    it('gives websocket upgrades the same treatment', async () => {
      const open = (headers: Record<string, string>) =>
        new Promise<{ userId: string | null; cookie: string | null }>((resolve, reject) => {
          const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`, { headers });
          socket.once('message', (data: Buffer) => {
            socket.close();
            resolve(
              JSON.parse(data.toString()) as { userId: string | null; cookie: string | null },
            );
          });
          socket.once('error', reject);
        });
      expect(await open({ [IDENTITY_HEADER]: forged() })).toEqual({ userId: null, cookie: null });
      expect(await open({ [IDENTITY_HEADER]: forged(), Cookie: alice.cookie })).toEqual({
        userId: alice.userId,
        cookie: null,
      });
    });
  });
});
