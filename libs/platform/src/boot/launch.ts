import { performance } from 'node:perf_hooks';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ReadinessCheck, ReadinessProbe } from '../health/readiness.registry.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { observeOpenConnections } from '../metrics/connection-metrics.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { createServiceApp, type ServiceAppOptions } from './create-app.js';
import type { ClosableResource } from './shutdown-coordinator.js';

/** Opens the infrastructure of one process and remembers how to check and close it. */
export class InfrastructureRegistry {
  readonly opened: ClosableResource[] = [];
  readonly checks: ReadinessCheck[] = [];

  /** `metrics`: the process's registry, where the bus and the queue opened here report (absent in some tests). */
  constructor(
    private readonly logger: JsonLogger,
    readonly metrics?: MetricsService,
  ) {}

  /** Opens a resource, times it (cold start matters) and registers its close and readiness probe. */
  async open<T extends { close(): Promise<unknown> }>(
    name: string,
    opener: () => Promise<T>,
    probe?: (resource: T) => Promise<unknown>,
  ): Promise<T> {
    const started = performance.now();
    const resource = await opener();
    this.opened.push({ name, close: () => resource.close() });
    if (probe) this.addCheck(name, () => probe(resource));
    this.logger.entry('debug', `${name} opened`, {
      context: 'boot',
      durationMs: Math.round(performance.now() - started),
    });
    return resource;
  }

  addCheck(name: string, probe: ReadinessProbe): void {
    this.checks.push({ name, probe });
  }

  /** Last opened, first closed: queues before the bus, the bus before the database. */
  closingOrder(): ClosableResource[] {
    return [...this.opened].reverse();
  }
}

export interface LaunchPlan extends Omit<
  ServiceAppOptions,
  'service' | 'logger' | 'checks' | 'resources'
> {
  port: number;
  host?: string;
}

export interface LaunchOptions {
  service: string;
  logger: JsonLogger;
  /** Bound on the whole shutdown; past it the process exits with code 1. */
  shutdownTimeoutMs?: number;
}

/**
 * Boots one process: opens its infrastructure, creates the app, listens, logs a single
 * "ready" line, and on SIGTERM/SIGINT stops accepting, finishes in-flight requests,
 * closes the infrastructure and exits 0. A failed start closes what was opened and exits 1.
 */
export async function launchService(
  options: LaunchOptions,
  build: (infra: InfrastructureRegistry) => Promise<LaunchPlan>,
): Promise<NestExpressApplication> {
  const { service, logger } = options;
  const infra = new InfrastructureRegistry(logger, new MetricsService({ service }));
  let app: NestExpressApplication | undefined;
  try {
    const plan = await build(infra);
    const metrics = plan.metrics ?? infra.metrics!;
    app = await createServiceApp({
      ...plan,
      service,
      logger,
      metrics,
      checks: infra.checks,
      resources: infra.closingOrder(),
    });
    app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
    installShutdownDeadline(logger, options.shutdownTimeoutMs ?? 15_000);
    await (plan.host ? app.listen(plan.port, plan.host) : app.listen(plan.port));
    observeOpenConnections(app.getHttpServer(), metrics);
    logger.info('ready', {
      context: 'boot',
      port: plan.port,
      url: `http://${plan.host && plan.host !== '0.0.0.0' ? plan.host : '127.0.0.1'}:${plan.port}`,
      startupMs: Math.round(performance.now()),
    });
    return app;
  } catch (error) {
    logger.exception('failed to start', error, { context: 'boot' });
    if (app) await app.close().catch(() => undefined);
    else for (const resource of infra.closingOrder()) await resource.close().catch(() => undefined);
    process.exit(1);
  }
}

// A hung connection or a stuck job must not keep a stopping process alive forever.
function installShutdownDeadline(logger: JsonLogger, timeoutMs: number): void {
  const arm = (signal: NodeJS.Signals): void => {
    setTimeout(() => {
      logger.entry('error', 'shutdown timed out; exiting', {
        context: 'shutdown',
        signal,
        timeoutMs,
      });
      process.exit(1);
    }, timeoutMs).unref();
  };
  process.once('SIGTERM', arm);
  process.once('SIGINT', arm);
}
