import type { DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import {
  EVENT_CONSUMERS_OPTIONS,
  EventConsumers,
  type EventConsumersOptions,
} from './event-consumers.js';

/**
 * A service module that consumes events: its providers' @OnBusEvent methods are subscribed
 * by the module's own EventConsumers (the module must provide EVENT_BUS, and DATABASE for
 * handlers declared `once`).
 */
export function withEventConsumers(
  module: DynamicModule,
  options: EventConsumersOptions = {},
): DynamicModule {
  return {
    ...module,
    imports: [...(module.imports ?? []), DiscoveryModule],
    providers: [
      ...(module.providers ?? []),
      { provide: EVENT_CONSUMERS_OPTIONS, useValue: options },
      EventConsumers,
    ],
  };
}
