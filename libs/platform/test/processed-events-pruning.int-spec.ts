// ProcessedEventsPruner on PostgreSQL: a module with a processed-events table has its marks
// deleted once older than the retention, at start and then on its schedule; newer marks stay.
import { randomBytes, randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql } from 'drizzle-orm';
import { ledgerProcessedEvents, openDatabase, type DatabaseHandle } from '@frenly/db';
import { KafkaEventBus, silentLogger } from '@frenly/events';
import { createScratchDatabase, waitFor, type ScratchDatabase } from '@frenly/testing';
import {
  DATABASE,
  EVENT_BUS,
  JsonLogger,
  ProcessedEventsPruner,
  withEventConsumers,
} from '../src/index.js';

const BROKERS = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const run = randomBytes(4).toString('hex');
const HOUR_MS = 3600_000;

@Module({})
class TallyModule {}

describe(ProcessedEventsPruner.name, () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let bus: KafkaEventBus;
  let app: INestApplicationContext | undefined;

  /** Marks a processed event of `group`, `ageMs` ago; returns its id. */
  const mark = async (group: string, ageMs: number): Promise<string> => {
    const eventId = randomUUID();
    await database.db.execute(
      sql`insert into ledger.processed_events (consumer_group, event_id, processed_at)
          values (${group}, ${eventId}, now() - make_interval(secs => ${ageMs / 1000}))`,
    );
    return eventId;
  };
  const markIds = async (): Promise<string[]> =>
    (
      await database.db.execute<{ event_id: string }>(
        sql`select event_id::text from ledger.processed_events order by event_id`,
      )
    ).rows.map((row) => row.event_id);

  const start = async (everyMs: number): Promise<INestApplicationContext> => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        withEventConsumers(
          {
            module: TallyModule,
            providers: [
              { provide: EVENT_BUS, useValue: bus },
              { provide: DATABASE, useValue: database.db },
              {
                provide: JsonLogger,
                useValue: new JsonLogger({ service: 'pruning-it', level: 'warn', write: () => {} }),
              },
            ],
          },
          {
            processedEvents: ledgerProcessedEvents,
            processedEventsRetentionMs: HOUR_MS,
            pruneProcessedEventsEveryMs: everyMs,
          },
        ),
      ],
    }).compile();
    return moduleRef.init();
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_pruning');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['ledger'] });
    bus = new KafkaEventBus({
      brokers: BROKERS,
      clientId: `pruning-it-${run}`,
      namespace: `pruning-it-${run}`,
      logger: silentLogger,
    });
  }, 60_000);

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await database.db.execute(sql`delete from ledger.processed_events`);
  });

  afterAll(async () => {
    await bus?.close();
    await database?.close();
    await scratch?.drop();
  }, 30_000);

  it('deletes every group’s marks older than the retention at start, and keeps the newer ones', async () => {
    await mark('tally', 2 * HOUR_MS);
    await mark('live', 30 * HOUR_MS);
    const recent = [await mark('tally', 0), await mark('live', HOUR_MS / 2)].sort();
    app = await start(HOUR_MS);
    await waitFor(async () => ((await markIds()).length === 2 ? true : undefined));
    expect(await markIds()).toEqual(recent);
  });

  it('prunes again on its schedule, marks that aged after the start included', async () => {
    app = await start(50);
    const kept = await mark('tally', 0);
    await mark('tally', 2 * HOUR_MS);
    await waitFor(async () => ((await markIds()).length === 1 ? true : undefined));
    expect(await markIds()).toEqual([kept]);
  });

  it('says how many marks it deleted', async () => {
    app = await start(HOUR_MS);
    const pruner = app.get(ProcessedEventsPruner);
    await pruner.prune();
    await mark('tally', 2 * HOUR_MS);
    await mark('live', 3 * HOUR_MS);
    await mark('live', 0);
    expect(await pruner.prune()).toBe(2);
    expect(await pruner.prune()).toBe(0);
  });
});
