import { backoffDelay, sleep, type BackoffOptions } from '../backoff.js';
import type {
  BusEvent,
  DedupeStore,
  EventBus,
  EventHandler,
  SubscribeOptions,
  Subscription,
} from '../bus.js';
import { MemoryDedupeStore } from '../dedupe/memory-dedupe-store.js';
import { describeError, stderrLogger, type EventsLogger } from '../logger.js';
import { assertPublishable } from '../validate-event.js';
import { PartitionLog, type StoredEvent } from './partition-log.js';
import { partitionForKey } from './partition.js';

export interface InProcessEventBusOptions {
  /** Partitions per topic: the unit of ordering and of sharing among a group's members (default 8). */
  readonly partitions?: number;
  /** Already-consumed events kept per topic for groups that subscribe later (default 10,000). */
  readonly retainedEventsPerTopic?: number;
  /** Delay between retries of a failing handler (default 100 ms doubling to 5 s). */
  readonly handlerRetry?: BackoffOptions;
  readonly logger?: EventsLogger;
}

/** One subscriber of a group. */
interface Member {
  readonly topics: ReadonlySet<string>;
  readonly handler: EventHandler<unknown>;
  readonly dedupe: DedupeStore;
  readonly abort: AbortController;
  /** Handler runs in progress, awaited by close(). */
  readonly active: Set<Promise<unknown>>;
  closed: boolean;
}

/** A group's position in one partition; like a Kafka partition, it is consumed one event at a time. */
interface Lane {
  readonly topic: string;
  readonly partition: number;
  cursor: number;
  running: boolean;
  scheduled: boolean;
}

interface Group {
  readonly name: string;
  readonly members: Member[];
  readonly lanes: Map<string, Lane>;
}

const laneId = (topic: string, partition: number): string => `${topic}\u0000${partition}`;

/**
 * The embedded runtime's event bus, with Kafka's delivery semantics in one process:
 * every group gets every event; within a group, each partition (hash of the key) is owned
 * by one member and consumed in order, so per-key order holds; a failing handler is retried
 * with backoff until it succeeds (at-least-once); ids are de-duplicated per group.
 * `publish` only appends to the in-memory log; handlers run later, never inside it.
 */
export class InProcessEventBus implements EventBus {
  readonly durable: boolean = false;
  private readonly partitions: number;
  private readonly retainPerPartition: number;
  private readonly handlerRetry: BackoffOptions;
  private readonly logger: EventsLogger;
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, Group>();
  private closed = false;

  constructor(options: InProcessEventBusOptions = {}) {
    this.partitions = Math.max(1, options.partitions ?? 8);
    this.retainPerPartition = Math.ceil(
      Math.max(0, options.retainedEventsPerTopic ?? 10_000) / this.partitions,
    );
    this.handlerRetry = options.handlerRetry ?? { initialMs: 100, maxMs: 5_000 };
    this.logger = options.logger ?? stderrLogger;
  }

  async publish(events: readonly BusEvent[]): Promise<void> {
    if (this.closed) throw new Error('the event bus is closed');
    // Serialise everything first: a bad event rejects the whole call before anything is appended,
    // and consumers get a JSON copy, exactly as they would through Kafka.
    const stored: StoredEvent[] = events.map((event) => {
      assertPublishable(event);
      const payloadJson = JSON.stringify(event.payload);
      if (payloadJson === undefined)
        throw new TypeError(`event ${event.id}: payload is not JSON-serialisable`);
      return {
        id: event.id,
        topic: event.topic,
        key: event.key,
        occurredAt: event.occurredAt,
        headers: { ...event.headers },
        payloadJson,
      };
    });
    const touched = new Map<string, { topic: string; partition: number }>();
    for (const event of stored) {
      const partition = partitionForKey(event.key, this.partitions);
      const log = this.logOf(event.topic, partition);
      log.append(event);
      touched.set(laneId(event.topic, partition), { topic: event.topic, partition });
      if (log.size > this.retainPerPartition + 256) this.trim(event.topic, partition);
    }
    for (const [id] of touched) {
      for (const group of this.groups.values()) {
        const lane = group.lanes.get(id);
        if (lane) this.schedule(group, lane);
      }
    }
  }

