// Websocket upgrades in the embedded runtime (the built process): no proxy stands in front of
// /ws, so the realtime endpoint runs the gateway edge's upgrade guard itself, on the same
// in-memory counters as the HTTP rate limits. A flood of upgrades from one address, or from
// one signed-in user, gets 429 with Retry-After on the raw socket before any upgrade; a user
// holds a bounded number of sockets; live updates flow on the sockets under the limits.
// (The distributed gateway's path: services/gateway/test/websocket-limits.int-spec.ts.)
import type { SiteCommunityResponse } from '@frenly/contracts';
import {
  ApiUser,
  EmbeddedRuntime,
  openLiveSocket,
  upgradeRaw,
  waitFor,
  type HandshakeAnswer,
} from '@frenly/testing';
import { WebSocket } from 'ws';

const UPGRADES_PER_WINDOW = 6;
const WINDOW_SECONDS = 5;
const SOCKETS_PER_USER = 2;

describe('embedded runtime: websocket upgrades under the edge rate limits', () => {
  let runtime: EmbeddedRuntime;
  let wsUrl: string;
  let alice: ApiUser;
  let bob: ApiUser;
  let carol: ApiUser;
  const clients: WebSocket[] = [];

  beforeAll(async () => {
    runtime = await EmbeddedRuntime.start({
      env: {
        // X-Forwarded-For's last entry is the client's address: each test speaks from its own.
        FRENLY_TRUST_PROXY: 'true',
        FRENLY_RATE_LIMIT_WEBSOCKET: String(UPGRADES_PER_WINDOW),
        FRENLY_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        FRENLY_MAX_WEBSOCKETS_PER_USER: String(SOCKETS_PER_USER),
      },
    });
    wsUrl = `${runtime.url.replace('http', 'ws')}/ws`;
    const signIn = (name: string) => ApiUser.signIn(runtime.url, name);
    [alice, bob, carol] = await Promise.all([
      signIn('Alice Flood'),
      signIn('Bob Watcher'),
      signIn('Carol Tabs'),
    ]);
  }, 150_000);

  afterAll(async () => {
    for (const client of clients) client.terminate();
    await runtime?.stop();
  });

  const openLive = (headers: Record<string, string>) =>
    openLiveSocket(wsUrl, headers, { opened: clients });
  const from = (ip: string, user?: ApiUser) => ({
    'X-Forwarded-For': ip,
    ...(user ? { Cookie: user.browser.cookieHeader() } : {}),
  });

  function expectRateLimited(answer: HandshakeAnswer): number {
    expect(answer.raw).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\nRetry-After: \d+\r\n/);
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(answer.headers['ratelimit-limit']).toBe(String(UPGRADES_PER_WINDOW));
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

  it('refuses the 7th upgrade from one address within the window with 429 and Retry-After; another address is unaffected', async () => {
    // Signed out: the endpoint's own 401 for each upgrade within the budget…
    for (let i = 0; i < UPGRADES_PER_WINDOW; i++)
      expect((await upgradeRaw(wsUrl, from('198.51.100.1'))).status).toBe(401);
    // …then the edge's 429, written before any upgrade.
    expectRateLimited(await upgradeRaw(wsUrl, from('198.51.100.1')));
    expect((await upgradeRaw(wsUrl, from('198.51.100.2'))).status).toBe(401);
    const metrics = await (await fetch(`${runtime.url}/metrics`)).text();
    expect(metrics).toMatch(
      /realtime_upgrades_refused_total\{[^}]*reason="rate_limited"[^}]*\} [1-9]/,
    );
  });

  it("counts a signed-in user by account: Alice's 7th upgrade is refused wherever she is, Bob at her address connects", async () => {
    for (let i = 0; i < UPGRADES_PER_WINDOW; i++) {
      const live = await openLive(from(`198.51.100.${10 + i}`, alice));
      live.socket.close();
      await live.closed;
    }
    expectRateLimited(await upgradeRaw(wsUrl, from('198.51.100.20', alice)));
    await expect(openLive(from('198.51.100.21', alice))).rejects.toThrow(
      'upgrade refused with 429',
    );
    const bobs = await openLive(from('198.51.100.20', bob));
    bobs.socket.close();
  });

  it('carries live updates on a socket opened under the limit (Alice, out of websocket budget, still votes)', async () => {
    const bobLive = await openLive(from('198.51.100.30', bob));
    // A site of the seeded catalogue, once the in-process ledger has learnt it.
    await waitFor(
      async () =>
        (
          (await (
            await alice.call('GET', '/api/sites/1/community')
          ).json()) as SiteCommunityResponse
        ).pending
          ? undefined
          : true,
      30_000,
      200,
      'the ledger to know site 1',
    );
    const vote = await alice.call('POST', '/api/sites/1/vote', { type: 'up' });
    expect(vote.status).toBe(200);
    const { upvotes, downvotes } = (await vote.json()) as { upvotes: number; downvotes: number };
    const update = await waitFor(
      () =>
        bobLive.messages
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((message) => message.type === 'vote_update'),
      10_000,
      25,
      "Bob's live update",
    );
    expect(update).toEqual({ type: 'vote_update', siteId: 1, upvotes, downvotes });
    bobLive.socket.close();
  }, 60_000);

  it('caps the sockets one user holds open; closing one frees a place', async () => {
    const held = [
      await openLive(from('198.51.100.40', carol)),
      await openLive(from('198.51.100.41', carol)),
    ];
    const refused = await upgradeRaw(wsUrl, from('198.51.100.42', carol));
    expect(refused.raw).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\nRetry-After: 30\r\n/);
    expect(JSON.parse(refused.body)).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_WEBSOCKETS',
      message: `This account already holds ${SOCKETS_PER_USER} open live connections; close one first`,
    });
    held[0]!.socket.close();
    await held[0]!.closed;
    const third = await waitFor(
      async () => {
        const answer = await upgradeRaw(wsUrl, from('198.51.100.42', carol));
        return answer.status === 101 ? answer : undefined;
      },
      5_000,
      100,
      "Carol's closed socket to be released",
    );
    expect(third.status).toBe(101);
    held[1]!.socket.close();
  });

  it('lets an address upgrade again once its window has passed', async () => {
    const address = '198.51.100.50';
    for (let i = 0; i < UPGRADES_PER_WINDOW; i++)
      expect((await upgradeRaw(wsUrl, from(address))).status).toBe(401);
    const retryAfter = expectRateLimited(await upgradeRaw(wsUrl, from(address)));
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 200));
    expect((await upgradeRaw(wsUrl, from(address))).status).toBe(401);
  }, 20_000);
});
