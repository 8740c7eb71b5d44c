import type { DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import {
  EVENT_CONSUMERS_OPTIONS,
  EventConsumers,
  type EventConsumersOptions,
} from './event-consumers.js';
import { ProcessedEventsPruner } from './processed-events-pruner.js';

/**
 * A service module that consumes events: its providers' @OnBusEvent methods are subscribed
 * by the module's own EventConsumers (the module must provide EVENT_BUS, and DATABASE for
 * handlers declared `once`). A module with a processed-events table also gets its marks pruned
 * once they are older than the retention (ProcessedEventsPruner).
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
      ...(options.processedEvents ? [ProcessedEventsPruner] : []),
    ],
  };
}
