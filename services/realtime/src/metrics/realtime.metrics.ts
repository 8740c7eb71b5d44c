import { Injectable } from '@nestjs/common';
import type { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsService } from '@frenly/platform';

export type RefusalReason =
  | 'unauthenticated'
  | 'cross_site'
  | 'not_found'
  | 'shutting_down'
  | 'identity_unavailable'
  | 'rate_limited';
export type DropReason = 'slow' | 'dead';

/** The realtime service's Prometheus series. Gauges that are sampled at scrape time get their collector from their owner. */
@Injectable()
export class RealtimeMetrics {
  readonly openConnections: Gauge;
  readonly connectionsAccepted: Counter;
  readonly upgradesRefused: Counter<'reason'>;
  readonly messagesSent: Counter<'type'>;
  readonly eventsConsumed: Counter<'topic'>;
  readonly staleEventsDropped: Counter<'topic'>;
  readonly clientsDropped: Counter<'reason'>;
  readonly clientMessagesIgnored: Counter;
  readonly consumerLagSeconds: Gauge;
  readonly consumerLagMessages: Gauge;
  readonly fanoutDelay: Histogram<'topic'>;
  readonly broadcastDuration: Histogram;

  constructor(metrics: MetricsService) {
    this.openConnections = metrics.gauge({
      name: 'realtime_open_connections',
      help: 'Websocket connections open on this instance',
    });
    this.connectionsAccepted = metrics.counter({
      name: 'realtime_connections_accepted_total',
      help: 'Websocket upgrades accepted',
    });
    this.upgradesRefused = metrics.counter({
      name: 'realtime_upgrades_refused_total',
      help: "Websocket upgrades refused, by reason (unauthenticated, cross_site, not_found, shutting_down, identity_unavailable, rate_limited: the embedded edge's limits)",
      labelNames: ['reason'],
    });
    this.messagesSent = metrics.counter({
      name: 'realtime_messages_sent_total',
      help: 'Messages handed to client sockets, by type',
      labelNames: ['type'],
    });
    this.eventsConsumed = metrics.counter({
      name: 'realtime_events_consumed_total',
      help: 'Bus events consumed, by topic',
      labelNames: ['topic'],
    });
    this.staleEventsDropped = metrics.counter({
      name: 'realtime_stale_events_dropped_total',
      help: 'Events not forwarded because newer totals of the site were already sent (siteVersion), by topic',
      labelNames: ['topic'],
    });
    this.clientsDropped = metrics.counter({
      name: 'realtime_clients_dropped_total',
      help: 'Clients disconnected by the server: slow (send buffer over the bound) or dead (no pong)',
      labelNames: ['reason'],
    });
    this.clientMessagesIgnored = metrics.counter({
      name: 'realtime_client_messages_ignored_total',
      help: 'Malformed client messages ignored',
    });
    this.consumerLagSeconds = metrics.gauge({
      name: 'realtime_consumer_lag_seconds',
      help: 'Age of the last consumed event when it was consumed (created → consumed)',
    });
    this.consumerLagMessages = metrics.gauge({
      name: 'realtime_consumer_lag_messages',
      help: "Events on Kafka not yet committed by this instance's consumer group (sampled every few seconds; Kafka only)",
    });
    this.fanoutDelay = metrics.histogram({
      name: 'realtime_fanout_delay_seconds',
      help: 'From the event being created (ledger transaction) to its message being queued on every socket, by topic',
      labelNames: ['topic'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.broadcastDuration = metrics.histogram({
      name: 'realtime_broadcast_duration_seconds',
      help: 'Time to queue one message on every socket of the instance (grows with the connections)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    });
  }
}
