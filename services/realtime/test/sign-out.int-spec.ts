// The embedded runtime for real (the built process): /ws is served in-process, and signing out
// closes that session's open websockets with 1008 "Signed out" at once, while the same user's
// other session and other users stay connected; the closed session cannot reconnect.
// (The distributed gateway's path: services/gateway/test/websocket-sign-out.int-spec.ts.)
import {
  ApiUser,
  closedWithin,
  EmbeddedRuntime,
  openLiveSocket,
  type LiveSocket,
} from '@frenly/testing';
import { WebSocket } from 'ws';

describe('embedded runtime: sign-out closes the session’s websockets', () => {
  let runtime: EmbeddedRuntime;
  let wsUrl: string;
  const clients: WebSocket[] = [];

  beforeAll(async () => {
    runtime = await EmbeddedRuntime.start();
    wsUrl = `${runtime.url.replace('http', 'ws')}/ws`;
  }, 150_000);

  afterAll(async () => {
    for (const client of clients) client.terminate();
    await runtime?.stop();
  });

  const openLive = (user: ApiUser) =>
    openLiveSocket(wsUrl, { Cookie: user.browser.cookieHeader() }, { opened: clients });
  const closing = closedWithin;

  /** The endpoint answers a ping on this socket: it is open end to end. */
  function answersPing(live: LiveSocket): Promise<void> {
    return new Promise((resolve) => {
      live.socket.once('message', () => resolve());
      live.socket.send(JSON.stringify({ type: 'ping' }));
    });
  }

  it('closes them with 1008 at once, and only them', async () => {
    const [laptop, phone, bob] = await Promise.all([
      ApiUser.signIn(runtime.url, 'Ada Tabs'),
      ApiUser.signIn(runtime.url, 'Ada Tabs'),
      ApiUser.signIn(runtime.url, 'Bob Stays'),
    ]);
    const [tabOne, tabTwo, onPhone, bobs] = await Promise.all([
      openLive(laptop),
      openLive(laptop),
      openLive(phone),
      openLive(bob),
    ]);
    await Promise.all([tabOne, onPhone].map(answersPing));

    const laptopCookie = laptop.browser.cookieHeader();
    const out = await laptop.browser.request(`${runtime.url}/api/logout`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(302);
    const closes = await Promise.all([closing(tabOne), closing(tabTwo)]);
    expect(closes).toEqual([
      { code: 1008, reason: 'Signed out' },
      { code: 1008, reason: 'Signed out' },
    ]);

    await Promise.all([onPhone, bobs].map(answersPing));
    // The ended session cannot come back: its cookie no longer opens a socket.
    const again = new WebSocket(wsUrl, { headers: { Cookie: laptopCookie } });
    again.on('error', () => undefined); // the refusal is the expected outcome
    const refused = await new Promise<number>((resolve) => {
      again.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      again.once('open', () => resolve(101));
    });
    expect(refused).toBe(401);
  });
});
