import type { Consumer, EachMessagePayload, Kafka } from 'kafkajs';
import { backoffDelay, sleep, type BackoffOptions } from '../backoff.js';
import type { DedupeStore, EventHandler, Subscription } from '../bus.js';
import { describeError, type EventsLogger } from '../logger.js';
import { decodeEvent, UndecodableMessageError } from './kafka-message-codec.js';

export interface KafkaConsumerSettings {
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly joinTimeoutMs: number;
  readonly partitionsConsumedConcurrently: number;
  readonly handlerRetry: BackoffOptions;
}

export interface KafkaSubscriptionSpec {
  readonly group: string;
  readonly topics: string[];
  readonly handler: EventHandler<unknown>;
  readonly dedupe: DedupeStore;
  readonly fromBeginning: boolean;
  /** The topic name handlers see for a Kafka topic (strips a namespace); default: the same name. */
  readonly logicalTopic?: (kafkaTopic: string) => string;
}

/** Thrown out of a handler retry loop when the subscription closes, so the offset is not committed. */
class SubscriptionClosedError extends Error {
  override readonly name = 'SubscriptionClosedError';
}

const RESTART_DELAY_MS = 2_000;

/**
 * One kafkajs consumer in group `spec.group`. Messages of a partition reach the handler one at
 * a time, in order; a failing handler is retried in place (heartbeating meanwhile), and kafkajs
 * resolves and commits the offset only after the handler returned.
 */
export class KafkaSubscription implements Subscription {
  private consumer?: Consumer;
  private closing = false;
  private readonly abort = new AbortController();
  private restartTimer?: NodeJS.Timeout;

  constructor(
    private readonly kafka: Kafka,
    private readonly logger: EventsLogger,
    private readonly settings: KafkaConsumerSettings,
    private readonly spec: KafkaSubscriptionSpec,
    private readonly onClosed: () => void,
  ) {}

  /** Connects, subscribes and resolves once the consumer joined its group (or after joinTimeoutMs). */
  async start(): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.spec.group,
      sessionTimeout: this.settings.sessionTimeoutMs,
      heartbeatInterval: this.settings.heartbeatIntervalMs,
      allowAutoTopicCreation: false,
      // Bounds how long a disconnect waits for an idle fetch.
      maxWaitTimeInMs: 1_000,
    });
    this.consumer = consumer;
    let joined!: () => void;
    const joinedGroup = new Promise<void>((resolve) => (joined = resolve));
    consumer.on(consumer.events.GROUP_JOIN, () => joined());
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      // kafkajs restarts the consumer itself after retriable errors; for the rest we do it.
      if (
        !payload.restart &&
        !this.closing &&
        !(payload.error instanceof SubscriptionClosedError)
      ) {
        this.logger.error('Kafka consumer crashed; restarting it', {
          group: this.spec.group,
          error: describeError(payload.error),
        });
        this.scheduleRestart();
      }
    });
    await consumer.connect();
    await consumer.subscribe({ topics: this.spec.topics, fromBeginning: this.spec.fromBeginning });
    await consumer.run({
      autoCommit: true,
      autoCommitInterval: 1_000,
      partitionsConsumedConcurrently: this.settings.partitionsConsumedConcurrently,
      eachMessage: (payload) => this.onMessage(payload),
    });
    if (this.closing) {
      // close() ran while this (re)start was connecting: it may have missed this consumer.
      await consumer.disconnect().catch(() => undefined);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const joinedInTime = await Promise.race([
      joinedGroup.then(() => true),
      new Promise<false>(
        (resolve) => (timer = setTimeout(() => resolve(false), this.settings.joinTimeoutMs)),
      ),
    ]);
    clearTimeout(timer);
    if (!joinedInTime) {
      this.logger.warn('Kafka consumer has not joined its group yet; it keeps trying', {
        group: this.spec.group,
      });
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.abort.abort();
    clearTimeout(this.restartTimer);
    await this.consumer?.disconnect().catch(() => undefined);
    this.onClosed();
  }

  private async onMessage({
    topic,
    partition,
    message,
    heartbeat,
  }: EachMessagePayload): Promise<void> {
    let event;
    try {
      event = decodeEvent(this.spec.logicalTopic?.(topic) ?? topic, message);
    } catch (error) {
      if (!(error instanceof UndecodableMessageError)) throw error;
      // Retrying cannot fix a record that is not an event: skip it, loudly.
      this.logger.error('skipping a Kafka record that is not a bus event', {
        group: this.spec.group,
        topic,
        partition,
        error: error.message,
      });
      return;
    }
    for (let attempt = 1; ; attempt++) {
      if (this.closing)
        throw new SubscriptionClosedError('subscription closed before the event was handled');
      try {
        await this.spec.dedupe.runOnce(this.spec.group, event.id, () => this.spec.handler(event));
        return;
      } catch (error) {
        const delayMs = backoffDelay(attempt, this.settings.handlerRetry);
        this.logger.warn('event handler failed; retrying', {
          group: this.spec.group,
          topic,
          partition,
          eventId: event.id,
          attempt,
          delayMs,
          error: describeError(error),
        });
        await this.waitHeartbeating(delayMs, heartbeat);
      }
    }
  }

  /** Sleeps while still heartbeating, so a long retry does not get this member evicted. */
  private async waitHeartbeating(delayMs: number, heartbeat: () => Promise<void>): Promise<void> {
    const until = Date.now() + delayMs;
    for (let left = delayMs; left > 0 && !this.closing; left = until - Date.now()) {
      await sleep(Math.min(left, this.settings.heartbeatIntervalMs), this.abort.signal);
      // Throws when the group is rebalancing: kafkajs then hands the partition over, uncommitted.
      await heartbeat();
    }
  }

  private scheduleRestart(): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      void (async () => {
        if (this.closing) return;
        await this.consumer?.disconnect().catch(() => undefined);
        try {
          await this.start();
        } catch (error) {
          this.logger.error('Kafka consumer restart failed; trying again', {
            group: this.spec.group,
            error: describeError(error),
          });
          this.scheduleRestart();
        }
      })();
    }, RESTART_DELAY_MS);
  }
}
