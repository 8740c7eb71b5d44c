import { LedgerErrorCodes, Topics, TopicVersions } from '@frenly/contracts';
import { SCHEMA_VERSION_HEADER } from '@frenly/events';
import { fakeOf } from '@frenly/testing';
import {
  counted,
  factory,
  fakeOutbox,
  fakeTransactions,
  fakeTx,
  newLedgerMetrics,
} from '../../test/unit/ledger.factories.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { LedgerError } from '../ledger.errors.js';
import { KnownSitesService } from '../sites/known-sites.service.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { StakeBookingRepository } from './stake-booking.repository.js';
import { stakeRequestFingerprint } from './stake-request.js';
import { StakesRepository } from './stakes.repository.js';
import { StakesService, USER_STAKES_LIMIT } from './stakes.service.js';

const USER = 'user-1';
const KEY = 'key-1';

function setup() {
  const accountsService = fakeOf<AccountsService>();
  const accounts = fakeOf<AccountsRepository>();
  const booking = fakeOf<StakeBookingRepository>();
  const stakes = fakeOf<StakesRepository>();
  const knownSites = fakeOf<KnownSitesService>();
  const idempotency = fakeOf<IdempotencyRepository>();
  const transactions = fakeTransactions();
  const outbox = fakeOutbox();
  const metrics = newLedgerMetrics();
  knownSites.isKnown.mockResolvedValue(true);
  accountsService.ensureOpen.mockResolvedValue(undefined);
  idempotency.find.mockResolvedValue(undefined);
  idempotency.save.mockResolvedValue(undefined);
  accounts.lockUserAccount.mockResolvedValue(factory.account(1_000));
  accounts.findUserAccount.mockResolvedValue(factory.account(1_000));
  booking.book.mockResolvedValue(factory.booked(990));
  const sut = new StakesService(
    accountsService,
    accounts,
    booking,
    stakes,
    knownSites,
    idempotency,
    transactions,
    outbox,
    metrics,
  );
  return {
    sut,
    accountsService,
    accounts,
    booking,
    stakes,
    knownSites,
    idempotency,
    transactions,
    outbox,
    metrics,
  };
}

async function refusal(promise: Promise<unknown>): Promise<LedgerError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof LedgerError))
    throw new Error(`expected a LedgerError, got ${String(error)}`);
  return error;
}