  async subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription> {
    if (this.closed) throw new Error('the event bus is closed');
    if (!options.group) throw new TypeError('subscribe: group is required');
    if (options.topics.length === 0)
      throw new TypeError('subscribe: at least one topic is required');
    const group = this.groupOf(options.group);
    const member: Member = {
      topics: new Set(options.topics),
      handler: options.handler as EventHandler<unknown>,
      dedupe: options.dedupe ?? new MemoryDedupeStore(),
      abort: new AbortController(),
      active: new Set(),
      closed: false,
    };
    const fromBeginning = options.fromBeginning ?? true;
    for (const topic of member.topics) {
      for (let partition = 0; partition < this.partitions; partition++) {
        const id = laneId(topic, partition);
        if (group.lanes.has(id)) continue; // the group already has a position here (like a committed offset)
        const log = this.logOf(topic, partition);
        group.lanes.set(id, {
          topic,
          partition,
          cursor: fromBeginning ? log.start : log.end,
          running: false,
          scheduled: false,
        });
      }
    }
    group.members.push(member);
    this.rebalance(group);
    return { close: () => this.leave(group, member) };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('the event bus is closed');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const leaving = [...this.groups.values()].flatMap((group) =>
      group.members.map((member) => this.leave(group, member)),
    );
    await Promise.all(leaving);
  }

  private async leave(group: Group, member: Member): Promise<void> {
    if (member.closed) return;
    member.closed = true;
    member.abort.abort();
    group.members.splice(group.members.indexOf(member), 1);
    // Wait for handlers already running: after close() resolves, this member is never called again.
    await Promise.allSettled([...member.active]);
    this.rebalance(group);
  }

  /** Partitions whose owner changed continue with their new owner, from the same position. */
  private rebalance(group: Group): void {
    for (const lane of group.lanes.values()) this.schedule(group, lane);
  }

  private schedule(group: Group, lane: Lane): void {
    if (lane.running || lane.scheduled || this.closed) return;
    lane.scheduled = true;
    setImmediate(() => {
      lane.scheduled = false;
      void this.pump(group, lane);
    });
  }

  private async pump(group: Group, lane: Lane): Promise<void> {
    if (lane.running) return;
    lane.running = true;
    try {
      for (;;) {
        if (this.closed) return;
        const log = this.logOf(lane.topic, lane.partition);
        if (lane.cursor < log.start) {
          // Only a group without members falls behind retention (active groups pin the log).
          this.logger.warn('in-process bus: events expired before the group consumed them', {
            group: group.name,
            topic: lane.topic,
            partition: lane.partition,
            skipped: log.start - lane.cursor,
          });
          lane.cursor = log.start;
        }
        if (lane.cursor >= log.end) return;
        const owner = this.ownerOf(group, lane);
        if (!owner) return;
        const stored = log.at(lane.cursor);
        if (!stored) return;
        if (await this.deliver(group, owner, stored)) lane.cursor += 1;
      }
    } catch (error) {
      this.logger.error('in-process bus: partition consumer stopped', {
        group: group.name,
        topic: lane.topic,
        error: describeError(error),
      });
    } finally {
      lane.running = false;
    }
  }

  /** Calls the member's handler until it succeeds; false when the member left first. */
  private async deliver(group: Group, member: Member, stored: StoredEvent): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      if (member.closed) return false;
      const event: BusEvent = {
        id: stored.id,
        topic: stored.topic,
        key: stored.key,
        occurredAt: stored.occurredAt,
        headers: { ...stored.headers },
        payload: JSON.parse(stored.payloadJson) as unknown,
      };
      const run = member.dedupe.runOnce(group.name, event.id, () => member.handler(event));
      member.active.add(run);
      try {
        await run;
        return true;
      } catch (error) {
        const delayMs = backoffDelay(attempt, this.handlerRetry);
        this.logger.warn('event handler failed; retrying', {
          group: group.name,
          topic: event.topic,
          eventId: event.id,
          attempt,
          delayMs,
          error: describeError(error),
        });
        await sleep(delayMs, member.abort.signal);
      } finally {
        member.active.delete(run);
      }
    }
  }

  private ownerOf(group: Group, lane: Lane): Member | undefined {
    const eligible = group.members.filter((m) => !m.closed && m.topics.has(lane.topic));
    return eligible.length === 0 ? undefined : eligible[lane.partition % eligible.length];
  }

  /** Drops consumed events beyond the retention window; never one an active group still needs. */
  private trim(topic: string, partition: number): void {
    const log = this.logOf(topic, partition);
    let dropBefore = log.end - this.retainPerPartition;
    const id = laneId(topic, partition);
    for (const group of this.groups.values()) {
      const lane = group.lanes.get(id);
      if (lane && group.members.some((m) => m.topics.has(topic)))
        dropBefore = Math.min(dropBefore, lane.cursor);
    }
    log.dropBefore(dropBefore);
  }

  private logOf(topic: string, partition: number): PartitionLog {
    let logs = this.topics.get(topic);
    if (!logs) {
      logs = Array.from({ length: this.partitions }, () => new PartitionLog());
      this.topics.set(topic, logs);
    }
    return logs[partition] as PartitionLog;
  }

  private groupOf(name: string): Group {
    let group = this.groups.get(name);
    if (!group) {
      group = { name, members: [], lanes: new Map() };
      this.groups.set(name, group);
    }
    return group;
  }
}
