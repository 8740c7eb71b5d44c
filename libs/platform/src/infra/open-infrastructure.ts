import { openDatabase, type DatabaseHandle, type ServiceSchemaName } from '@frenly/db';
import { createEventBus, type EventBus } from '@frenly/events';
import { createJobQueue, type FrenlyJobQueues, type JobQueue } from '@frenly/jobs';
import type { InfrastructureRegistry } from '../boot/launch.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { instrumentEventBus } from '../metrics/event-bus-metrics.js';
import { instrumentJobQueue } from '../metrics/job-queue-metrics.js';
import { eventsLoggerOf } from '../eventing/events-logger.js';

/** The validated variables (from commonVars) that choose and locate the adapters. */
export interface InfrastructureConfig {
  readonly DATABASE_URL?: string | undefined;
  readonly FRENLY_DATA_DIR: string;
  readonly REDIS_URL?: string | undefined;
  readonly JOBS_PREFIX?: string;
  readonly KAFKA_BROKERS: readonly string[];
  readonly KAFKA_CLIENT_ID: string;
  readonly KAFKA_NAMESPACE?: string;
}

export type FrenlyJobQueue = JobQueue<FrenlyJobQueues>;

/**
 * PostgreSQL when DATABASE_URL is set, PGlite in FRENLY_DATA_DIR otherwise. The migrations of
 * `schemas` (the service's own; default all) run at open.
 */
export function openDatabaseFor(
  infra: InfrastructureRegistry,
  config: Pick<InfrastructureConfig, 'DATABASE_URL' | 'FRENLY_DATA_DIR'>,
  schemas?: readonly ServiceSchemaName[],
): Promise<DatabaseHandle> {
  return infra.open(
    'database',
    () =>
      openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.FRENLY_DATA_DIR, schemas }),
    (handle) => handle.ping(),
  );
}

/** Kafka when KAFKA_BROKERS is set, the in-process bus otherwise; measured in the process's metrics. */
export async function openEventBusFor(
  infra: InfrastructureRegistry,
  config: Pick<InfrastructureConfig, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_NAMESPACE'>,
  clientName: string,
  logger: JsonLogger,
): Promise<EventBus> {
  const bus = await infra.open(
    'bus',
    async () =>
      createEventBus({
        kafkaBrokers: config.KAFKA_BROKERS,
        clientId: `${config.KAFKA_CLIENT_ID}-${clientName}`,
        namespace: config.KAFKA_NAMESPACE,
        logger: eventsLoggerOf(logger.forContext('events')),
      }),
    (opened) => opened.ping(),
  );
  return infra.metrics ? instrumentEventBus(bus, infra.metrics) : bus;
}

/** BullMQ on REDIS_URL when set, the in-process job queue otherwise; its depth goes to the process's metrics. */
export async function openJobQueueFor(
  infra: InfrastructureRegistry,
  config: Pick<InfrastructureConfig, 'REDIS_URL' | 'JOBS_PREFIX'>,
  logger: JsonLogger,
): Promise<FrenlyJobQueue> {
  const jobsLogger = logger.forContext('jobs');
  const queue = await infra.open(
    'queue',
    async () =>
      createJobQueue<FrenlyJobQueues>({
        redisUrl: config.REDIS_URL,
        prefix: config.JOBS_PREFIX,
        onError: (error, where) => jobsLogger.exception(`job queue: ${where}`, error),
      }),
    async (opened) => {
      if (!(await opened.isReady()))
        throw new Error(opened.kind === 'bullmq' ? 'Redis does not answer' : 'queue closed');
    },
  );
  if (infra.metrics) instrumentJobQueue(queue, infra.metrics);
  return queue;
}
