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

  // The server POSTs to an endpoint later: the fetcher's address policy keeps it off our network.
  it.each([
    ['a loopback IP', 'https://127.0.0.1:8443/send/1'],
    ['a loopback IP in decimal notation', 'https://2130706433/send/1'],
    ['an IPv6 loopback', 'https://[::1]/send/1'],
    ['a loopback name', 'https://localhost/send/1'],
    ['a private address', 'https://10.0.0.5/send/1'],
    ['an IPv4-mapped private address', 'https://[::ffff:192.168.1.1]/send/1'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['the cloud metadata name', 'https://metadata.google.internal/computeMetadata/v1'],
    ['credentials in the URL', 'https://user:pw@push.example.com/send/1'],
  ])('refuses an endpoint with %s (400), storing nothing', async (_what, endpoint) => {
    const res = await subscribe(alice.cookie, { ...valid, endpoint });
    expect(res.status).toBe(400);
    const error = (await res.json()) as { code: string; message: string | string[] };
    expect(error.code).toBe('VALIDATION_FAILED');
    // Names without a dot are already no URL to the DTO's check; the rest meet the address policy.
    expect(String(error.message)).toMatch(/endpoint must be (an https URL|on a public host)/);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await subscribe(alice.cookie, '{"endpoint":');
    expect(res.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("stores the subscription for the user (201), replaces their own with the same endpoint, never another user's", async () => {
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

    // Bob sends the endpoint of Alice's laptop with keys of his own: he gets a row of his own,
    // and Alice's row (owner and keys) stays exactly as it was.
    const before = await rows();
    const bobsKeys = { p256dh: `${P256DH.slice(0, -4)}BBBB`, auth: 'BBBBBBBBBBBBBBBBBBBBBB' };
    expect((await subscribe(bob.cookie, { ...laptop, keys: bobsKeys })).status).toBe(201);
    const after = await rows();
    expect(after.filter((r) => r.user_id === alice.userId)).toEqual(before);
    expect(after.filter((r) => r.user_id === bob.userId)).toEqual([
      {
        user_id: bob.userId,
        endpoint: laptop.endpoint,
        p256dh: bobsKeys.p256dh,
        auth: bobsKeys.auth,
        expires_at: null,
      },
    ]);
  });
});
