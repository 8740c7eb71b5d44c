import { LedgerErrorCodes, Topics, type VoteType } from '@frenly/contracts';
import { fakeOf } from '@frenly/testing';
import {
  counted,
  factory,
  fakeOutbox,
  fakeTransactions,
  fakeTx,
  newLedgerMetrics,
} from '../../test/unit/ledger.factories.js';
import { LedgerError } from '../ledger.errors.js';
import { SiteStatsRepository } from '../sites/site-stats.repository.js';
import { VotesRepository } from './votes.repository.js';
import { VotesService } from './votes.service.js';

const USER = 'user-1';
const SITE = 42;

function setup(current: VoteType | null = null) {
  const siteStats = fakeOf<SiteStatsRepository>();
  const votes = fakeOf<VotesRepository>();
  const transactions = fakeTransactions();
  const outbox = fakeOutbox();
  const metrics = newLedgerMetrics();
  siteStats.lockForVote.mockResolvedValue({ totals: factory.siteTotals(), current });
  // The counters after the change: what the repository's UPDATE … RETURNING answers.
  siteStats.applyVote.mockImplementation(async (_tx, _siteId, upDelta, downDelta) =>
    factory.siteTotals({ upvotes: 5 + upDelta, downvotes: 2 + downDelta, version: 8 }),
  );
  votes.set.mockResolvedValue(undefined);
  const sut = new VotesService(siteStats, votes, transactions, outbox, metrics);
  return { sut, siteStats, votes, transactions, outbox, metrics };
}

describe(VotesService.name, () => {
  describe('cast', () => {
    it.each([
      { current: null, requested: 'up', next: 'up', up: 1, down: 0, change: 'added' },
      { current: null, requested: 'down', next: 'down', up: 0, down: 1, change: 'added' },
      { current: 'up', requested: 'up', next: null, up: -1, down: 0, change: 'removed' },
      { current: 'down', requested: 'down', next: null, up: 0, down: -1, change: 'removed' },
      { current: 'down', requested: 'up', next: 'up', up: 1, down: -1, change: 'switched' },
      { current: 'up', requested: 'down', next: 'down', up: -1, down: 1, change: 'switched' },
    ] as const)(
      '$current then $requested: stores $next, moves the counters by ($up, $down), counts "$change"',
      async (row) => {
        const { sut, siteStats, votes, metrics } = setup(row.current);

        const answer = await sut.cast(USER, SITE, row.requested);

        expect(siteStats.lockForVote).toHaveBeenCalledWith(fakeTx, SITE, USER);
        expect(votes.set).toHaveBeenCalledWith(fakeTx, USER, SITE, row.next);
        expect(siteStats.applyVote).toHaveBeenCalledWith(fakeTx, SITE, row.up, row.down);
        expect(answer).toEqual({
          upvotes: 5 + row.up,
          downvotes: 2 + row.down,
          yourVote: row.next,
        });
        expect(await counted(metrics.votes, { change: row.change })).toBe(1);
      },
    );

    it('writes the vote-cast event with the new counters in the same transaction and publishes after commit', async () => {
      const { sut, outbox, transactions } = setup(null);

      await sut.cast(USER, SITE, 'up');

      expect(outbox.write).toHaveBeenCalledTimes(1);
      const [tx, events] = outbox.write.mock.calls[0]!;
      expect(tx).toBe(fakeTx);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        topic: Topics.VoteCast,
        key: String(SITE),
        payload: {
          siteId: SITE,
          userId: USER,
          vote: 'up',
          upvotes: 6,
          downvotes: 2,
          siteVersion: 8,
        },
      });
      expect(transactions.committed).toBe(1);
      expect(outbox.committed).toHaveBeenCalledTimes(1);
      expect(outbox.write.mock.invocationCallOrder[0]).toBeLessThan(
        outbox.committed.mock.invocationCallOrder[0]!,
      );
    });

    it('refuses an unknown site with 404 and changes nothing', async () => {
      const { sut, siteStats, votes, outbox, metrics } = setup();
      siteStats.lockForVote.mockResolvedValue(undefined);

      const error = await sut.cast(USER, 99, 'up').catch((reason: unknown) => reason);

      expect(error).toBeInstanceOf(LedgerError);
      expect((error as LedgerError).code).toBe(LedgerErrorCodes.SiteNotFound);
      expect((error as LedgerError).httpStatus).toBe(404);
      expect(votes.set).not.toHaveBeenCalled();
      expect(siteStats.applyVote).not.toHaveBeenCalled();
      expect(outbox.write).not.toHaveBeenCalled();
      expect(outbox.committed).not.toHaveBeenCalled();
      expect(await counted(metrics.votes)).toBe(0);
    });

    it('neither publishes nor counts when the transaction fails', async () => {
      const { sut, outbox, siteStats, metrics } = setup();
      siteStats.applyVote.mockRejectedValue(new Error('serialization failure'));

      await expect(sut.cast(USER, SITE, 'up')).rejects.toThrow('serialization failure');
      expect(outbox.committed).not.toHaveBeenCalled();
      expect(await counted(metrics.votes)).toBe(0);
    });
  });

  describe('mine', () => {
    it("maps the user's votes by site id", async () => {
      const { sut, votes } = setup();
      votes.mine.mockResolvedValue([
        { siteId: 1, type: 'up' },
        { siteId: 3, type: 'down' },
      ]);

      await expect(sut.mine(USER, [1, 2, 3])).resolves.toEqual({
        votes: { '1': 'up', '3': 'down' },
      });
      expect(votes.mine).toHaveBeenCalledWith(USER, [1, 2, 3]);
    });
  });
});
