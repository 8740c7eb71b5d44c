import kafkajs, {
  type Admin,
  type Kafka,
  type Message,
  type Producer,
  type RetryOptions,
} from 'kafkajs';
import type { BackoffOptions } from '../backoff.js';
import type { BusEvent, EventBus, SubscribeOptions, Subscription } from '../bus.js';
import { MemoryDedupeStore } from '../dedupe/memory-dedupe-store.js';
import { describeError, stderrLogger, type EventsLogger } from '../logger.js';
import { assertPublishable } from '../validate-event.js';
import { kafkaLogCreator } from './kafka-log.js';
import { encodeEvent } from './kafka-message-codec.js';
import { KafkaSubscription, type KafkaConsumerSettings } from './kafka-subscription.js';
import { producerStateLost } from './producer-state.js';
import { startGroupAtTheEnd } from './start-at-the-end.js';

const { Kafka: KafkaClient, Partitioners, logLevel } = kafkajs;

export interface KafkaEventBusOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /**
   * Prefixes every topic and consumer group on the broker with `<namespace>.` (handlers still
   * see the plain topic names), so that several installations, or test runs, can share a broker
   * without reading each other's events. Empty: no prefix.
   */
  readonly namespace?: string;
  /** Partitions of the topics this bus creates (default 6): a group shares a topic among at most this many members. */
  readonly partitions?: number;
  /** Replication factor of created topics (default: the broker's default). */
  readonly replicationFactor?: number;
  readonly logger?: EventsLogger;
  /** Delay between retries of a failing handler (default 200 ms doubling to 10 s). */
  readonly handlerRetry?: BackoffOptions;
  /** kafkajs retries of the consumers' connections and requests (default ~40 s; a consumer then restarts). */
  readonly clientRetry?: RetryOptions;
  /**
   * kafkajs retries of one publish (default: rides out ~30 s of broker outage before `publish`
   * rejects); the outbox relay retries rejected publishes itself, so no event is lost either way.
   */
  readonly publishRetry?: RetryOptions;
  readonly connectionTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  /**
   * Consumer group session timeout (default 10 s) and heartbeat interval (default 1 s). A
   * member that died without leaving (kill -9) holds its partitions this long, and a restarted
   * instance waits that long to join, so it bounds recovery after a crash.
   */
  readonly sessionTimeoutMs?: number;
  readonly heartbeatIntervalMs?: number;
  /** How long `subscribe` waits for the consumer to join its group (default 30 s; it keeps trying after). */
  readonly joinTimeoutMs?: number;
  /** Partitions one subscription handles at once (default: `partitions`); order within a partition always holds. */
  readonly partitionsConsumedConcurrently?: number;
  /** Upper bound on `ping()` (default 3 s). */
  readonly pingTimeoutMs?: number;
}

/**
 * The event bus on Apache Kafka: an idempotent producer (acks=all), topics created with a
 * fixed partition count, and one kafkajs consumer per subscription whose offsets are
 * committed only after the handler succeeded.
 */
export class KafkaEventBus implements EventBus {
  /** Consumers and ping. */
  private readonly kafka: Kafka;
  /** Producer and admin, retrying by `publishRetry`. */
  private readonly producerKafka: Kafka;
  private readonly pingKafka: Kafka;
  private readonly logger: EventsLogger;
  private readonly partitions: number;
  private readonly consumerSettings: KafkaConsumerSettings;
  private readonly publishRetry: RetryOptions;
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private lagAdmin?: Promise<Admin>;
  private readonly ensuredTopics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;
  /** The broker's name of a topic or group (see `namespace`). */
  private readonly onBroker: (name: string) => string;

  constructor(private readonly options: KafkaEventBusOptions) {
    if (options.brokers.length === 0)
      throw new TypeError('KafkaEventBus needs at least one broker');
    const prefix = options.namespace ? `${options.namespace}.` : '';
    this.onBroker = (name) => `${prefix}${name}`;
    this.logger = options.logger ?? stderrLogger;
    this.partitions = Math.max(1, options.partitions ?? 6);
    // Retries at most 2 s apart: once the broker is back, a publish or consumer waiting to
    // reconnect gets through within 2 s (5 s apart made recovery after an outage ~12 s).
    this.publishRetry = options.publishRetry ?? {
      initialRetryTime: 300,
      maxRetryTime: 2_000,
      retries: 18,
    };
    const client = (retry: RetryOptions): Kafka =>
      new KafkaClient({
        clientId: options.clientId,
        brokers: [...options.brokers],
        connectionTimeout: options.connectionTimeoutMs ?? 3_000,
        requestTimeout: options.requestTimeoutMs ?? 30_000,
        retry,
        logLevel: logLevel.ERROR,
        logCreator: kafkaLogCreator(this.logger),
      });
    // Generous enough for consumers to ride out a broker restart; they also restart after a crash.
    this.kafka = client(
      options.clientRetry ?? { initialRetryTime: 300, maxRetryTime: 2_000, retries: 22 },
    );
    // While the broker refuses connections, it is the client's (not the producer's) retry that
    // bounds a publish: kafkajs gives up on the send once reconnecting exhausted its retries.
    this.producerKafka = client(this.publishRetry);
    // Health checks must answer fast, not ride out outages.
    this.pingKafka = client({ retries: 0 });
    this.consumerSettings = {
      sessionTimeoutMs: options.sessionTimeoutMs ?? 10_000,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 1_000,
      joinTimeoutMs: options.joinTimeoutMs ?? 30_000,
      partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? this.partitions,
      handlerRetry: options.handlerRetry ?? { initialMs: 200, maxMs: 10_000 },
    };
  }

