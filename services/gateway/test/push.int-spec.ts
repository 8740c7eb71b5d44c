// POST /api/push/subscribe and GET /api/push/public-key, on PostgreSQL.
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import {
  sessionCookieFor,
  startGateway,
  type GatewayUnderTest,
} from './support/gateway-harness.js';

const P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const VAPID =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('push subscriptions', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let gateway: GatewayUnderTest;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_push');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 2 });
    gateway = await startGateway({
      db: database.db,
      ledgerUrl: 'http://127.0.0.1:9',
      env: { FRENLY_VAPID_PUBLIC_KEY: VAPID },
    });
    alice = await sessionCookieFor(gateway, { subject: 'alice', firstName: 'Alice' });
    bob = await sessionCookieFor(gateway, { subject: 'bob', firstName: 'Bob' });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
    await scratch?.drop();
  });

  async function rows(): Promise<
    Array<{
      user_id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      expires_at: string | null;
    }>
  > {
    const result = await database.db.execute<{
      user_id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      expires_at: string | null;
    }>(
      sql`select user_id, endpoint, p256dh, auth, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at
          from identity.push_subscriptions order by endpoint`,
    );
    return result.rows;
  }

  function subscribe(cookie: string | undefined, body: unknown): Promise<Response> {
    return fetch(`${gateway.url}/api/push/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const valid = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc:APA91bH-xyz',
    expirationTime: null,
    keys: { p256dh: P256DH, auth: AUTH },
  };

  it('exposes the configured VAPID public key', async () => {
    const res = await fetch(`${gateway.url}/api/push/public-key`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: VAPID });
  });

  it('answers 401 when signed out, and stores nothing', async () => {
    const res = await subscribe(undefined, valid);
    expect(res.status).toBe(401);
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ['a missing endpoint', { keys: valid.keys }, 'endpoint must be an https URL'],
    [
      'an endpoint that is not a URL',
      { ...valid, endpoint: 'not a url' },
      'endpoint must be an https URL',
    ],
    [
      'an http endpoint',
      { ...valid, endpoint: 'http://push.example.com/send/1' },
      'endpoint must be an https URL',
    ],
    ['an endpoint of the wrong type', { ...valid, endpoint: 42 }, 'endpoint must be an https URL'],
    ['missing keys', { endpoint: valid.endpoint }, 'keys is required (with p256dh and auth)'],
    ['keys that are not an object', { ...valid, keys: 'p256dh' }, 'keys must be an object'],
    ['a missing p256dh', { ...valid, keys: { auth: AUTH } }, 'keys.p256dh should not be empty'],
    [
      'an empty auth',
      { ...valid, keys: { p256dh: P256DH, auth: '' } },
      'keys.auth should not be empty',
    ],
    [
      'an auth that is not base64url',
      { ...valid, keys: { p256dh: P256DH, auth: 'no spaces allowed!' } },
      'keys.auth must be base64url',
    ],
    [
      'an extra top-level field',
      { ...valid, userId: 'someone-else' },
      'property userId should not exist',
    ],
    [
      'an extra field in keys',
      { ...valid, keys: { ...valid.keys, extra: 'x' } },
      'keys.property extra should not exist',
    ],
    [
      'an expirationTime that is not a number',
      { ...valid, expirationTime: 'soon' },
      'expirationTime must be a number of milliseconds or null',
    ],
    [
      'an expirationTime past what a Date can hold',
      { ...valid, expirationTime: 2.6e117 },
      'expirationTime must be a time a Date can hold (at most 8.64e15 ms)',
    ],
  ])('refuses %s with 400 and a message, storing nothing', async (_what, body, message) => {
    const res = await subscribe(alice.cookie, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { statusCode: number; code: string; message: string[] };
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(error.message).toContain(message);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await subscribe(alice.cookie, '{"endpoint":');
    expect(res.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it('stores the subscription for the user (201), and replaces the one with the same endpoint', async () => {
    const first = await subscribe(alice.cookie, valid);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ endpoint: valid.endpoint });
    expect(await rows()).toEqual([
      {
        user_id: alice.userId,
        endpoint: valid.endpoint,
        p256dh: P256DH,
        auth: AUTH,
        expires_at: null,
      },
    ]);

    // The browser renewed its keys: same endpoint, one row, new keys and expiry.
    const renewed = {
      ...valid,
      expirationTime: Date.parse('2031-05-01T00:00:00Z'),
      keys: { p256dh: `${P256DH.slice(0, -4)}AAAA`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    };
    expect((await subscribe(alice.cookie, renewed)).status).toBe(201);
    expect(await rows()).toEqual([
      {
        user_id: alice.userId,
        endpoint: valid.endpoint,
        p256dh: renewed.keys.p256dh,
        auth: renewed.keys.auth,
        expires_at: '2031-05-01T00:00:00Z',
      },
    ]);

    // A second browser of the same user is a second row.
    const laptop = {
      ...valid,
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    };
    expect((await subscribe(alice.cookie, laptop)).status).toBe(201);
    expect((await rows()).map((r) => [r.user_id, r.endpoint])).toEqual([
      [alice.userId, valid.endpoint],
      [alice.userId, laptop.endpoint],
    ]);

    // Bob signs in on Alice's laptop and subscribes: that browser's channel is now his.
    expect((await subscribe(bob.cookie, laptop)).status).toBe(201);
    expect((await rows()).map((r) => [r.user_id, r.endpoint])).toEqual([
      [alice.userId, valid.endpoint],
      [bob.userId, laptop.endpoint],
    ]);
  });
});
