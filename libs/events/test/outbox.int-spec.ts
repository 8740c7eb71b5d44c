import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import {
  ledgerOutbox,
  ledgerProcessedEvents,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '@frenly/db';
import { createScratchDatabase, waitFor, type ScratchDatabase } from '@frenly/testing';
import {
  AdvisoryRelayLock,
  handleOnce,
  InProcessEventBus,
  KafkaEventBus,
  OutboxRelay,
  relayLockFor,
  writeOutbox,
  type BusEvent,
  type EventsLogger,
} from '../src/index.js';
import { ChildConsumer } from './child-consumer.js';
import { TEST_KAFKA_BROKERS } from './kafka-env.js';

const runId = randomBytes(4).toString('hex');
const kafkaScript = fileURLToPath(new URL('../../../scripts/infra/kafka.sh', import.meta.url));

/** Collects the relay's log lines; printed when a test fails. */
function memoryLogger(lines: string[]): EventsLogger {
  const write = (level: string) => (message: string, context?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${JSON.stringify(context ?? {})}`);
  };
  return {
    debug: () => undefined,
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  };
}

async function createStateTable(db: Database): Promise<void> {
  // A stand-in for a service's own state, changed in the same transaction as the outbox row.
  await db.execute(
    sql`create table if not exists ledger.outbox_test_state (id uuid primary key, note text not null)`,
  );
}

/** A state change and its event, committed together (what a service does). */
async function commitWithEvent(db: Database, topic: string, note: string): Promise<BusEvent> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    await tx.execute(sql`insert into ledger.outbox_test_state (id, note) values (${id}, ${note})`);
    const [event] = await writeOutbox(tx, ledgerOutbox, [
      { topic, key: `site-${note}`, payload: { stateId: id, note } },
    ]);
    return event as BusEvent;
  });
}

/** The same, but the transaction fails after writing both. */
async function rollBackWithEvent(db: Database, topic: string): Promise<string> {
  const eventId = randomUUID();
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into ledger.outbox_test_state (id, note) values (${randomUUID()}, 'rolled back')`,
      );
      await writeOutbox(tx, ledgerOutbox, [
        { id: eventId, topic, key: 'site-rb', payload: { note: 'rolled back' } },
      ]);
      throw new Error('business rule failed');
    }),
  ).rejects.toThrow('business rule failed');
  return eventId;
}

async function outboxRows(db: Database, eventId: string): Promise<number> {
  return (await db.select().from(ledgerOutbox).where(eq(ledgerOutbox.eventId, eventId))).length;
}