  async publish(events: readonly BusEvent[]): Promise<void> {
    if (this.closed) throw new Error('the event bus is closed');
    if (events.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      assertPublishable(event);
      const topic = this.onBroker(event.topic);
      const messages = byTopic.get(topic) ?? [];
      messages.push(encodeEvent(event));
      byTopic.set(topic, messages);
    }
    await this.ensureTopics([...byTopic.keys()]);
    const connecting = this.connectedProducer();
    const producer = await connecting;
    try {
      // acks=-1: resolved only once every in-sync replica has the records.
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    } catch (error) {
      // The broker refuses this producer's sequence for good: the next publish (the outbox
      // relay retries) gets a new producer id. Consumers de-duplicate by event id, so a batch the
      // broker had kept and that is sent again is handled once.
      if (producerStateLost(error) && this.producer === connecting) {
        this.producer = undefined;
        this.logger.warn('kafka producer replaced: the broker refused its sequence numbers', {
          error: describeError(error),
        });
        void producer.disconnect().catch(() => undefined);
      }
      throw error;
    }
  }

  async subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription> {
    if (this.closed) throw new Error('the event bus is closed');
    if (!options.group) throw new TypeError('subscribe: group is required');
    if (options.topics.length === 0)
      throw new TypeError('subscribe: at least one topic is required');
    // Subscribing to a missing topic would auto-create it with one partition: create it first.
    const topics = options.topics.map(this.onBroker);
    await this.ensureTopics(topics);
    const fromBeginning = options.fromBeginning ?? true;
    if (!fromBeginning) {
      await startGroupAtTheEnd({
        kafka: this.kafka,
        admin: await this.connectedAdmin(),
        group: this.onBroker(options.group),
        topics,
        timeoutMs: POSITION_TIMEOUT_MS,
        logger: this.logger,
        isTopicNotReady,
      });
    }
    const prefixLength = this.onBroker('').length;
    const subscription = new KafkaSubscription(
      this.kafka,
      this.logger,
      this.consumerSettings,
      {
        group: this.onBroker(options.group),
        topics,
        logicalTopic: (kafkaTopic) => kafkaTopic.slice(prefixLength),
        handler: options.handler as SubscribeOptions['handler'],
        dedupe: options.dedupe ?? new MemoryDedupeStore(),
        fromBeginning,
      },
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    try {
      await subscription.start();
    } catch (error) {
      await subscription.close();
      throw error;
    }
    return subscription;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('the event bus is closed');
    const admin = this.pingKafka.admin({ retry: { retries: 0 } });
    const timeoutMs = this.options.pingTimeoutMs ?? 3_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          await admin.connect();
          const cluster = await admin.describeCluster();
          if (cluster.brokers.length === 0) throw new Error('Kafka reports no brokers');
        })(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`Kafka did not answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
      await admin.disconnect().catch(() => undefined);
    }
  }

  /**
   * Events on `topics` past `group`'s committed offsets (for a lag gauge); answers fast or fails
   * (no retries). A partition where the group has committed nothing counts from its oldest
   * retained event when the group reads `fromBeginning` (its backlog), and zero otherwise
   * (such a group starts at the end).
   */
  async consumerLag(
    group: string,
    topics: readonly string[],
    fromBeginning = true,
  ): Promise<number> {
    const admin = await this.connectedLagAdmin();
    try {
      const committed = await admin.fetchOffsets({
        groupId: this.onBroker(group),
        topics: topics.map(this.onBroker),
      });
      let lag = 0;
      for (const { topic, partitions } of committed) {
        const ends = await admin.fetchTopicOffsets(topic);
        for (const end of ends) {
          const at = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
          if (at < 0 && !fromBeginning) continue;
          lag += Math.max(0, Number(end.high) - Math.max(at, Number(end.low)));
        }
      }
      return lag;
    } catch (error) {
      // Reconnect at the next sample (the broker may have restarted).
      this.lagAdmin = undefined;
      await admin.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    const [producer, admin, lagAdmin] = await Promise.all([
      this.producer?.catch(() => undefined),
      this.admin?.catch(() => undefined),
      this.lagAdmin?.catch(() => undefined),
    ]);
    await Promise.all(
      [producer, admin, lagAdmin].flatMap((client) =>
        client ? [client.disconnect().catch(() => undefined)] : [],
      ),
    );
  }

  private connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.producerKafka.producer({
        idempotent: true,
        maxInFlightRequests: 1, // keeps order across retries
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner, // murmur2, as the Java clients
        retry: this.publishRetry,
      });
      this.producer = producer.connect().then(() => producer);
      // A failed connect is not cached: the next publish tries again.
      this.producer.catch(() => {
        this.producer = undefined;
      });
    }
    return this.producer;
  }

  /** The admin client of consumerLag: a few quick retries (group coordinator look-ups), kept between samples. */
  private connectedLagAdmin(): Promise<Admin> {
    if (!this.lagAdmin) {
      const admin = this.kafka.admin({
        retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 500 },
      });
      this.lagAdmin = admin.connect().then(() => admin);
      this.lagAdmin.catch(() => {
        this.lagAdmin = undefined;
      });
    }
    return this.lagAdmin;
  }

  private connectedAdmin(): Promise<Admin> {
    if (!this.admin) {
      const admin = this.producerKafka.admin({ retry: this.publishRetry });
      this.admin = admin.connect().then(() => admin);
      this.admin.catch(() => {
        this.admin = undefined;
      });
    }
    return this.admin;
  }

  private async ensureTopics(topics: readonly string[]): Promise<void> {
    await Promise.all(
      topics.map((topic) => {
        let ensured = this.ensuredTopics.get(topic);
        if (!ensured) {
          ensured = this.createTopic(topic);
          this.ensuredTopics.set(topic, ensured);
          ensured.catch(() => this.ensuredTopics.delete(topic));
        }
        return ensured;
      }),
    );
  }

  private async createTopic(topic: string): Promise<void> {
    const admin = await this.connectedAdmin();
    try {
      // kafkajs's own `waitForLeaders` gives up on UNKNOWN_TOPIC_OR_PARTITION, which a fresh
      // KRaft broker answers for a moment after creating a topic; we wait for leaders below.
      await admin.createTopics({
        topics: [
          {
            topic,
            numPartitions: this.partitions,
            ...(this.options.replicationFactor
              ? { replicationFactor: this.options.replicationFactor }
              : {}),
          },
        ],
        waitForLeaders: false,
      });
    } catch (error) {
      // Another process creating the same topic at the same moment is fine.
      if (!describeError(error).includes('already exists')) {
        this.admin = undefined;
        await admin.disconnect().catch(() => undefined);
        throw error;
      }
    }
    const partitions = await this.waitForLeaders(admin, topic);
    if (partitions < this.partitions) {
      this.logger.warn(
        'Kafka topic has fewer partitions than configured; a group shares it among at most that many members',
        {
          topic,
          partitions,
          configured: this.partitions,
        },
      );
    }
  }

  /** Polls the topic's metadata until every partition has a leader; returns the partition count. */
  private async waitForLeaders(admin: Admin, topic: string): Promise<number> {
    const deadline = Date.now() + TOPIC_READY_TIMEOUT_MS;
    let lastError: unknown;
    for (let delay = 50; Date.now() < deadline; delay = Math.min(delay * 2, 1_000)) {
      try {
        const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
        const partitions = metadata.topics[0]?.partitions ?? [];
        if (partitions.length > 0 && partitions.every((p) => p.leader >= 0))
          return partitions.length;
        lastError = new Error(`topic ${topic} has partitions without a leader`);
      } catch (error) {
        if (!isTopicNotReady(error)) throw error;
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    throw new Error(
      `Kafka topic ${topic} has no leaders after ${TOPIC_READY_TIMEOUT_MS} ms: ${describeError(lastError)}`,
    );
  }
}

/** How long a just-created topic may take to elect its partitions' leaders. */
const TOPIC_READY_TIMEOUT_MS = 30_000;
/** How long a new group reading from the newest event may take to be positioned at the end. */
const POSITION_TIMEOUT_MS = 10_000;

/** The errors a broker answers while a just-created topic's metadata propagates. */
function isTopicNotReady(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return (
    type === 'UNKNOWN_TOPIC_OR_PARTITION' ||
    type === 'LEADER_NOT_AVAILABLE' ||
    type === 'NOT_LEADER_FOR_PARTITION'
  );
}
