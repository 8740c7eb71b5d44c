import type { BeforeApplicationShutdown, OnApplicationShutdown } from '@nestjs/common';
import type { ReadinessRegistry } from '../health/readiness.registry.js';
import type { JsonLogger } from '../logging/json-logger.js';

/** Something the process opened at boot and must close on the way out (job queue, bus, database). */
export interface ClosableResource {
  readonly name: string;
  close(): Promise<unknown>;
}

/**
 * Rides Nest's shutdown sequence: before the HTTP server stops, readiness turns to
 * not-ready; after it has stopped (in-flight requests done), resources close in order.
 */
export class ShutdownCoordinator implements BeforeApplicationShutdown, OnApplicationShutdown {
  private closed = false;

  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly resources: readonly ClosableResource[],
    private readonly logger: JsonLogger,
  ) {}

  beforeApplicationShutdown(signal?: string): void {
    this.readiness.markShuttingDown();
    this.logger.info('shutting down', { context: 'shutdown', signal });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const resource of this.resources) {
      try {
        await resource.close();
      } catch (error) {
        // Keep closing the others: a failing bus must not leave the database open.
        this.logger.exception(`closing ${resource.name} failed`, error, { context: 'shutdown' });
      }
    }
    this.logger.info('stopped', { context: 'shutdown' });
  }
}
