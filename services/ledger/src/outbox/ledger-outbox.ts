import { Inject, Injectable } from '@nestjs/common';
import { ledgerOutbox, type Database } from '@frenly/db';
import type { EventBus } from '@frenly/events';
import {
  DATABASE,
  EVENT_BUS,
  JsonLogger,
  MetricsService,
  TransactionalOutbox,
} from '@frenly/platform';
import { LEDGER_SETTINGS, type LedgerSettings } from '../ledger.settings.js';

/** The ledger's transactional outbox (ledger.stake-placed, ledger.vote-cast). */
@Injectable()
export class LedgerOutbox extends TransactionalOutbox {
  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(LEDGER_SETTINGS) settings: LedgerSettings,
    logger: JsonLogger,
    metrics: MetricsService,
  ) {
    super(
      {
        service: 'ledger',
        db,
        bus,
        table: ledgerOutbox,
        pollIntervalMs: settings.relayPollIntervalMs,
        lingerMs: settings.relayLingerMs,
        drainTimeoutMs: settings.relayDrainTimeoutMs,
      },
      logger,
      metrics,
    );
  }
}
