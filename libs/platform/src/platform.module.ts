import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AllExceptionsFilter } from './errors/all-exceptions.filter.js';
import { createValidationPipe } from './errors/validation.js';
import { HealthController } from './health/health.controller.js';
import { ReadinessRegistry, type ReadinessCheck } from './health/readiness.registry.js';
import { ShutdownCoordinator, type ClosableResource } from './boot/shutdown-coordinator.js';
import { JsonLogger } from './logging/json-logger.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { MetricsService } from './metrics/metrics.service.js';

export interface PlatformOptions {
  /** Service name in logs, metrics and /health/ready ('embedded' for the single process). */
  service: string;
  logger: JsonLogger;
  metrics?: MetricsService;
  /** Readiness checks known at boot (database, bus, queue); modules may add more. */
  checks?: readonly ReadinessCheck[];
  /** Per-check timeout of /health/ready. */
  checkTimeoutMs?: number;
  /** Closed in this order once the HTTP server has stopped: queues, then bus, then database. */
  resources?: readonly ClosableResource[];
}

/**
 * Health, metrics, the error filter, validation and the logger, for every service.
 * Global: feature modules inject JsonLogger, MetricsService and ReadinessRegistry directly.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const metrics = options.metrics ?? new MetricsService({ service: options.service });
    const readiness = new ReadinessRegistry(options.service, options.checkTimeoutMs);
    for (const check of options.checks ?? []) readiness.register(check.name, check.probe);
    return {
      module: PlatformModule,
      global: true,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: JsonLogger, useValue: options.logger },
        { provide: MetricsService, useValue: metrics },
        { provide: ReadinessRegistry, useValue: readiness },
        { provide: APP_FILTER, useValue: new AllExceptionsFilter(options.logger) },
        { provide: APP_PIPE, useValue: createValidationPipe() },
        {
          provide: ShutdownCoordinator,
          useValue: new ShutdownCoordinator(readiness, options.resources ?? [], options.logger),
        },
      ],
      exports: [JsonLogger, MetricsService, ReadinessRegistry],
    };
  }
}
