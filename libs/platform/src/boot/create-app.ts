import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { requestIdMiddleware } from '../http/request-id.middleware.js';
import { requestObserverMiddleware } from '../http/request-observer.middleware.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { PlatformModule, type PlatformOptions } from '../platform.module.js';

export interface ServiceAppOptions extends PlatformOptions {
  /** The service's root module, or every module of the embedded runtime. */
  modules: ReadonlyArray<DynamicModule | Type<unknown>>;
  /**
   * Installs Express middleware that must see the raw request, before body parsing and
   * before Nest's routes (the gateway's proxy, the frontend's static files).
   */
  configure?: (app: NestExpressApplication) => void | Promise<void>;
}

/** A Nest application with the platform's pieces in place; not listening yet (tests use it as is). */
export async function createServiceApp(
  options: ServiceAppOptions,
): Promise<NestExpressApplication> {
  const metrics = options.metrics ?? new MetricsService({ service: options.service });
  const root: DynamicModule = {
    module: class ServiceRootModule {},
    imports: [PlatformModule.forRoot({ ...options, metrics }), ...options.modules],
  };
  const app = await NestFactory.create<NestExpressApplication>(root, {
    logger: options.logger,
    abortOnError: false, // a failed start must reach our handler, which closes what was opened
  });
  app.disable('x-powered-by');
  app.use(requestIdMiddleware());
  app.use(requestObserverMiddleware(options.logger, metrics));
  // Everything installed before init() runs ahead of Nest's body parsers and routes.
  await options.configure?.(app);
  return app;
}
