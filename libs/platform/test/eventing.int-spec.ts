// @OnBusEvent handlers on the real broker and PostgreSQL: discovery, schema validation that
// skips a misfit without blocking its partition, once-per-event handling committed with the
// handler's writes, and a group that starts at the newest event.
import { randomBytes } from 'node:crypto';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql } from 'drizzle-orm';
import { Topics } from '@frenly/contracts';
import {
  ledgerProcessedEvents,
  openDatabase,
  type DatabaseHandle,
  type Transaction,
} from '@frenly/db';
import { KafkaEventBus, makeEvent, silentLogger, type TypedEvent } from '@frenly/events';
import { createScratchDatabase, waitFor, type ScratchDatabase } from '@frenly/testing';
import {
  DATABASE,
  type AfterCommit,
  EVENT_BUS,
  EventConsumers,
  JsonLogger,
  OnBusEvent,
  withEventConsumers,
} from '../src/index.js';

const BROKERS = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const run = randomBytes(4).toString('hex');

const vote = (siteId: unknown, upvotes = 1) =>
  makeEvent(Topics.VoteCast, String(siteId), {
    siteId: siteId as number,
    userId: 'u1',
    vote: 'up',
    upvotes,
    downvotes: 0,
    siteVersion: upvotes,
  });

@Injectable()
class TallyConsumer {
  failures = 0;
  readonly committed: number[] = [];

  @OnBusEvent({ topic: Topics.VoteCast, group: `tally-${run}`, once: true })
  async onVote(event: TypedEvent<typeof Topics.VoteCast>, tx: Transaction): Promise<AfterCommit> {
    await tx.execute(
      sql`insert into ledger.eventing_it_tally (event_id, upvotes) values (${event.id}, ${event.payload.upvotes})`,
    );
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('fails after writing: the write and the dedupe mark roll back');
    }
    return () => this.committed.push(event.payload.upvotes);
  }
}

@Injectable()
class LiveConsumer {
  readonly upvotes: number[] = [];

  @OnBusEvent({ topic: Topics.VoteCast, group: `live-${run}`, start: 'newest' })
  onVote(event: TypedEvent<typeof Topics.VoteCast>): void {
    this.upvotes.push(event.payload.upvotes);
  }
}

@Module({})
class TallyModule {}

describe('@OnBusEvent handlers on Kafka and PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let bus: KafkaEventBus;
  let app: INestApplicationContext;
  const lines: string[] = [];

  const tally = async () =>
    (
      await database.db.execute<{ event_id: string; upvotes: number }>(
        sql`select event_id::text, upvotes from ledger.eventing_it_tally order by upvotes`,
      )
    ).rows;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_eventing');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['ledger'] });
    await database.db.execute(
      sql`create table ledger.eventing_it_tally (event_id uuid not null, upvotes int not null)`,
    );
    bus = new KafkaEventBus({
      brokers: BROKERS,
      clientId: `eventing-it-${run}`,
      namespace: `eventing-it-${run}`,
      logger: silentLogger,
      partitions: 2,
      handlerRetry: { initialMs: 50, maxMs: 200 },
    });
    // Published before the app starts: the tally group (earliest) reads it, the live group (newest) must not.
    await bus.publish([vote(1, 1)]);
    const logger = new JsonLogger({
      service: 'eventing-it',
      level: 'warn',
      write: (l) => lines.push(l),
    });
    const moduleRef = await Test.createTestingModule({
      imports: [
        withEventConsumers(
          {
            module: TallyModule,
            providers: [
              { provide: EVENT_BUS, useValue: bus },
              { provide: DATABASE, useValue: database.db },
              { provide: JsonLogger, useValue: logger },
              TallyConsumer,
              LiveConsumer,
            ],
          },
          { processedEvents: ledgerProcessedEvents },
        ),
      ],
    }).compile();
    app = await moduleRef.init();
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await database?.close();
    await scratch?.drop();
  }, 30_000);

  it('handles each event once, skips a misfit without blocking its partition, and starts a newest group at the end', async () => {
    const consumer = app.get(TallyConsumer);
    consumer.failures = 1;
    const second = vote(1, 2);
    const misfit = vote('one', 3);
    const after = vote(1, 4);
    // Same key, so one partition, in this order; `second` is published twice (a redelivery).
    await bus.publish([second, second, misfit, after]);

    await waitFor(
      async () => ((await tally()).length >= 3 ? true : undefined),
      30_000,
      100,
      'the tally',
    );
    const rows = await tally();
    expect(rows).toEqual([
      { event_id: expect.any(String), upvotes: 1 },
      { event_id: second.id, upvotes: 2 },
      { event_id: after.id, upvotes: 4 },
    ]);
    const marks = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger.processed_events where consumer_group = ${`tally-${run}`}`,
    );
    // One mark per handled event id, and one for the misfit (it is not looked at twice).
    expect(marks.rows[0]?.n).toBe(4);
    const skipped = lines.filter((line) => line.includes('skipping a malformed vote-cast event'));
    // Logged by both groups, once each.
    expect(skipped).toHaveLength(2);
    expect(skipped.every((line) => line.includes(misfit.id))).toBe(true);

    const live = app.get(LiveConsumer);
    await waitFor(
      () => (live.upvotes.includes(4) ? true : undefined),
      30_000,
      50,
      'the live group',
    );
    expect(live.upvotes).toEqual([2, 4]);

    // The after-commit callbacks: once per committed event, none for the rolled-back attempt.
    expect([...consumer.committed].sort()).toEqual([1, 2, 4]);

    // Past the bus's own memory of ids (as after a restart): the processed-events mark holds.
    await app.get(EventConsumers).deliver(second);
    expect(await tally()).toHaveLength(3);
    expect(consumer.committed).toHaveLength(3);
  }, 60_000);
});