describe('outbox on PostgreSQL, relayed through Kafka to a consumer in another process', () => {
  const topic = `outbox-it-${runId}`;
  const group = `outbox-it-consumer-${runId}`;
  const relayLog: string[] = [];
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let bus: KafkaEventBus;
  let relay: OutboxRelay;
  let consumer: ChildConsumer;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_events');
    database = await openDatabase({ databaseUrl: scratch.url });
    await createStateTable(database.db);
    bus = new KafkaEventBus({
      brokers: TEST_KAFKA_BROKERS,
      clientId: 'outbox-it-relay',
      logger: memoryLogger(relayLog),
      // Short kafkajs retries, so the outage exercises the relay's own backoff within seconds.
      publishRetry: { initialRetryTime: 200, maxRetryTime: 1_000, retries: 2 },
    });
    relay = new OutboxRelay({
      db: database.db,
      outbox: ledgerOutbox,
      bus,
      pollIntervalMs: 250,
      backoff: { initialMs: 250, maxMs: 2_000 },
      logger: memoryLogger(relayLog),
    });
    relay.start();
    consumer = await ChildConsumer.start({
      brokers: TEST_KAFKA_BROKERS,
      topic,
      group,
      databaseUrl: scratch.url,
    });
  }, 60_000);

  afterAll(async () => {
    await consumer?.stop();
    await relay?.stop();
    await bus?.close();
    await database?.close();
    await scratch?.drop();
  }, 30_000);

  it('delivers an event committed with a state change to the other process', async () => {
    const event = await commitWithEvent(database.db, topic, 'first');
    relay.poke();
    await consumer.waitForEvent(event.id, 20_000);
    expect(consumer.received.find((r) => r.id === event.id)).toMatchObject({
      status: 'handled',
      key: 'site-first',
      payload: { note: 'first' },
    });
    await waitFor(
      async () => ((await relay.backlog()) === 0 ? true : undefined),
      5_000,
      50,
      'the row to be stamped published',
    );
  }, 30_000);

  it('never delivers the event of a rolled-back transaction', async () => {
    const rolledBack = await rollBackWithEvent(database.db, topic);
    const later = await commitWithEvent(database.db, topic, 'after-rollback');
    relay.poke();
    await consumer.waitForEvent(later.id, 20_000);
    expect(consumer.ids()).not.toContain(rolledBack);
    expect(await outboxRows(database.db, rolledBack)).toBe(0);
  }, 30_000);

  it('delivers an event committed while Kafka is down once the broker is back, exactly once', async () => {
    let event: BusEvent;
    try {
      await execFileAsync('bash', [kafkaScript, 'stop']);
      event = await commitWithEvent(database.db, topic, 'during-outage');
      relay.poke();
      // The relay's publish fails (its bus gives up after ~1 s here); the row stays unsent.
      await waitFor(
        () => (relay.stats().consecutiveFailures >= 1 ? true : undefined),
        20_000,
        100,
        'a failed publish',
      );
      expect(await relay.backlog()).toBe(1);
      const [row] = await database.db
        .select()
        .from(ledgerOutbox)
        .where(eq(ledgerOutbox.eventId, event.id));
      expect(row?.publishedAt).toBeNull();
      expect(row?.attempts).toBeGreaterThanOrEqual(1);
      expect(consumer.ids()).not.toContain(event.id);
    } finally {
      await execFileAsync('bash', [kafkaScript, 'start']);
    }
    await consumer.waitForEvent(event.id, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\nrelay log:\n${relayLog.slice(-20).join('\n')}`);
    });
    await waitFor(
      async () => ((await relay.backlog()) === 0 ? true : undefined),
      10_000,
      100,
      'the row to be stamped published',
    );
    // Give a redelivery (e.g. a publish retried after the broker had already stored it) time to show up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const calls = consumer.received.filter((r) => r.id === event.id);
    expect(calls.map((r) => r.status)).toEqual(['handled']);
  }, 110_000);
});

describe('relay leadership and handleOnce on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_events');
    database = await openDatabase({ databaseUrl: scratch.url });
    await createStateTable(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('lets one relay per outbox table publish at a time, and hands over when it stops', async () => {
    const first = relayLockFor(database.db, 'frenly.outbox-relay:ledger.outbox', memoryLogger([]));
    const second = relayLockFor(database.db, 'frenly.outbox-relay:ledger.outbox', memoryLogger([]));
    const otherTable = relayLockFor(
      database.db,
      'frenly.outbox-relay:search.outbox',
      memoryLogger([]),
    );
    expect(first).toBeInstanceOf(AdvisoryRelayLock);
    expect(await first.tryAcquire()).toBe(true);
    expect(await first.tryAcquire()).toBe(true);
    expect(await second.tryAcquire()).toBe(false);
    expect(await otherTable.tryAcquire()).toBe(true);
    await first.release();
    expect(await second.tryAcquire()).toBe(true);
    await Promise.all([second.release(), otherTable.release()]);
  });

  it('publishes each row once with two relays running on the same table', async () => {
    const bus = new InProcessEventBus({ logger: memoryLogger([]) });
    const seen: string[] = [];
    await bus.subscribe({
      group: 'g',
      topics: ['two-relays'],
      handler: async (e) => void seen.push(e.id),
    });
    const relays = [1, 2].map(
      () =>
        new OutboxRelay({
          db: database.db,
          outbox: ledgerOutbox,
          bus,
          pollIntervalMs: 20,
          batchSize: 7,
        }),
    );
    relays.forEach((r) => r.start());
    const written: string[] = [];
    for (let i = 0; i < 10; i++) {
      const events = await writeOutbox(
        database.db,
        ledgerOutbox,
        Array.from({ length: 5 }, (_, n) => ({
          topic: 'two-relays',
          key: `k${n}`,
          payload: { i, n },
        })),
      );
      written.push(...events.map((e) => e.id));
      relays.forEach((r) => r.poke());
    }
    await waitFor(
      () => (seen.length >= written.length ? true : undefined),
      10_000,
      20,
      'every row',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...seen].sort()).toEqual([...written].sort());
    expect(relays.map((r) => r.stats().leader).sort()).toEqual([false, true]);
    await Promise.all(relays.map((r) => r.stop()));
    await bus.close();
  });

  it('handleOnce commits the work with its dedupe mark, once per group, even when racing', async () => {
    const { db } = database;
    const event = { id: randomUUID() };
    const work =
      (note: string) => async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
        await tx.execute(
          sql`insert into ledger.outbox_test_state (id, note) values (${randomUUID()}, ${note})`,
        );
      };
    await expect(
      handleOnce(db, ledgerProcessedEvents, 'g', event, async (tx) => {
        await work('failed')(tx);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    const raced = await Promise.all([
      handleOnce(db, ledgerProcessedEvents, 'g', event, work('first')),
      handleOnce(db, ledgerProcessedEvents, 'g', event, work('second')),
    ]);
    expect([...raced].sort()).toEqual(['duplicate', 'handled']);
    expect(
      await handleOnce(db, ledgerProcessedEvents, 'other-group', event, work('other group')),
    ).toBe('handled');
    const notes = await db.select({ note: sql<string>`note` }).from(sql`ledger.outbox_test_state`);
    const rows = notes.map((r) => r.note);
    expect(rows).toHaveLength(2);
    expect(rows).toContain('other group');
    expect(rows).not.toContain('failed');
  });
});

describe('outbox on PGlite with the in-process bus (embedded runtime)', () => {
  let database: DatabaseHandle;
  let bus: InProcessEventBus;
  let relay: OutboxRelay;
  const handled: BusEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await createStateTable(database.db);
    bus = new InProcessEventBus({ logger: memoryLogger([]) });
    relay = new OutboxRelay({ db: database.db, outbox: ledgerOutbox, bus, pollIntervalMs: 5_000 });
    relay.start();
    // A consumer that writes its dedupe mark in the same PGlite database; the bus's own
    // in-memory dedupe is switched off so that handleOnce alone has to catch redeliveries.
    await bus.subscribe({
      group: 'embedded-consumer',
      dedupe: { runOnce: async (_group, _id, work) => (await work(), 'handled') },
      topics: ['embedded.test'],
      handler: async (event) => {
        await handleOnce(
          database.db,
          ledgerProcessedEvents,
          'embedded-consumer',
          event,
          async () => {
            handled.push(event);
          },
        );
      },
    });
  }, 60_000);

  afterAll(async () => {
    await relay?.stop();
    await bus?.close();
    await database?.close();
  });

  it('delivers a committed event promptly after poke, and never a rolled-back one', async () => {
    const rolledBack = await rollBackWithEvent(database.db, 'embedded.test');
    const event = await commitWithEvent(database.db, 'embedded.test', 'embedded');
    relay.poke(); // the poll interval is 5 s: only the poke makes this fast
    await waitFor(
      () => (handled.some((e) => e.id === event.id) ? true : undefined),
      3_000,
      10,
      'the committed event',
    );
    expect(handled.map((e) => e.id)).not.toContain(rolledBack);
    expect(await outboxRows(database.db, rolledBack)).toBe(0);
    expect(await relay.backlog()).toBe(0);
    const marks = await database.db
      .select()
      .from(ledgerProcessedEvents)
      .where(eq(ledgerProcessedEvents.eventId, event.id));
    expect(marks).toHaveLength(1);
  });

  it('hands a redelivered event to handleOnce work only once', async () => {
    const event = await commitWithEvent(database.db, 'embedded.test', 'redelivered');
    relay.poke();
    await waitFor(
      () => (handled.some((e) => e.id === event.id) ? true : undefined),
      3_000,
      10,
      'the event',
    );
    // What a crash between publish and stamp causes: the relay publishes the row again.
    await database.db
      .update(ledgerOutbox)
      .set({ publishedAt: null })
      .where(eq(ledgerOutbox.eventId, event.id));
    relay.poke();
    await waitFor(
      async () => ((await relay.backlog()) === 0 ? true : undefined),
      3_000,
      10,
      'the second publish',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled.filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it('after a crash, replays events the lost in-memory bus accepted but nobody handled', async () => {
    // Before the crash: the relay publishes to a bus nobody consumes yet, and stamps the row.
    await relay.stop(); // the suite's relay would hold the in-process lock; this test has its own
    const lostBus = new InProcessEventBus({ logger: memoryLogger([]) });
    const crashedRelay = new OutboxRelay({
      db: database.db,
      outbox: ledgerOutbox,
      bus: lostBus,
      pollIntervalMs: 5_000,
    });
    const event = await commitWithEvent(database.db, 'embedded.crash', 'accepted-then-lost');
    await crashedRelay.publishBatch();
    await crashedRelay.stop();
    await lostBus.close(); // the process dies: the bus's memory is gone
    const [row] = await database.db
      .select()
      .from(ledgerOutbox)
      .where(eq(ledgerOutbox.eventId, event.id));
    expect(row?.publishedAt).not.toBeNull();

    // After the restart: a new bus, the consumer subscribes, the relay starts and replays.
    const freshBus = new InProcessEventBus({ logger: memoryLogger([]) });
    const received: string[] = [];
    await freshBus.subscribe({
      group: 'after-restart',
      topics: ['embedded.crash'],
      handler: async (e) => {
        await handleOnce(database.db, ledgerProcessedEvents, 'after-restart', e, async () => {
          received.push(e.id);
        });
      },
    });
    const restartedRelay = new OutboxRelay({
      db: database.db,
      outbox: ledgerOutbox,
      bus: freshBus,
      pollIntervalMs: 5_000,
    });
    try {
      restartedRelay.start();
      await waitFor(
        () => (received.includes(event.id) ? true : undefined),
        3_000,
        10,
        'the replayed event',
      );
      // A second restart replays again, and handleOnce keeps the handler's work to once.
      expect(await restartedRelay.replayRecent()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received.filter((id) => id === event.id)).toHaveLength(1);
    } finally {
      await restartedRelay.stop();
      await freshBus.close();
    }
  });

  it('replays nothing to a durable bus', async () => {
    class DurableBus extends InProcessEventBus {
      override readonly durable: boolean = true;
    }
    const durableBus = new DurableBus({ logger: memoryLogger([]) });
    await commitWithEvent(database.db, 'embedded.durable', 'published');
    const sut = new OutboxRelay({ db: database.db, outbox: ledgerOutbox, bus: durableBus });
    try {
      expect(await sut.replayRecent()).toBe(0);
    } finally {
      await durableBus.close();
    }
  });
});

const execFileAsync = promisify(execFile);

describe('outbox relay under a stream of commits (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_events_linger');
    database = await openDatabase({ databaseUrl: scratch.url });
    await createStateTable(database.db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('carries many poked commits per bus call (linger), delivering each event once', async () => {
    /** A real in-process bus that also counts the publish calls it gets. */
    class CountingBus extends InProcessEventBus {
      calls = 0;
      override async publish(events: readonly BusEvent[]): Promise<void> {
        this.calls += 1;
        return super.publish(events);
      }
    }
    const bus = new CountingBus({ logger: memoryLogger([]) });
    const received: string[] = [];
    await bus.subscribe({
      group: 'linger',
      topics: ['linger.test'],
      handler: async (e) => void received.push(e.id),
    });
    const relay = new OutboxRelay({
      db: database.db,
      outbox: ledgerOutbox,
      bus,
      pollIntervalMs: 5_000,
      lingerMs: 25,
    });
    relay.start();
    try {
      const sent: string[] = [];
      for (let i = 0; i < 60; i++) {
        sent.push((await commitWithEvent(database.db, 'linger.test', `n${i}`)).id);
        relay.poke(); // what a service does after every commit
      }
      await waitFor(
        () => (received.length >= sent.length ? true : undefined),
        10_000,
        10,
        'every event',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([...received].sort()).toEqual([...sent].sort()); // each once (keys differ, so no order across them)
      // One bus call per commit would be 60; lingering 25 ms gathers the commits made meanwhile.
      expect(bus.calls).toBeLessThanOrEqual(30);
      expect(await relay.backlog()).toBe(0);
    } finally {
      await relay.stop();
      await bus.close();
    }
  });
});
