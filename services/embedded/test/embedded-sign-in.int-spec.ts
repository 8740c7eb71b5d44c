// `npm start` and sign in over HTTP with nothing but the process itself: the development
// identity provider it mounts, its sessions on PGlite, its in-process ledger for the balance.
import { join } from 'node:path';
import {
  appPage,
  createTempDir,
  freePort,
  SignInBrowser,
  signInAs,
  waitForOk,
  type SpawnedProcess,
  type TempDir,
} from '@frenly/testing';
import { npmStart } from './support/runtime-process.js';

const START_TIMEOUT_MS = 150_000;

describe('npm start: sign-in through the development identity provider', () => {
  let dataDir: TempDir;
  let running: SpawnedProcess | undefined;
  let base: string;

  beforeAll(async () => {
    dataDir = await createTempDir('frenly-embedded-signin-');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    running = npmStart({ PORT: String(port), FRENLY_DATA_DIR: join(dataDir.path, 'data') });
    await waitForOk(`${base}/health/ready`, running, START_TIMEOUT_MS);
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited(15_000).catch(() => running?.child.kill('SIGKILL'));
    }
    await dataDir?.remove();
  });

  it('offers the development provider by default', async () => {
    expect(await (await fetch(`${base}/api/auth/providers`)).json()).toEqual([
      { id: 'dev', name: 'Development sign-in' },
    ]);
  });

  /** Who /api/auth/user says is signed in; signed out is a 200 `null`, not an error. */
  async function signedInAs(browser: SignInBrowser): Promise<unknown> {
    const answer = await browser.request(`${base}/api/auth/user`);
    expect(answer.status).toBe(200);
    return answer.json();
  }

  it('signs a newcomer in with just a name, serves the user with a balance, and signs out', async () => {
    const browser = new SignInBrowser();
    expect(await signedInAs(browser)).toBeNull();

    const landed = await signInAs(browser, base, 'Newcomer Nia');
    expect(landed.href).toBe(`${base}/`);
    expect(browser.cookie('frenly_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      browser.setCookies.find((c) => c.startsWith('frenly_session=') && !c.includes('Max-Age=0')),
    ).toMatch(/HttpOnly; SameSite=Lax$/);

    const me = await browser.request(`${base}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Newcomer',
      lastName: 'Nia',
      email: null,
      profileImageUrl: null,
      bambooBalance: 1000,
    });

    // The in-process services see the identity too; a cross-site POST never reaches them.
    const subscription = {
      endpoint: 'https://push.example.com/send/nia',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
    };
    const post = (headers: Record<string, string>) =>
      browser.request(`${base}/api/push/subscribe`, {
        method: 'POST',
        body: JSON.stringify(subscription),
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ origin: base, 'sec-fetch-site': 'same-origin' })).status).toBe(201);

    const logout = await browser.navigate(`${base}/api/logout`, appPage(base));
    expect(logout.hops[1]).toContain('/dev-idp/session/end');
    expect(browser.cookie('frenly_session')).toBeUndefined();
    expect(await signedInAs(browser)).toBeNull();
  });
});

describe('npm start in production with the development provider forced on', () => {
  it(
    'refuses to start, naming the variable',
    async () => {
      const dataDir = await createTempDir('frenly-embedded-prod-');
      try {
        const running = npmStart({
          PORT: String(await freePort()),
          FRENLY_DATA_DIR: join(dataDir.path, 'data'),
          NODE_ENV: 'production',
          FRENLY_DEV_IDP: 'on',
        });
        const code = await running.exited(START_TIMEOUT_MS);
        expect(code).toBe(78);
        expect(running.stderr()).toContain('FRENLY_DEV_IDP=on is refused when NODE_ENV=production');
      } finally {
        await dataDir.remove();
      }
    },
    START_TIMEOUT_MS + 5_000,
  );
});