describe(StakesService.name, () => {
  describe('place without an Idempotency-Key', () => {
    it("books the stake with its stake-placed event and answers with the new balance and the site's totals", async () => {
      const { sut, booking, accountsService, outbox, metrics } = setup();
      booking.book.mockResolvedValue({
        ...factory.booked(990),
        supportTotal: 40,
        concernTotal: 25,
      });
      const request = factory.stakeRequest({ amount: 10, message: 'good site' });

      const placed = await sut.place(USER, request);

      expect(accountsService.ensureOpen).toHaveBeenCalledWith(USER);
      expect(booking.book).toHaveBeenCalledTimes(1);
      const [stake, event, executor] = booking.book.mock.calls[0]!;
      expect(stake).toMatchObject({
        userId: USER,
        siteId: 42,
        amount: 10,
        type: 'support',
        message: 'good site',
      });
      expect(executor).toBeUndefined();
      expect(event).toMatchObject({
        topic: Topics.StakePlaced,
        key: '42',
        headers: { [SCHEMA_VERSION_HEADER]: String(TopicVersions[Topics.StakePlaced]) },
        occurredAt: stake.createdAt.toISOString(),
        payload: {
          stakeId: stake.stakeId,
          siteId: 42,
          userId: USER,
          amount: 10,
          type: 'support',
          message: 'good site',
        },
      });
      expect(placed).toEqual({
        replayed: false,
        response: {
          stake: {
            id: stake.stakeId,
            userId: USER,
            siteId: 42,
            amount: 10,
            type: 'support',
            message: 'good site',
            createdAt: stake.createdAt.toISOString(),
            domain: 'example.org',
          },
          bambooBalance: 990,
          site: { totalStaked: 65, supportTotal: 40, concernTotal: 25 },
        },
      });
      expect(outbox.committed).toHaveBeenCalledTimes(1);
      expect(await counted(metrics.stakes, { outcome: 'placed' })).toBe(1);
      expect(await counted(metrics.stakedBamboo)).toBe(10);
    });

    it('gives every stake its own id and event id', async () => {
      const { sut, booking } = setup();
      await sut.place(USER, factory.stakeRequest());
      await sut.place(USER, factory.stakeRequest());
      const [first, second] = booking.book.mock.calls;
      expect(first![0].stakeId).not.toBe(second![0].stakeId);
      expect(first![1].id).not.toBe(second![1].id);
    });

    it('refuses an unknown site before opening an account or booking anything', async () => {
      const { sut, knownSites, accountsService, booking, outbox, metrics } = setup();
      knownSites.isKnown.mockResolvedValue(false);

      const error = await refusal(sut.place(USER, factory.stakeRequest({ siteId: 99 })));

      expect(error.code).toBe(LedgerErrorCodes.UnknownSite);
      expect(error.httpStatus).toBe(400);
      expect(knownSites.isKnown).toHaveBeenCalledWith(99);
      expect(accountsService.ensureOpen).not.toHaveBeenCalled();
      expect(booking.book).not.toHaveBeenCalled();
      expect(outbox.committed).not.toHaveBeenCalled();
      expect(await counted(metrics.stakes, { outcome: 'unknown_site' })).toBe(1);
    });

    it('explains a refused booking by an insufficient balance when the balance is below the amount', async () => {
      const { sut, booking, accounts, outbox, metrics } = setup();
      booking.book.mockResolvedValue(undefined);
      accounts.findUserAccount.mockResolvedValue(factory.account(9));

      const error = await refusal(sut.place(USER, factory.stakeRequest({ amount: 10 })));

      expect(error.code).toBe(LedgerErrorCodes.InsufficientBalance);
      expect(accounts.findUserAccount).toHaveBeenCalledWith(USER);
      expect(outbox.committed).not.toHaveBeenCalled();
      expect(await counted(metrics.stakes, { outcome: 'insufficient_balance' })).toBe(1);
      expect(await counted(metrics.stakedBamboo)).toBe(0);
    });

    it('explains a refused booking by an insufficient balance when the account is missing', async () => {
      const { sut, booking, accounts } = setup();
      booking.book.mockResolvedValue(undefined);
      accounts.findUserAccount.mockResolvedValue(undefined);

      expect((await refusal(sut.place(USER, factory.stakeRequest()))).code).toBe(
        LedgerErrorCodes.InsufficientBalance,
      );
    });

    it('explains a refused booking with enough balance by a site without a pool', async () => {
      const { sut, booking, accounts, metrics } = setup();
      booking.book.mockResolvedValue(undefined);
      accounts.findUserAccount.mockResolvedValue(factory.account(10));

      const error = await refusal(sut.place(USER, factory.stakeRequest({ amount: 10 })));

      expect(error.code).toBe(LedgerErrorCodes.UnknownSite);
      expect(await counted(metrics.stakes, { outcome: 'unknown_site' })).toBe(1);
    });

    it('does not count an unexpected failure as a refusal', async () => {
      const { sut, booking, metrics } = setup();
      booking.book.mockRejectedValue(new Error('connection lost'));

      await expect(sut.place(USER, factory.stakeRequest())).rejects.toThrow('connection lost');
      expect(await counted(metrics.stakes)).toBe(0);
    });
  });

  describe('place with an Idempotency-Key', () => {
    it('books under the account lock and stores the answer with the booking', async () => {
      const { sut, accounts, booking, idempotency, transactions, outbox } = setup();
      const request = factory.stakeRequest();

      const placed = await sut.place(USER, request, KEY);

      expect(accounts.lockUserAccount).toHaveBeenCalledWith(fakeTx, USER);
      expect(idempotency.find).toHaveBeenNthCalledWith(1, USER, KEY);
      expect(idempotency.find).toHaveBeenNthCalledWith(2, USER, KEY, fakeTx);
      expect(booking.book.mock.calls[0]![2]).toBe(fakeTx);
      expect(idempotency.save).toHaveBeenCalledWith(fakeTx, USER, KEY, {
        requestHash: stakeRequestFingerprint(request),
        statusCode: 201,
        response: placed.response,
      });
      expect(placed.replayed).toBe(false);
      expect(transactions.committed).toBe(1);
      expect(outbox.committed).toHaveBeenCalledTimes(1);
    });

    it('replays a committed answer without checking the site, booking or publishing', async () => {
      const { sut, idempotency, knownSites, booking, transactions, outbox, metrics } = setup();
      const request = factory.stakeRequest();
      const response = { stake: { id: 'earlier' }, bambooBalance: 990 };
      idempotency.find.mockResolvedValue({
        requestHash: stakeRequestFingerprint(request),
        statusCode: 201,
        response,
      });

      const placed = await sut.place(USER, request, KEY);

      expect(placed).toEqual({ response, replayed: true });
      expect(knownSites.isKnown).not.toHaveBeenCalled();
      expect(booking.book).not.toHaveBeenCalled();
      expect(transactions.committed).toBe(0);
      expect(outbox.committed).not.toHaveBeenCalled();
      expect(await counted(metrics.stakes, { outcome: 'replayed' })).toBe(1);
      expect(await counted(metrics.stakedBamboo)).toBe(0);
    });

    it('replays the answer a concurrent request stored while this one waited for the lock', async () => {
      const { sut, idempotency, booking, outbox } = setup();
      const request = factory.stakeRequest();
      const stored = {
        requestHash: stakeRequestFingerprint(request),
        statusCode: 201,
        response: { stake: { id: 'concurrent' } },
      };
      idempotency.find.mockResolvedValueOnce(undefined).mockResolvedValueOnce(stored);

      const placed = await sut.place(USER, request, KEY);

      expect(placed).toEqual({ response: stored.response, replayed: true });
      expect(booking.book).not.toHaveBeenCalled();
      expect(idempotency.save).not.toHaveBeenCalled();
      expect(outbox.committed).not.toHaveBeenCalled();
    });

    it('refuses a key reused with another request (fast path and under the lock)', async () => {
      const { sut, idempotency, booking, metrics } = setup();
      const other = {
        requestHash: stakeRequestFingerprint(factory.stakeRequest({ amount: 11 })),
        statusCode: 201,
        response: {},
      };
      idempotency.find.mockResolvedValue(other);
      const fast = await refusal(sut.place(USER, factory.stakeRequest({ amount: 10 }), KEY));

      idempotency.find.mockReset();
      idempotency.find.mockResolvedValueOnce(undefined).mockResolvedValueOnce(other);
      const locked = await refusal(sut.place(USER, factory.stakeRequest({ amount: 10 }), KEY));

      expect(fast.code).toBe(LedgerErrorCodes.IdempotencyKeyReused);
      expect(fast.httpStatus).toBe(422);
      expect(locked.code).toBe(LedgerErrorCodes.IdempotencyKeyReused);
      expect(booking.book).not.toHaveBeenCalled();
      expect(await counted(metrics.stakes, { outcome: 'idempotency_key_reused' })).toBe(2);
    });

    it('refuses an amount above the locked balance without booking or storing an answer', async () => {
      const { sut, accounts, booking, idempotency, transactions, outbox } = setup();
      accounts.lockUserAccount.mockResolvedValue(factory.account(9));

      const error = await refusal(sut.place(USER, factory.stakeRequest({ amount: 10 }), KEY));

      expect(error.code).toBe(LedgerErrorCodes.InsufficientBalance);
      expect(booking.book).not.toHaveBeenCalled();
      expect(idempotency.save).not.toHaveBeenCalled();
      expect(transactions.committed).toBe(0);
      expect(outbox.committed).not.toHaveBeenCalled();
    });

    it('accepts an amount equal to the locked balance', async () => {
      const { sut, accounts } = setup();
      accounts.lockUserAccount.mockResolvedValue(factory.account(10));

      await expect(
        sut.place(USER, factory.stakeRequest({ amount: 10 }), KEY),
      ).resolves.toMatchObject({ replayed: false });
    });

    it('refuses when the user has no account to lock', async () => {
      const { sut, accounts, booking } = setup();
      accounts.lockUserAccount.mockResolvedValue(undefined);

      expect((await refusal(sut.place(USER, factory.stakeRequest(), KEY))).code).toBe(
        LedgerErrorCodes.InsufficientBalance,
      );
      expect(booking.book).not.toHaveBeenCalled();
    });

    it('blames the site when the booking finds no pool although the balance covers the amount', async () => {
      const { sut, booking, idempotency, transactions } = setup();
      booking.book.mockResolvedValue(undefined);

      expect((await refusal(sut.place(USER, factory.stakeRequest(), KEY))).code).toBe(
        LedgerErrorCodes.UnknownSite,
      );
      expect(idempotency.save).not.toHaveBeenCalled();
      expect(transactions.committed).toBe(0);
    });

    it('refuses an unknown site before opening a transaction', async () => {
      const { sut, knownSites, accountsService, transactions, accounts } = setup();
      knownSites.isKnown.mockResolvedValue(false);

      expect((await refusal(sut.place(USER, factory.stakeRequest(), KEY))).code).toBe(
        LedgerErrorCodes.UnknownSite,
      );
      expect(accountsService.ensureOpen).not.toHaveBeenCalled();
      expect(accounts.lockUserAccount).not.toHaveBeenCalled();
      expect(transactions.committed).toBe(0);
    });
  });

  describe('listForUser', () => {
    it("returns the user's newest stakes, at most USER_STAKES_LIMIT", async () => {
      const { sut, stakes } = setup();
      stakes.listByUser.mockResolvedValue([]);

      await expect(sut.listForUser(USER)).resolves.toEqual([]);
      expect(stakes.listByUser).toHaveBeenCalledWith(USER, USER_STAKES_LIMIT);
      expect(USER_STAKES_LIMIT).toBe(100);
    });
  });
});
