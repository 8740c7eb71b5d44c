import { fakeOf } from '@frenly/testing';
import {
  factory,
  gatewayOptions,
  movableClock,
  silentLogger,
  token,
} from '../../test/unit/gateway.factories.js';
import { SessionRepository } from './session.repository.js';
import { hashToken, SessionService } from './session.service.js';

const IDLE_S = 3_600;
const ABSOLUTE_S = 86_400;

function setup() {
  const repository = fakeOf<SessionRepository>();
  const clock = movableClock();
  repository.insert.mockResolvedValue(undefined);
  repository.delete.mockResolvedValue(undefined);
  repository.touch.mockResolvedValue(undefined);
  repository.findWithUser.mockResolvedValue(
    factory.sessionRow({
      lastSeenAt: clock(),
      expiresAt: new Date(clock().getTime() + ABSOLUTE_S * 1000),
    }),
  );
  const sut = new SessionService(
    repository,
    gatewayOptions({ idleSeconds: IDLE_S, absoluteSeconds: ABSOLUTE_S }),
    clock,
    silentLogger(),
  );
  return { sut, repository, clock };
}

describe(SessionService.name, () => {
  describe('start', () => {
    it('stores only the hash of a fresh random token, expiring after the absolute lifetime', async () => {
      const { sut, repository, clock } = setup();

      const started = await sut.start('user-1', 'dev', 'id-token');

      expect(started.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(started.maxAgeSeconds).toBe(ABSOLUTE_S);
      expect(repository.insert).toHaveBeenCalledWith({
        idHash: hashToken(started.token),
        userId: 'user-1',
        provider: 'dev',
        idToken: 'id-token',
        createdAt: clock(),
        expiresAt: new Date(clock().getTime() + ABSOLUTE_S * 1000),
      });
      expect((await sut.start('user-1', 'dev', null)).token).not.toBe(started.token);
    });

    it("ends the browser's previous session", async () => {
      const { sut, repository } = setup();

      await sut.start('user-1', 'dev', null, token('p'));

      expect(repository.delete).toHaveBeenCalledWith(hashToken(token('p')));
    });

    it('ignores a previous token that is not a session token', async () => {
      const { sut, repository } = setup();

      await sut.start('user-1', 'dev', null, 'forged');

      expect(repository.delete).not.toHaveBeenCalled();
    });
  });

  describe('resolve', () => {
    it.each([undefined, '', 'short', `${token()}x`, `${'a'.repeat(42)}!`])(
      'answers nothing for %j without a query',
      async (cookie) => {
        const { sut, repository } = setup();

        await expect(sut.resolve(cookie)).resolves.toBeUndefined();
        expect(repository.findWithUser).not.toHaveBeenCalled();
      },
    );

    it("answers the session's identity and provider", async () => {
      const { sut, repository } = setup();

      await expect(sut.resolve(token())).resolves.toEqual({
        identity: {
          userId: 'user-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.org',
        },
        provider: 'dev',
      });
      expect(repository.findWithUser).toHaveBeenCalledWith(hashToken(token()));
    });

    it('answers nothing for an unknown session', async () => {
      const { sut, repository } = setup();
      repository.findWithUser.mockResolvedValue(undefined);

      await expect(sut.resolve(token())).resolves.toBeUndefined();
    });

    it('reuses a looked-up session for two seconds, then asks again', async () => {
      const { sut, repository, clock } = setup();

      await sut.resolve(token());
      clock.advance(1_999);
      await sut.resolve(token());
      expect(repository.findWithUser).toHaveBeenCalledTimes(1);

      clock.advance(1);
      await sut.resolve(token());
      expect(repository.findWithUser).toHaveBeenCalledTimes(2);
    });

    it.each([
      [
        'idle for the idle lifetime',
        (now: Date) => ({ lastSeenAt: new Date(now.getTime() - IDLE_S * 1000) }),
      ],
      [
        'past its absolute expiry, however recently used',
        (now: Date) => ({ lastSeenAt: now, expiresAt: now }),
      ],
    ])('deletes and refuses a session %s', async (_when, session) => {
      const { sut, repository, clock } = setup();
      repository.findWithUser.mockResolvedValue(factory.sessionRow(session(clock())));

      await expect(sut.resolve(token())).resolves.toBeUndefined();
      expect(repository.delete).toHaveBeenCalledWith(hashToken(token()));
    });

    it('records the last use at most every tenth of the idle lifetime (capped at a minute)', async () => {
      const { sut, repository, clock } = setup();
      const touchEveryMs = Math.min(60_000, (IDLE_S * 1000) / 10);

      await sut.resolve(token());
      expect(repository.touch).not.toHaveBeenCalled();

      clock.advance(touchEveryMs);
      repository.findWithUser.mockClear();
      await sut.resolve(token());
      expect(repository.touch).toHaveBeenCalledWith(hashToken(token()), clock());

      // The touch moved the cached row's last use: no second write right after.
      await sut.resolve(token());
      expect(repository.touch).toHaveBeenCalledTimes(1);
    });
  });

  describe('end', () => {
    it('deletes the session and forgets the cached row', async () => {
      const { sut, repository } = setup();
      await sut.resolve(token());
      repository.delete.mockResolvedValue({ provider: 'dev', idToken: 'id-token' });

      await expect(sut.end(token())).resolves.toEqual({ provider: 'dev', idToken: 'id-token' });

      repository.findWithUser.mockResolvedValue(undefined);
      await expect(sut.resolve(token())).resolves.toBeUndefined();
    });

    it('does nothing for a malformed token', async () => {
      const { sut, repository } = setup();

      await expect(sut.end('nope')).resolves.toBeUndefined();
      expect(repository.delete).not.toHaveBeenCalled();
    });
  });

  it('purges sessions past their absolute expiry or idle since before the idle lifetime', async () => {
    const { sut, repository, clock } = setup();
    repository.deleteExpired.mockResolvedValue(4);

    await expect(sut.purgeExpired()).resolves.toBe(4);
    expect(repository.deleteExpired).toHaveBeenCalledWith(
      clock(),
      new Date(clock().getTime() - IDLE_S * 1000),
    );
  });
});
