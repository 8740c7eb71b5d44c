// Sign-in for real: the gateway in this process on PostgreSQL, its development identity
// provider (oidc-provider), a second oidc-provider on another port configured like any
// external issuer, a GitHub stand-in, and a ledger stand-in that verifies the identity header.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { IdentityTokens } from '@frenly/platform';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import { createDevIdentityProvider } from '../src/dev-idp/dev-identity-provider.js';
import { freePort } from './spawned-process.js';
import {
  closeServer,
  ledgerStandIn,
  listen,
  startGateway,
  TEST_SECRET,
  type GatewayUnderTest,
  type SeenByLedger,
} from './support/gateway-harness.js';
import { githubStandIn, type GithubStandInState } from './support/github-stand-in.js';
import { callbackUrlFor, landsOnApp, signInThroughForm } from './support/sign-in.js';
import { formsOf, TestBrowser } from './support/test-browser.js';

const SESSION_COOKIE = 'frenly_session';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** /api/auth/user when signed out: an answer (200, `null`), not an error. */
const SIGNED_OUT = { status: 200, body: null };

describe('sign-in, sessions and /api/auth/user', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let gateway: GatewayUnderTest;
  let externalIdp: Server;
  let github: Server;
  let ledger: Server;
  const seenByLedger: SeenByLedger[] = [];
  const githubState: GithubStandInState = { pkceFailures: 0, tokenRequests: 0 };

  async function count(table: string): Promise<number> {
    const result = await database.db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from identity.${table}`),
    );
    return Number(result.rows[0]?.n);
  }

  async function currentUser(browser: TestBrowser): Promise<Response> {
    return browser.request(`${gateway.url}/api/auth/user`);
  }

  /** Status and body of /api/auth/user, to compare with SIGNED_OUT. */
  async function whoIs(browser: TestBrowser): Promise<{ status: number; body: unknown }> {
    const answer = await currentUser(browser);
    return { status: answer.status, body: await answer.json() };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_signin');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 4 });
    ledger = ledgerStandIn(new IdentityTokens(TEST_SECRET), () => 1000, seenByLedger);
    const ledgerUrl = await listen(ledger);

    const gatewayPort = await freePort();
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    // An OpenID provider elsewhere, which knows the app only by its registered redirect URIs.
    const externalPort = await freePort();
    const acme = await createDevIdentityProvider({
      issuer: `http://127.0.0.1:${externalPort}/oidc`,
      nodeEnv: 'test',
      clients: [
        {
          clientId: 'frenly-at-acme',
          clientSecret: 'acme-secret-acme-secret-acme-secret',
          redirectUris: [`${gatewayUrl}/auth/acme/callback`],
          postLogoutRedirectUris: [`${gatewayUrl}/`],
        },
      ],
    });
    externalIdp = createServer((req, res) => acme.handle(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => externalIdp.listen(externalPort, '127.0.0.1', resolve));
    github = githubStandIn({ id: 'gh-client', secret: 'gh-secret' }, githubState);
    const githubUrl = await listen(github);

    gateway = await startGateway({
      db: database.db,
      ledgerUrl,
      port: gatewayPort,
      env: {
        FRENLY_AUTH_PROVIDERS: JSON.stringify([
          {
            id: 'acme',
            name: 'Acme ID',
            type: 'oidc',
            issuer: acme.issuer,
            clientId: 'frenly-at-acme',
          },
          {
            id: 'github',
            name: 'GitHub',
            type: 'github',
            clientId: 'gh-client',
            authorizationUrl: `${githubUrl}/login/oauth/authorize`,
            tokenUrl: `${githubUrl}/login/oauth/access_token`,
            apiUrl: `${githubUrl}/api`,
          },
        ]),
        // Secrets may stay out of the JSON.
        FRENLY_AUTH_ACME_CLIENT_SECRET: 'acme-secret-acme-secret-acme-secret',
        FRENLY_AUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
      },
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([externalIdp, github, ledger].filter(Boolean).map(closeServer));
    await database?.close();
    await scratch?.drop();
  });

  it('lists one entry per configured provider, the development provider first', async () => {
    const res = await fetch(`${gateway.url}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: 'dev', name: 'Development sign-in' },
      { id: 'acme', name: 'Acme ID' },
      { id: 'github', name: 'GitHub' },
    ]);
  });

  it('signs in through the development provider (code + PKCE + state + nonce), serves the user, and signs out', async () => {
    const browser = new TestBrowser();
    expect(await whoIs(browser)).toEqual(SIGNED_OUT);

    const { landedOn, authorizationUrl, formPage } = await signInThroughForm(
      browser,
      gateway.url,
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      '/api/login?returnTo=%2Fdashboard%3Ftab%3Dstakes',
    );

    // The app sent the browser to its default provider with PKCE (S256), state and nonce.
    expect(authorizationUrl.href.startsWith(`${gateway.url}/dev-idp/`)).toBe(true);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
      `${gateway.url}/auth/dev/callback`,
    );
    expect(formPage?.url).toContain('/dev-idp/interaction/');
    expect(landedOn.href).toBe(`${gateway.url}/dashboard?tab=stakes`);

    // The session cookie: httpOnly, SameSite=Lax, whole site, not Secure over plain http.
    const session = browser.cookie(SESSION_COOKIE, gateway.url);
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: false,
      maxAge: 30 * 24 * 3600,
    });
    expect(session!.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    // Only its hash is stored; the sign-in flow row is gone.
    const stored = await database.db.execute<{ id_hash: string }>(
      sql`select id_hash from identity.sessions`,
    );
    expect(stored.rows.map((r) => r.id_hash)).toContain(sha256(session!.value));
    expect(stored.rows.map((r) => r.id_hash)).not.toContain(session!.value);
    expect(await count('login_flows')).toBe(0);
    expect(
      browser.cookie('frenly_login_state', `${gateway.url}/auth/dev/callback`),
    ).toBeUndefined();

    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    const user = (await me.json()) as Record<string, unknown>;
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      profileImageUrl: null,
      bambooBalance: 1000,
    });
    // The ledger was asked with a signed identity for this user, and no cookie.
    expect(seenByLedger.at(-1)).toMatchObject({
      identity: { userId: user.id, firstName: 'Ada', email: 'ada@example.com' },
      cookie: undefined,
    });

    // Sign-out: the session ends here, then RP-initiated logout at the provider, then home.
    const logout = await browser.navigate(`${gateway.url}/api/logout`, {}, landsOnApp(gateway.url));
    const endSession = new URL(logout.hops[0]!.location!);
    expect(logout.hops[0]!.status).toBe(302);
    expect(endSession.href.startsWith(`${gateway.url}/dev-idp/session/end`)).toBe(true);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${gateway.url}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();
    expect(await count('sessions')).toBe(0);
    expect(await whoIs(browser)).toEqual(SIGNED_OUT);

    // The provider's logout page confirms by itself; the browser ends up home.
    const logoutForm = formsOf(await logout.response.text()).find((f) => f.id === 'op.logoutForm');
    expect(logoutForm).toBeDefined();
    const home = await browser.submit(
      logoutForm!,
      logout.url,
      { logout: 'yes' },
      landsOnApp(gateway.url),
    );
    expect(home.url).toBe(`${gateway.url}/`);

    // The old cookie value is worth nothing now.
    const replay = new TestBrowser();
    replay.setCookie(SESSION_COOKIE, session!.value, gateway.url);
    expect(await whoIs(replay)).toEqual(SIGNED_OUT);

    // Signing in again now asks again (the provider's own session ended too).
    const again = await browser.navigate(`${gateway.url}/auth/dev`, {}, landsOnApp(gateway.url));
    expect(again.response.status).toBe(200);
    expect(await again.response.text()).toContain('Your name');
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const browser = new TestBrowser();
    await signInThroughForm(browser, gateway.url, { name: 'Grace Hopper' });
    const first = browser.cookie(SESSION_COOKIE, gateway.url)!.value;
    const firstUser = (await (await currentUser(browser)).json()) as { id: string };

    // The provider still knows the browser: no form this time, but a new session all the same.
    const again = await signInThroughForm(browser, gateway.url, { name: 'Grace Hopper' });
    expect(again.formPage).toBeUndefined();
    const second = browser.cookie(SESSION_COOKIE, gateway.url)!.value;
    expect(second).not.toBe(first);
    const secondUser = (await (await currentUser(browser)).json()) as {
      id: string;
      firstName: string;
    };
    expect(secondUser).toMatchObject({ id: firstUser.id, firstName: 'Grace' }); // same person, same user

    const old = new TestBrowser();
    old.setCookie(SESSION_COOKIE, first, gateway.url);
    expect(await whoIs(old)).toEqual(SIGNED_OUT);
  });

  it('refuses a callback whose state was tampered with, and starts no session', async () => {
    const browser = new TestBrowser();
    const callback = await callbackUrlFor(browser, gateway.url, 'Mallory');
    const sessionsBefore = await count('sessions');
    const state = callback.searchParams.get('state')!;
    callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);

    const res = await browser.request(callback.href);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: 400,
      code: 'LOGIN_STATE_INVALID',
      message: expect.stringContaining('sign in again'),
    });
    expect(browser.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();
    expect(await count('sessions')).toBe(sessionsBefore);
  });

  it('refuses a tampered code (the provider does not know it), and starts no session', async () => {
    const browser = new TestBrowser();
    const callback = await callbackUrlFor(browser, gateway.url, 'Mallory');
    const sessionsBefore = await count('sessions');
    callback.searchParams.set('code', 'forged-authorization-code');

    const res = await browser.request(callback.href);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 401, code: 'LOGIN_REFUSED' });
    expect(browser.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();
    expect(await count('sessions')).toBe(sessionsBefore);
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF), and a replayed one', async () => {
    const victim = new TestBrowser();
    const attacker = new TestBrowser();
    const callback = await callbackUrlFor(attacker, gateway.url, 'Mallory');

    const res = await victim.request(callback.href);
    expect(res.status).toBe(400);
    expect(victim.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();

    // In the right browser it works once; the same callback again is refused.
    const first = await attacker.request(callback.href);
    expect(first.status).toBe(302);
    const attackerSession = attacker.cookie(SESSION_COOKIE, gateway.url)!.value;
    attacker.setCookie(
      'frenly_login_state',
      callback.searchParams.get('state')!,
      `${gateway.url}/auth/`,
    );
    const replay = await attacker.request(callback.href);
    expect(replay.status).toBe(400);
    expect(attacker.cookie(SESSION_COOKIE, gateway.url)?.value).toBe(attackerSession);
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores the unsafe returnTo %s',
    async (returnTo) => {
      const browser = new TestBrowser();
      const { landedOn } = await signInThroughForm(
        browser,
        gateway.url,
        { name: 'Eve' },
        `/auth/dev?returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(landedOn.href).toBe(`${gateway.url}/`);
    },
  );

  it('signs in with an external OpenID provider found by discovery, keyed by provider and subject', async () => {
    const browser = new TestBrowser();
    const { landedOn, authorizationUrl } = await signInThroughForm(
      browser,
      gateway.url,
      { name: 'Katherine Johnson', email: 'kj@acme.example' },
      '/auth/acme',
    );
    expect(authorizationUrl.origin).not.toBe(new URL(gateway.url).origin);
    expect(authorizationUrl.pathname).toBe('/oidc/auth');
    expect(authorizationUrl.searchParams.get('client_id')).toBe('frenly-at-acme');
    expect(landedOn.href).toBe(`${gateway.url}/`);

    const user = (await (await currentUser(browser)).json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'kj@acme.example',
      bambooBalance: 1000,
    });
    const rows = await database.db.execute<{ provider: string; subject: string }>(
      sql`select provider, subject from identity.users where id = ${user.id as string}`,
    );
    expect(rows.rows[0]).toEqual({ provider: 'acme', subject: expect.stringMatching(/^dev-/) });

    // The same person through the development provider is another user: users are per provider.
    const other = new TestBrowser();
    await signInThroughForm(other, gateway.url, {
      name: 'Katherine Johnson',
      email: 'kj@acme.example',
    });
    const otherUser = (await (await currentUser(other)).json()) as { id: string };
    expect(otherUser.id).not.toBe(user.id);

    const logout = await browser.navigate(`${gateway.url}/auth/logout`, {}, () => true);
    expect(new URL(logout.url).href.startsWith(`${authorizationUrl.origin}/oidc/session/end`)).toBe(
      true,
    );
    expect(await whoIs(browser)).toEqual(SIGNED_OUT);
  });

  it('signs in with GitHub over OAuth 2 + PKCE, reading the person from its API', async () => {
    const browser = new TestBrowser();
    const nav = await browser.navigate(
      `${gateway.url}/auth/github?returnTo=/search`,
      {},
      landsOnApp(gateway.url),
    );
    const authorize = new URL(nav.hops[0]!.location!);
    expect(authorize.pathname).toBe('/login/oauth/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeNull();
    expect(nav.url).toBe(`${gateway.url}/search`);
    expect(githubState.pkceFailures).toBe(0);

    const user = (await (await currentUser(browser)).json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      firstName: 'Mona',
      lastName: 'Lisa Octocat',
      email: 'mona@example.com',
      profileImageUrl: 'https://avatars.example/u/4242',
    });
    const rows = await database.db.execute<{ provider: string; subject: string }>(
      sql`select provider, subject from identity.users where id = ${user.id as string}`,
    );
    expect(rows.rows[0]).toEqual({ provider: 'github', subject: '4242' });

    // GitHub has no RP-initiated logout: straight home.
    const logout = await browser.navigate(`${gateway.url}/api/logout`, {}, () => true);
    expect(logout.hops[0]!.location).toBe('/');
    expect(await whoIs(browser)).toEqual(SIGNED_OUT);
  });

  it('refuses a GitHub callback with a forged code (no session)', async () => {
    const browser = new TestBrowser();
    const isCallback = (url: URL) => url.pathname === '/auth/github/callback';
    const stopped = await browser.navigate(`${gateway.url}/auth/github`, {}, isCallback);
    const callback = new URL(stopped.url);
    callback.searchParams.set('code', 'not-a-code');
    const res = await browser.request(callback.href);
    expect(res.status).toBe(401);
    expect(browser.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();
  });

  it('answers 404 in the error shape for an unknown provider', async () => {
    const res = await fetch(`${gateway.url}/auth/nobody`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: 'UNKNOWN_PROVIDER' });
  });

  it('redisplays the form when the name is empty', async () => {
    const browser = new TestBrowser();
    const formPage = await browser.navigate(`${gateway.url}/auth/dev`, {}, landsOnApp(gateway.url));
    const form = formsOf(await formPage.response.text()).find((f) => f.id === 'dev-idp-login')!;
    const res = await browser.submit(form, formPage.url, { name: '   ' });
    expect(res.response.status).toBe(400);
    expect(await res.response.text()).toContain('Please enter your name.');
    expect(browser.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();
  });

  // (A lone surrogate cannot travel in a form: UTF-8 encoding turns it into U+FFFD first.)
  it.each([['a NUL', 'Ada\u0000Lovelace']])(
    'redisplays the form with a 400, signing nobody in, when the name holds %s',
    async (_label, name) => {
      const browser = new TestBrowser();
      const formPage = await browser.navigate(
        `${gateway.url}/auth/dev`,
        {},
        landsOnApp(gateway.url),
      );
      const form = formsOf(await formPage.response.text()).find((f) => f.id === 'dev-idp-login')!;
      const res = await browser.submit(form, formPage.url, { name });
      expect(res.response.status).toBe(400);
      expect(await res.response.text()).toContain('contains a character that cannot be stored');
      expect(browser.cookie(SESSION_COOKIE, gateway.url)).toBeUndefined();
    },
  );
});

