import { Injectable } from '@nestjs/common';
import { Topics, type MyVotesResponse, type VoteResponse, type VoteType } from '@frenly/contracts';
import { makeEvent } from '@frenly/events';
import { requestEventHeaders } from '@frenly/platform';
import { Transactions } from '../db/transactions.js';
import { LedgerError } from '../ledger.errors.js';
import { LedgerMetrics } from '../metrics/ledger.metrics.js';
import { LedgerOutbox } from '../outbox/ledger-outbox.js';
import { SiteStatsRepository } from '../sites/site-stats.repository.js';
import { voteTransition } from './vote-transition.js';
import { VotesRepository } from './votes.repository.js';

/** Votes: one per user per site, changed with the site's counters and the vote-cast event in one transaction. */
@Injectable()
export class VotesService {
  constructor(
    private readonly siteStats: SiteStatsRepository,
    private readonly votes: VotesRepository,
    private readonly transactions: Transactions,
    private readonly outbox: LedgerOutbox,
    private readonly metrics: LedgerMetrics,
  ) {}

  async cast(userId: string, siteId: number, requested: VoteType): Promise<VoteResponse> {
    const { totals, change, next } = await this.transactions.run(async (tx) => {
      const locked = await this.siteStats.lockForVote(tx, siteId, userId);
      if (!locked) throw LedgerError.siteNotFound(siteId);
      const transition = voteTransition(locked.current, requested);
      await this.votes.set(tx, userId, siteId, transition.next);
      const totals = await this.siteStats.applyVote(
        tx,
        siteId,
        transition.upDelta,
        transition.downDelta,
      );
      await this.outbox.write(tx, [
        makeEvent(
          Topics.VoteCast,
          siteId,
          {
            siteId,
            userId,
            vote: transition.next,
            upvotes: totals.upvotes,
            downvotes: totals.downvotes,
            siteVersion: totals.version,
          },
          requestEventHeaders(),
        ),
      ]);
      return { totals, change: transition.change, next: transition.next };
    });
    this.outbox.committed();
    this.metrics.votes.inc({ change });
    return { upvotes: totals.upvotes, downvotes: totals.downvotes, yourVote: next };
  }

  async mine(userId: string, siteIds: readonly number[]): Promise<MyVotesResponse> {
    const rows = await this.votes.mine(userId, siteIds);
    return { votes: Object.fromEntries(rows.map((row) => [String(row.siteId), row.type])) };
  }
}
