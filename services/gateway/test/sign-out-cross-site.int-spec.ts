// GET /api/logout and /auth/logout from another site: the session survives, and a page asks
// for a confirmation that POSTs from this origin. On PostgreSQL (sessions are rows).
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import {
  sessionCookieFor,
  startGateway,
  type GatewayUnderTest,
} from './support/gateway-harness.js';
import { formsOf } from './support/test-browser.js';

describe('sign-out links from another site', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let gateway: GatewayUnderTest;
  let people = 0;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_signout');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 2 });
    gateway = await startGateway({ db: database.db, ledgerUrl: 'http://127.0.0.1:9' });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
    await scratch?.drop();
  });

  async function signedIn(): Promise<{ cookie: string; userId: string }> {
    people++;
    return sessionCookieFor(gateway, { subject: `person-${people}`, firstName: 'Pat' });
  }

  async function sessionsOf(userId: string): Promise<number> {
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from identity.sessions where user_id = ${userId}`,
    );
    return Number(result.rows[0]?.n);
  }

  function get(path: string, cookie: string, headers: Record<string, string>): Promise<Response> {
    return fetch(`${gateway.url}${path}`, {
      headers: { Cookie: cookie, ...headers },
      redirect: 'manual',
    });
  }

  const foreign = {
    'a cross-site navigation': { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    'another site by Referer (no Sec-Fetch-Site)': { Referer: 'https://evil.example/page' },
    'this host on another scheme by Referer': { Referer: 'https://127.0.0.1/' },
    'no Sec-Fetch-Site, Origin or Referer (a rel=noreferrer link in an old browser)': {},
  };

  describe.each(['/api/logout', '/auth/logout'])('GET %s', (path) => {
    it.each(Object.entries(foreign))(
      'from %s: keeps the session and answers a page whose button POSTs the sign-out',
      async (_from, headers) => {
        const { cookie, userId } = await signedIn();
        const res = await get(path, cookie, headers);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('set-cookie')).toBeNull();
        const page = await res.text();
        expect(page).toContain('Sign out of Frenly?');
        expect(page).not.toContain('<script');
        expect(formsOf(page)).toEqual([expect.objectContaining({ method: 'post', action: path })]);
        expect(await sessionsOf(userId)).toBe(1);

        // The button: a POST from this origin ends the session.
        const post = await fetch(`${gateway.url}${path}`, {
          method: 'POST',
          headers: {
            Cookie: cookie,
            'Sec-Fetch-Site': 'same-origin',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          redirect: 'manual',
        });
        expect(post.status).toBe(302);
        expect(post.headers.get('set-cookie')).toMatch(/^frenly_session=;.*Max-Age=0/i);
        expect(await sessionsOf(userId)).toBe(0);
      },
    );

    it.each<[string, (base: string) => Record<string, string>]>([
      [
        "a same-origin navigation (the app's Sign Out button)",
        () => ({ 'Sec-Fetch-Site': 'same-origin' }),
      ],
      ['a same-site navigation', () => ({ 'Sec-Fetch-Site': 'same-site' })],
      ['the address bar (Sec-Fetch-Site: none)', () => ({ 'Sec-Fetch-Site': 'none' })],
      [
        'a Referer of this origin (no Sec-Fetch-Site)',
        (base) => ({ Referer: `${base}/dashboard` }),
      ],
    ])('from %s: signs out at once (302)', async (_from, headers) => {
      const { cookie, userId } = await signedIn();
      const res = await get(path, cookie, headers(gateway.url));
      expect(res.status).toBe(302);
      expect(await sessionsOf(userId)).toBe(0);
    });
  });

  it('refuses the confirmation POST itself from another site (403), keeping the session', async () => {
    const { cookie, userId } = await signedIn();
    const res = await fetch(`${gateway.url}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(await sessionsOf(userId)).toBe(1);
  });
});
