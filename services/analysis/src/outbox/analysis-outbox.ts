import { Inject, Injectable } from '@nestjs/common';
import { analysisOutbox, type Database } from '@frenly/db';
import type { EventBus } from '@frenly/events';
import {
  DATABASE,
  EVENT_BUS,
  JsonLogger,
  MetricsService,
  TransactionalOutbox,
} from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';

/** The analysis service's transactional outbox (analysis.site-analyzed). */
@Injectable()
export class AnalysisOutbox extends TransactionalOutbox {
  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(ANALYSIS_SETTINGS) settings: AnalysisSettings,
    logger: JsonLogger,
    metrics: MetricsService,
  ) {
    super(
      {
        service: 'analysis',
        db,
        bus,
        table: analysisOutbox,
        pollIntervalMs: settings.relayPollIntervalMs,
        drainTimeoutMs: settings.relayDrainTimeoutMs,
      },
      logger,
      metrics,
    );
  }
}
