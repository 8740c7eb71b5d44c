import { Module, type DynamicModule } from '@nestjs/common';
import { ledgerProcessedEvents, type Database } from '@frenly/db';
import type { EventBus } from '@frenly/events';
import {
  DATABASE,
  EVENT_BUS,
  IDENTITY_TOKENS,
  IdentityTokens,
  withEventConsumers,
} from '@frenly/platform';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { AccountsService } from './accounts/accounts.service.js';
import { BalanceController } from './accounts/balance.controller.js';
import { LedgerAuditRepository } from './audit/ledger-audit.repository.js';
import { SiteIndexedConsumer } from './consumers/site-indexed.consumer.js';
import { Transactions } from './db/transactions.js';
import { JournalRepository } from './journal/journal.repository.js';
import { LEDGER_SETTINGS, resolveLedgerSettings, type LedgerSettings } from './ledger.settings.js';
import { LedgerMetrics } from './metrics/ledger.metrics.js';
import { LedgerOutbox } from './outbox/ledger-outbox.js';
import { CommunityController } from './sites/community.controller.js';
import { CommunityService } from './sites/community.service.js';
import { InternalCommunityController } from './sites/internal-community.controller.js';
import { KnownSitesRepository } from './sites/known-sites.repository.js';
import { KnownSitesService } from './sites/known-sites.service.js';
import { SiteStatsRepository } from './sites/site-stats.repository.js';
import { IdempotencyPruner } from './stakes/idempotency-pruner.js';
import { IdempotencyRepository } from './stakes/idempotency.repository.js';
import { StakeBookingRepository } from './stakes/stake-booking.repository.js';
import { StakesController } from './stakes/stakes.controller.js';
import { StakesRepository } from './stakes/stakes.repository.js';
import { StakesService } from './stakes/stakes.service.js';
import { MyVotesController } from './votes/my-votes.controller.js';
import { VotesController } from './votes/votes.controller.js';
import { VotesRepository } from './votes/votes.repository.js';
import { VotesService } from './votes/votes.service.js';

/** What the runtime hands the ledger service (shared instances in the embedded runtime). */
export interface LedgerInfrastructure {
  readonly identityTokens: IdentityTokens;
  readonly db: Database;
  readonly bus: EventBus;
  /** Defaults suit production (e.g. the 1,000-bamboo signup grant). */
  readonly settings?: Partial<LedgerSettings>;
  /**
   * Serve the internal routes (POST /internal/community, for the analysis service): the
   * distributed runtime only; embedded, the analysis calls CommunityService in process.
   */
  readonly internalRoutes?: boolean;
}

/** The ledger service: bamboo accounts, stakes and votes; events leave through the transactional outbox. */
@Module({})
export class LedgerModule {
  static forRoot(infra: LedgerInfrastructure): DynamicModule {
    return withEventConsumers(
      {
        module: LedgerModule,
        controllers: [
          BalanceController,
          StakesController,
          VotesController,
          MyVotesController,
          CommunityController,
          ...(infra.internalRoutes ? [InternalCommunityController] : []),
        ],
        providers: [
          { provide: DATABASE, useValue: infra.db },
          { provide: EVENT_BUS, useValue: infra.bus },
          { provide: IDENTITY_TOKENS, useValue: infra.identityTokens },
          { provide: LEDGER_SETTINGS, useValue: resolveLedgerSettings(infra.settings) },
          Transactions,
          LedgerMetrics,
          LedgerOutbox,
          AccountsRepository,
          JournalRepository,
          KnownSitesRepository,
          SiteStatsRepository,
          StakesRepository,
          StakeBookingRepository,
          VotesRepository,
          IdempotencyRepository,
          IdempotencyPruner,
          LedgerAuditRepository,
          AccountsService,
          KnownSitesService,
          StakesService,
          VotesService,
          CommunityService,
          SiteIndexedConsumer,
        ],
        exports: [
          AccountsService,
          StakesService,
          VotesService,
          KnownSitesService,
          CommunityService,
          LedgerAuditRepository,
          LedgerOutbox,
        ],
      },
      { processedEvents: ledgerProcessedEvents },
    );
  }
}
