import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { LEDGER_SETTINGS, type LedgerSettings } from '../ledger.settings.js';
import { IdempotencyRepository } from './idempotency.repository.js';

/** Deletes Idempotency-Keys older than their time to live, now and then, so the table stays small. */
@Injectable()
export class IdempotencyPruner implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private readonly logger: JsonLogger;

  constructor(
    private readonly keys: IdempotencyRepository,
    @Inject(LEDGER_SETTINGS) private readonly settings: LedgerSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('IdempotencyPruner');
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.prune(), this.settings.idempotencyPruneIntervalMs);
    this.timer.unref();
  }

  /** Deletes expired keys; returns how many (0 when a pass is already running or it failed). */
  async prune(now = Date.now()): Promise<number> {
    if (this.running) return 0;
    const pass = this.keys
      .deleteOlderThan(new Date(now - this.settings.idempotencyKeyTtlMs))
      .catch((error: unknown) => {
        this.logger.exception('pruning idempotency keys failed', error);
        return 0;
      });
    this.running = pass;
    try {
      return await pass;
    } finally {
      this.running = undefined;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running; // before the database closes
  }
}