describe('session expiry and the ledger being away', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let gateway: GatewayUnderTest;
  let ledger: Server;
  let ledgerUp = true;
  let now = Date.parse('2030-01-01T00:00:00Z');
  const HOUR = 3600_000;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_expiry');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 3 });
    const tokens = new IdentityTokens(TEST_SECRET);
    ledger = createServer((req, res) => {
      if (!ledgerUp)
        return void res
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end('{"statusCode":500}');
      const identity = tokens.verify(req.headers['x-frenly-identity'] as string | undefined);
      if (!identity) return void res.writeHead(401).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"bambooBalance":640}');
    });
    gateway = await startGateway({
      db: database.db,
      ledgerUrl: await listen(ledger),
      clock: () => new Date(now),
      env: { FRENLY_SESSION_IDLE_SECONDS: '3600', FRENLY_SESSION_ABSOLUTE_SECONDS: '7200' },
    });
  });

  afterAll(async () => {
    await gateway?.close();
    if (ledger) await closeServer(ledger);
    await database?.close();
    await scratch?.drop();
  });

  /** 'signed in', 'signed out' (a 200 `null`), or the status of any other answer. */
  const userStatus = async (browser: TestBrowser) => {
    const answer = await browser.request(`${gateway.url}/api/auth/user`);
    if (answer.status !== 200) return answer.status;
    return (await answer.json()) === null ? 'signed out' : 'signed in';
  };

  it('ends a session left idle longer than the idle timeout', async () => {
    const browser = new TestBrowser();
    await signInThroughForm(browser, gateway.url, { name: 'Idle Isaac' });
    expect(await userStatus(browser)).toBe('signed in');
    now += 59 * 60_000;
    expect(await userStatus(browser)).toBe('signed in'); // used: the idle clock restarts
    now += 59 * 60_000;
    expect(await userStatus(browser)).toBe('signed in');
    now += 61 * 60_000;
    expect(await userStatus(browser)).toBe('signed out');
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from identity.sessions`,
    );
    expect(Number(rows.rows[0]?.n)).toBe(0); // deleted when met
  });

  it('ends a session at its absolute expiry even when it is in use', async () => {
    const browser = new TestBrowser();
    await signInThroughForm(browser, gateway.url, { name: 'Busy Beatrice' });
    for (let step = 0; step < 3; step++) {
      now += 35 * 60_000;
      expect(await userStatus(browser)).toBe('signed in');
    }
    now += 2 * HOUR - 3 * 35 * 60_000; // exactly two hours after sign-in, 15 minutes after the last use
    expect(await userStatus(browser)).toBe('signed out');
  });

  it('answers 503, not a made-up balance, when the ledger fails or cannot be reached', async () => {
    const browser = new TestBrowser();
    await signInThroughForm(browser, gateway.url, { name: 'Patient Pat' });
    const ok = await browser.request(`${gateway.url}/api/auth/user`);
    expect(await ok.json()).toMatchObject({ firstName: 'Patient', bambooBalance: 640 });

    ledgerUp = false;
    const failing = await browser.request(`${gateway.url}/api/auth/user`);
    expect(failing.status).toBe(503);
    expect(await failing.json()).toMatchObject({ statusCode: 503, code: 'LEDGER_UNAVAILABLE' });

    await closeServer(ledger);
    const away = await browser.request(`${gateway.url}/api/auth/user`);
    expect(away.status).toBe(503);
    expect(await away.json()).toMatchObject({ code: 'LEDGER_UNAVAILABLE' });
  });
});

describe('cookies and callbacks behind a reverse proxy', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let trusting: GatewayUnderTest;
  let direct: GatewayUnderTest;
  const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'frenly.example' };

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_proxy');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 2 });
    trusting = await startGateway({
      db: database.db,
      ledgerUrl: 'http://127.0.0.1:9',
      env: { FRENLY_TRUST_PROXY: 'on' },
    });
    direct = await startGateway({ db: database.db, ledgerUrl: 'http://127.0.0.1:9' });
  });

  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('marks cookies Secure and calls back on https when a trusted proxy says the browser used https', async () => {
    const res = await fetch(`${trusting.url}/auth/dev`, { headers: forwarded, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'https://frenly.example/auth/dev/callback',
    );
    expect(res.headers.getSetCookie()[0]).toMatch(
      /^frenly_login_state=[A-Za-z0-9_-]{43}; Path=\/auth; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it('ignores X-Forwarded-* when no proxy is trusted', async () => {
    const res = await fetch(`${direct.url}/auth/dev`, { headers: forwarded, redirect: 'manual' });
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      `${direct.url}/auth/dev/callback`,
    );
    expect(res.headers.getSetCookie()[0]).not.toContain('Secure');
  });
});
