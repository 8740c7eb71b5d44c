import { Module, type DynamicModule } from '@nestjs/common';
import type { EventBus } from '@frenly/events';
import { EVENT_BUS, IDENTITY_TOKENS, IdentityTokens, withEventConsumers } from '@frenly/platform';
import { ClientRegistry } from './connections/client-registry.js';
import { RealtimeEndpoint } from './connections/realtime-endpoint.js';
import {
  KAFKA_GROUPS,
  KafkaGroupRepository,
  type KafkaAdminSettings,
} from './consumers/kafka-group.repository.js';
import { InstanceGroup } from './consumers/instance-group.js';
import { LiveEventsConsumer } from './consumers/live-events.consumer.js';
import { LiveFanoutService } from './fanout/live-fanout.service.js';
import { RealtimeMetrics } from './metrics/realtime.metrics.js';
import {
  REALTIME_SETTINGS,
  resolveRealtimeSettings,
  type RealtimeSettings,
} from './realtime.settings.js';

/** What the runtime hands the realtime service (shared instances in the embedded runtime). */
export interface RealtimeInfrastructure {
  readonly identityTokens: IdentityTokens;
  readonly bus: EventBus;
  /**
   * The Kafka brokers when `bus` is Kafka: the instance then measures its consumer lag in
   * messages and deletes its own consumer group when it stops. Absent for the in-process bus.
   */
  readonly kafka?: KafkaAdminSettings;
  /** Defaults suit production (heartbeat 30 s, 256 KiB send-buffer bound, a fresh instance id). */
  readonly settings?: Partial<RealtimeSettings>;
}

/**
 * The realtime service: websockets at /ws fanning vote, stake and analysis events out to clients.
 * The runtime connects the HTTP server's upgrades to it with `installRealtimeEndpoint(app)`.
 */
@Module({})
export class RealtimeModule {
  static forRoot(infra: RealtimeInfrastructure): DynamicModule {
    const settings = resolveRealtimeSettings(infra.settings);
    return withEventConsumers({
      module: RealtimeModule,
      providers: [
        { provide: EVENT_BUS, useValue: infra.bus },
        { provide: IDENTITY_TOKENS, useValue: infra.identityTokens },
        { provide: REALTIME_SETTINGS, useValue: settings },
        {
          provide: ClientRegistry,
          useValue: new ClientRegistry(settings.maxBufferedBytes, settings.heartbeatSlices),
        },
        {
          provide: KAFKA_GROUPS,
          useValue: infra.kafka ? new KafkaGroupRepository(infra.kafka) : null,
        },
        RealtimeMetrics,
        RealtimeEndpoint,
        LiveFanoutService,
        LiveEventsConsumer,
        InstanceGroup,
      ],
      exports: [RealtimeEndpoint],
    });
  }
}
