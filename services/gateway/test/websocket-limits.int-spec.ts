// Websocket upgrades at the distributed gateway's edge. Upgrades bypass Express, so the proxy
// runs the edge's upgrade guard itself: the `websocket` rate limit (per client IP signed out,
// per user signed in; counters in the real Redis, shared by gateway instances) and the caps on
// sockets held open. A refused upgrade gets its 429 with Retry-After on the raw socket and
// never reaches the realtime service; upgrades under the limits carry live messages as before.
// (The embedded runtime's path: services/embedded/test/websocket-limits.int-spec.ts.)
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import {
  createScratchDatabase,
  openLiveSocket,
  type LiveSocket,
  upgradeRaw,
  waitFor,
  type HandshakeAnswer,
  type ScratchDatabase,
} from '@frenly/testing';
import { Redis } from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';
import type { EdgeSettings } from '../src/edge/edge-settings.js';
import { closeRateLimitRedis, openRateLimitRedis } from '../src/edge/rate-limit-redis.js';
import {
  TEST_SECRET,
  closeServer,
  listen,
  sessionCookieFor,
  startGateway,
  type GatewayUnderTest,
} from './support/gateway-harness.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const tokens = new IdentityTokens(TEST_SECRET);

function edgeSettings(options: {
  upgrades: number;
  windowSeconds?: number;
  perUser?: number;
  perIp?: number;
  enabled?: boolean;
}): EdgeSettings {
  return {
    rateLimits: {
      enabled: options.enabled ?? true,
      windowSeconds: options.windowSeconds ?? 60,
      budgets: {
        search: 1000,
        read: 1000,
        write: 1000,
        analyze: 1000,
        auth: 1000,
        websocket: options.upgrades,
      },
      openWebsockets: { perUser: options.perUser ?? 1000, perIp: options.perIp ?? 1000 },
    },
    maxBodyBytes: 64 * 1024,
  };
}

