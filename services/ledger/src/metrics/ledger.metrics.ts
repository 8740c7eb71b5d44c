import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { MetricsService } from '@frenly/platform';

export type StakeOutcome =
  'placed' | 'replayed' | 'insufficient_balance' | 'unknown_site' | 'idempotency_key_reused';

/** The ledger's own Prometheus series (the outbox backlog gauge lives with the relay). */
@Injectable()
export class LedgerMetrics {
  readonly stakes: Counter<'outcome'>;
  readonly stakedBamboo: Counter;
  readonly votes: Counter<'change'>;
  readonly signupGrants: Counter;
  readonly stakeGroupSize: Histogram;

  constructor(metrics: MetricsService) {
    this.stakes = metrics.counter({
      name: 'ledger_stakes_total',
      help: 'Stake requests by outcome',
      labelNames: ['outcome'],
    });
    this.stakedBamboo = metrics.counter({
      name: 'ledger_staked_bamboo_total',
      help: 'Bamboo moved from users to site pools',
    });
    this.votes = metrics.counter({
      name: 'ledger_votes_total',
      help: 'Committed votes by change (added, removed, switched)',
      labelNames: ['change'],
    });
    this.signupGrants = metrics.counter({
      name: 'ledger_signup_grants_total',
      help: 'Accounts opened with their signup grant',
    });
    this.stakeGroupSize = metrics.histogram({
      name: 'ledger_stake_group_size',
      help: 'Stakes booked per database call (group commit)',
      buckets: [1, 2, 4, 8, 16, 32],
    });
  }
}
