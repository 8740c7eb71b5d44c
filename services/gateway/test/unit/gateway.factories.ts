// Shared pieces of the gateway's unit specs: fakes, a movable clock and factories.
import { JsonLogger } from '@frenly/platform';
import type { GatewayOptions } from '../../src/gateway.options.js';
import type { SessionRow } from '../../src/sessions/session.repository.js';
import type { UserRow } from '../../src/users/user.repository.js';

/** A clock the spec moves by hand. */
export function movableClock(start = new Date('2026-05-01T12:00:00.000Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance: (ms: number) => {
      now += ms;
    },
  });
}

export function silentLogger(): JsonLogger {
  return new JsonLogger({ service: 'gateway-unit', level: 'error', write: () => undefined });
}

/** Only what the services under test read; the infrastructure fields are never touched. */
export function gatewayOptions(
  overrides: { idleSeconds?: number; absoluteSeconds?: number } = {},
): GatewayOptions {
  return {
    mode: 'embedded',
    version: '9.9.9',
    ledgerUrl: 'http://ledger.invalid',
    identity: {
      session: {
        idleSeconds: overrides.idleSeconds ?? 3_600,
        absoluteSeconds: overrides.absoluteSeconds ?? 86_400,
      },
      vapidPublicKey: 'vapid-public-key',
    },
  } as unknown as GatewayOptions;
}

/** A well-formed session token (43 base64url characters). */
export const token = (fill = 'a') => fill.repeat(43);

export const factory = {
  sessionRow: (overrides: Partial<SessionRow> = {}): SessionRow => ({
    userId: 'user-1',
    provider: 'dev',
    idToken: null,
    lastSeenAt: new Date('2026-05-01T12:00:00.000Z'),
    expiresAt: new Date('2026-05-02T12:00:00.000Z'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    ...overrides,
  }),
  user: (overrides: Partial<UserRow> = {}): UserRow => ({
    id: 'user-1',
    provider: 'dev',
    subject: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    profileImageUrl: null,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    updatedAt: new Date('2026-01-01T00:00:00.000Z'),
    ...overrides,
  }),
};
