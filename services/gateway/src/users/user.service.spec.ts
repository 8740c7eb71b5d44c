import type { Identity } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { factory, token } from '../../test/unit/gateway.factories.js';
import { IdentityError } from '../auth/identity.error.js';
import { LedgerBalanceClient } from './ledger-balance.client.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

const IDENTITY: Identity = {
  userId: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
};

function setup() {
  const users = fakeOf<UserRepository>();
  const ledger = fakeOf<LedgerBalanceClient>();
  users.getById.mockResolvedValue(factory.user({ profileImageUrl: 'https://img.example/ada.png' }));
  ledger.balanceOf.mockResolvedValue(990);
  return { sut: new UserService(users, ledger), users, ledger };
}

describe(UserService.name, () => {
  it("answers the signed-in user's profile with the ledger's balance", async () => {
    const { sut, users, ledger } = setup();

    await expect(sut.current(IDENTITY, token())).resolves.toEqual({
      id: 'user-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      profileImageUrl: 'https://img.example/ada.png',
      bambooBalance: 990,
    });
    expect(users.getById).toHaveBeenCalledWith('user-1');
    expect(ledger.balanceOf).toHaveBeenCalledWith(IDENTITY, token());
  });

  it('answers null when signed out, without asking the repository or the ledger', async () => {
    const { sut, users, ledger } = setup();

    await expect(sut.current(null, undefined)).resolves.toBeNull();
    expect(users.getById).not.toHaveBeenCalled();
    expect(ledger.balanceOf).not.toHaveBeenCalled();
  });

  it('refuses with 401 a session whose user no longer exists, without asking the ledger', async () => {
    const { sut, users, ledger } = setup();
    users.getById.mockResolvedValue(undefined);

    const error = await sut.current(IDENTITY, token()).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe('USER_NOT_FOUND');
    expect((error as IdentityError).httpStatus).toBe(401);
    expect(ledger.balanceOf).not.toHaveBeenCalled();
  });

  it("passes the ledger's failure on", async () => {
    const { sut, ledger } = setup();
    ledger.balanceOf.mockRejectedValue(new IdentityError('LEDGER_UNAVAILABLE', 'ledger down'));

    await expect(sut.current(IDENTITY, token())).rejects.toThrow('ledger down');
  });
});