/** A live connection through the gateway: the stand-in realtime greets it with who it is. */
describe('websocket upgrades at the distributed gateway: rate limits and open-socket caps', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let realtimeUrl: string;
  const gateways: GatewayUnderTest[] = [];
  const servers: Server[] = [];
  const redisConnections: Redis[] = [];
  const admin = new Redis(REDIS_URL);
  const keyPrefix = `frenly-test:ws-limit:${randomUUID()}`;
  /** Every upgrade the realtime stand-in accepted, by the user the gateway vouched for. */
  const reachedRealtime: Array<string | null> = [];
  const liveSockets = new Set<WebSocket>();
  const clients: WebSocket[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_ws_limits');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 4 });
    const realtime = createServer((_req, res) => res.writeHead(404).end());
    const sockets = new WebSocketServer({ server: realtime, path: '/ws' });
    sockets.on('connection', (socket, req) => {
      const userId = tokens.verify(req.headers[IDENTITY_HEADER] as string | undefined)?.userId;
      reachedRealtime.push(userId ?? null);
      liveSockets.add(socket);
      socket.on('close', () => liveSockets.delete(socket));
      socket.send(JSON.stringify({ userId: userId ?? null }));
    });
    servers.push(realtime);
    realtimeUrl = await listen(realtime);
  });

  afterAll(async () => {
    for (const client of clients) client.terminate();
    for (const gateway of gateways) await gateway.close();
    await Promise.all(servers.map(closeServer));
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await Promise.all(redisConnections.map(closeRateLimitRedis));
    admin.disconnect();
    await database?.close();
    await scratch?.drop();
  });

  /** A gateway forwarding to the stand-in, behind a trusted proxy (X-Forwarded-For picks the address). */
  async function gatewayWith(settings: EdgeSettings, prefix: string): Promise<GatewayUnderTest> {
    const redis = openRateLimitRedis(REDIS_URL, () => undefined);
    redisConnections.push(redis);
    const gateway = await startGateway({
      db: database.db,
      ledgerUrl: realtimeUrl,
      mode: 'distributed',
      env: { FRENLY_DEV_IDP: 'off', FRENLY_TRUST_PROXY: 'true' },
      downstream: {
        search: realtimeUrl,
        ledger: realtimeUrl,
        analysis: realtimeUrl,
        realtime: realtimeUrl,
      },
      edge: { settings, redis, keyPrefix: `${keyPrefix}:${prefix}` },
    });
    gateways.push(gateway);
    return gateway;
  }

  const wsUrl = (gateway: GatewayUnderTest) => `${gateway.url.replace('http', 'ws')}/ws`;
  const from = (ip: string, extra: Record<string, string> = {}) => ({
    'X-Forwarded-For': `10.9.9.9, ${ip}`,
    ...extra,
  });

  /** Opens a websocket through `gateway` and waits for the stand-in's greeting. */
  const openLive = (gateway: GatewayUnderTest, headers: Record<string, string>) =>
    openLiveSocket(wsUrl(gateway), headers, { opened: clients, untilFirstMessage: true });
  const greetingOf = (live: LiveSocket) =>
    JSON.parse(live.messages[0]!) as { userId: string | null };

  /** Opens and closes one websocket (spending one upgrade). */
  async function connectOnce(gateway: GatewayUnderTest, headers: Record<string, string>) {
    const live = await openLive(gateway, headers);
    live.socket.close();
    await live.closed;
    return greetingOf(live);
  }

  /** The 429 of the rate limit, written on the raw socket before any upgrade. */
  function expectRateLimited(
    answer: HandshakeAnswer,
    windowSeconds: number,
    limit: number,
  ): number {
    expect(answer.raw).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\nRetry-After: \d+\r\n/);
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(answer.headers['ratelimit-limit']).toBe(String(limit));
    expect(answer.headers['ratelimit-remaining']).toBe('0');
    expect(answer.headers['connection']).toBe('close');
    expect(answer.headers['upgrade']).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many websocket requests; try again in ${retryAfter} s`,
      code: 'RATE_LIMITED',
      requestId: answer.headers['x-request-id'],
    });
    return retryAfter;
  }

  describe('the websocket rate limit', () => {
    const LIMIT = 3;
    let gateway: GatewayUnderTest;
    let alice: { cookie: string; userId: string };
    let bob: { cookie: string; userId: string };

    beforeAll(async () => {
      gateway = await gatewayWith(edgeSettings({ upgrades: LIMIT }), 'limit');
      alice = await sessionCookieFor(gateway, { subject: 'ws-alice', firstName: 'Alice' });
      bob = await sessionCookieFor(gateway, { subject: 'ws-bob', firstName: 'Bob' });
    });

    it('refuses the 4th upgrade from one address in the window with 429 and Retry-After, before the realtime service hears of it', async () => {
      const reachedBefore = reachedRealtime.length;
      for (let i = 0; i < LIMIT; i++) {
        expect(await connectOnce(gateway, from('198.51.100.10'))).toEqual({ userId: null });
      }
      expect(reachedRealtime.length).toBe(reachedBefore + LIMIT);
      expectRateLimited(await upgradeRaw(wsUrl(gateway), from('198.51.100.10')), 60, LIMIT);
      // A websocket client sees the same refusal, and again nothing was forwarded.
      await expect(openLive(gateway, from('198.51.100.10'))).rejects.toThrow(
        'upgrade refused with 429',
      );
      expect(reachedRealtime.length).toBe(reachedBefore + LIMIT);
      // The counters are the shared ones in Redis: every attempt counted, the refused ones too.
      expect(await admin.get(`${keyPrefix}:limit:websocket:ip:198.51.100.10`)).toBe('5');
    });

    it('leaves other addresses alone', async () => {
      expect(await connectOnce(gateway, from('198.51.100.11'))).toEqual({ userId: null });
      expect((await upgradeRaw(wsUrl(gateway), from('198.51.100.11'))).status).toBe(101);
    });

    it('counts a signed-in user by account, wherever they connect from; others at their address go on', async () => {
      for (let i = 0; i < LIMIT; i++) {
        const greeting = await connectOnce(
          gateway,
          from(`198.51.100.${20 + i}`, { Cookie: alice.cookie }),
        );
        expect(greeting).toEqual({ userId: alice.userId });
      }
      // A fresh address gives Alice no fresh budget…
      expectRateLimited(
        await upgradeRaw(wsUrl(gateway), from('198.51.100.30', { Cookie: alice.cookie })),
        60,
        LIMIT,
      );
      // …and took nothing from Bob, or from signed-out visitors, at her address.
      expect(await connectOnce(gateway, from('198.51.100.30', { Cookie: bob.cookie }))).toEqual({
        userId: bob.userId,
      });
      expect(await connectOnce(gateway, from('198.51.100.30'))).toEqual({ userId: null });
      // Her HTTP budgets are their own: the websocket one ran out, her reads did not.
      const read = await fetch(`${gateway.url}/api/meta`, {
        headers: from('198.51.100.30', { Cookie: alice.cookie }),
      });
      expect(read.status).toBe(200);
    });

    it('holds one budget across two gateway instances (the counters are shared through Redis)', async () => {
      const other = await gatewayWith(edgeSettings({ upgrades: LIMIT }), 'limit');
      const statuses = [];
      for (const instance of [gateway, other, gateway])
        statuses.push((await upgradeRaw(wsUrl(instance), from('198.51.100.40'))).status);
      expect(statuses).toEqual([101, 101, 101]);
      expectRateLimited(await upgradeRaw(wsUrl(other), from('198.51.100.40')), 60, LIMIT);
      expectRateLimited(await upgradeRaw(wsUrl(gateway), from('198.51.100.40')), 60, LIMIT);
    });
  });

  it('lets an address upgrade again once its window has passed', async () => {
    const WINDOW = 2;
    const gateway = await gatewayWith(
      edgeSettings({ upgrades: 2, windowSeconds: WINDOW }),
      'window',
    );
    expect((await upgradeRaw(wsUrl(gateway), from('198.51.100.50'))).status).toBe(101);
    expect((await upgradeRaw(wsUrl(gateway), from('198.51.100.50'))).status).toBe(101);
    const retryAfter = expectRateLimited(
      await upgradeRaw(wsUrl(gateway), from('198.51.100.50')),
      WINDOW,
      2,
    );
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect(await connectOnce(gateway, from('198.51.100.50'))).toEqual({ userId: null });
  }, 15_000);

  describe('caps on sockets held open', () => {
    let gateway: GatewayUnderTest;
    let carol: { cookie: string; userId: string };
    let dave: { cookie: string; userId: string };

    beforeAll(async () => {
      gateway = await gatewayWith(edgeSettings({ upgrades: 1000, perUser: 2, perIp: 3 }), 'caps');
      carol = await sessionCookieFor(gateway, { subject: 'ws-carol', firstName: 'Carol' });
      dave = await sessionCookieFor(gateway, { subject: 'ws-dave', firstName: 'Dave' });
    });

    function expectTooManyOpen(
      answer: HandshakeAnswer,
      holder: 'account' | 'address',
      cap: number,
    ) {
      expect(answer.raw).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\nRetry-After: 30\r\n/);
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `This ${holder} already holds ${cap} open live connections; close one first`,
        code: 'TOO_MANY_WEBSOCKETS',
        requestId: answer.headers['x-request-id'],
      });
    }

    it('refuses a user a third open socket, and live messages keep flowing on the two they hold; closing one frees a place', async () => {
      const first = await openLive(gateway, from('198.51.100.60', { Cookie: carol.cookie }));
      const second = await openLive(gateway, from('198.51.100.61', { Cookie: carol.cookie }));
      expectTooManyOpen(
        await upgradeRaw(wsUrl(gateway), from('198.51.100.62', { Cookie: carol.cookie })),
        'account',
        2,
      );
      // Dave is not Carol: his own sockets open.
      const daves = await openLive(gateway, from('198.51.100.60', { Cookie: dave.cookie }));
      // A live update reaches every socket held under the caps.
      for (const socket of liveSockets)
        socket.send(JSON.stringify({ type: 'vote_update', siteId: 7 }));
      for (const live of [first, second, daves]) {
        await waitFor(
          () => (live.messages.length >= 2 ? true : undefined),
          5_000,
          20,
          'the live update',
        );
        expect(JSON.parse(live.messages[1]!)).toEqual({ type: 'vote_update', siteId: 7 });
      }
      first.socket.close();
      await first.closed;
      // The gateway counts the socket as closed once its side of it is gone too.
      const third = await waitFor(
        async () => {
          const answer = await upgradeRaw(
            wsUrl(gateway),
            from('198.51.100.62', { Cookie: carol.cookie }),
          );
          return answer.status === 101 ? answer : undefined;
        },
        5_000,
        50,
        "Carol's closed socket to be released",
      );
      expect(third.status).toBe(101);
      second.socket.close();
      daves.socket.close();
    });

    it('caps the sockets of one address, whoever holds them; other addresses go on', async () => {
      const held = [
        await openLive(gateway, from('198.51.100.70')),
        await openLive(gateway, from('198.51.100.70')),
        await openLive(gateway, from('198.51.100.70', { Cookie: dave.cookie })),
      ];
      expectTooManyOpen(await upgradeRaw(wsUrl(gateway), from('198.51.100.70')), 'address', 3);
      expectTooManyOpen(
        await upgradeRaw(wsUrl(gateway), from('198.51.100.70', { Cookie: carol.cookie })),
        'address',
        3,
      );
      expect((await upgradeRaw(wsUrl(gateway), from('198.51.100.71'))).status).toBe(101);
      for (const live of held) live.socket.close();
    });
  });

  it('neither counts nor caps upgrades with rate limits off, and still vouches for the user', async () => {
    const gateway = await gatewayWith(
      edgeSettings({ upgrades: 1, perUser: 1, perIp: 1, enabled: false }),
      'off',
    );
    const erin = await sessionCookieFor(gateway, { subject: 'ws-erin', firstName: 'Erin' });
    const held = [];
    for (let i = 0; i < 3; i++)
      held.push(await openLive(gateway, from('198.51.100.80', { Cookie: erin.cookie })));
    expect(held.map(greetingOf)).toEqual(Array(3).fill({ userId: erin.userId }));
    for (const live of held) live.socket.close();
  });
});
