// Signing out closes the session's open websockets, at the distributed gateway (it holds the
// client's end of every proxied socket): at once through the instance that ended the session,
// and within the sweep through another instance. The realtime service is a ws stand-in here;
// the embedded runtime's path is services/realtime/test/sign-out.int-spec.ts.
import { createServer, type Server } from 'node:http';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import {
  closedWithin,
  createScratchDatabase,
  openLiveSocket,
  waitFor,
  type LiveSocket,
  type ScratchDatabase,
} from '@frenly/testing';
import { WebSocket, WebSocketServer } from 'ws';
import { SESSION_SOCKET_SWEEP_MS } from '../src/sessions/session-sockets.js';
import {
  TEST_SECRET,
  closeServer,
  listen,
  sessionCookieFor,
  startGateway,
  type GatewayUnderTest,
} from './support/gateway-harness.js';

const tokens = new IdentityTokens(TEST_SECRET);

describe('websockets of a session that signs out (distributed gateway)', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let realtime: Server;
  let realtimeUrl: string;
  let first: GatewayUnderTest;
  let second: GatewayUnderTest;
  /** The stand-in's end of every socket, by the user the gateway vouched for. */
  const upstream = new Map<WebSocket, string | null>();
  const clients: WebSocket[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_ws_signout');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 4 });
    realtime = createServer((_req, res) => res.writeHead(404).end());
    const sockets = new WebSocketServer({ server: realtime, path: '/ws' });
    sockets.on('connection', (socket, req) => {
      const userId = tokens.verify(req.headers[IDENTITY_HEADER] as string | undefined)?.userId;
      upstream.set(socket, userId ?? null);
      socket.on('close', () => upstream.delete(socket));
      socket.send('hello');
    });
    realtimeUrl = await listen(realtime);
    const gateway = () =>
      startGateway({
        db: database.db,
        ledgerUrl: realtimeUrl,
        mode: 'distributed',
        env: { FRENLY_DEV_IDP: 'off' },
        downstream: {
          search: realtimeUrl,
          ledger: realtimeUrl,
          analysis: realtimeUrl,
          realtime: realtimeUrl,
        },
      });
    [first, second] = await Promise.all([gateway(), gateway()]);
  });

  afterAll(async () => {
    for (const client of clients) client.terminate();
    await first?.close();
    await second?.close();
    if (realtime) await closeServer(realtime);
    await database?.close();
    await scratch?.drop();
  });

  const openLive = (gateway: GatewayUnderTest, cookie: string) =>
    openLiveSocket(
      `${gateway.url.replace('http', 'ws')}/ws`,
      { Cookie: cookie },
      {
        opened: clients,
        untilFirstMessage: true,
      },
    );
  const closing = closedWithin;

  function signOut(gateway: GatewayUnderTest, cookie: string): Promise<Response> {
    return fetch(`${gateway.url}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
      redirect: 'manual',
    });
  }

  /** Every stand-in socket gets a message; resolves when `live` has received it. */
  async function reaches(live: LiveSocket, text: string): Promise<void> {
    for (const socket of upstream.keys()) socket.send(text);
    await waitFor(() => live.messages.includes(text) || undefined, 5_000, 10, `"${text}"`);
  }

  const isOpen = (live: LiveSocket) => live.socket.readyState === WebSocket.OPEN;

  it("closes the session's sockets with 1008 at once, and no one else's", async () => {
    const laptop = await sessionCookieFor(first, { subject: 'ws-ada', firstName: 'Ada' });
    const phone = await sessionCookieFor(first, { subject: 'ws-ada', firstName: 'Ada' });
    const bob = await sessionCookieFor(first, { subject: 'ws-bob', firstName: 'Bob' });
    const [tabOne, tabTwo, onPhone, bobs] = await Promise.all([
      openLive(first, laptop.cookie),
      openLive(first, laptop.cookie),
      openLive(first, phone.cookie),
      openLive(first, bob.cookie),
    ]);
    // A message in flight to everyone, so the streams have carried frames before the close.
    await reaches(tabOne, 'before');

    const out = await signOut(first, laptop.cookie);
    expect(out.status).toBe(302);
    // Awaited, not slept: both tabs hear the policy close right after the sign-out answered.
    const [one, two] = await Promise.all([closing(tabOne), closing(tabTwo)]);
    expect(one).toEqual({ code: 1008, reason: 'Signed out' });
    expect(two).toEqual({ code: 1008, reason: 'Signed out' });

    // The same user's other session and another user keep their live connections.
    expect(isOpen(onPhone) && isOpen(bobs)).toBe(true);
    await reaches(onPhone, 'after');
    await reaches(bobs, 'after, again');
    // The realtime side lets go of the closed ones too.
    await waitFor(
      () => upstream.size === 2 || undefined,
      5_000,
      25,
      'the stand-in sockets to close',
    );
    expect([...upstream.values()].sort()).toEqual([bob.userId, phone.userId].sort());
    onPhone.socket.close();
    bobs.socket.close();
    await Promise.all([onPhone.closed, bobs.closed]);
  });

  it('closes them within the sweep when the session ended through another gateway instance', async () => {
    const carol = await sessionCookieFor(first, { subject: 'ws-carol', firstName: 'Carol' });
    const live = await openLive(first, carol.cookie);
    const started = Date.now();
    expect((await signOut(second, carol.cookie)).status).toBe(302);
    expect(await closing(live, SESSION_SOCKET_SWEEP_MS * 2 + 1_000)).toEqual({
      code: 1008,
      reason: 'Signed out',
    });
    expect(Date.now() - started).toBeLessThan(SESSION_SOCKET_SWEEP_MS * 2 + 1_000);
  });
});
