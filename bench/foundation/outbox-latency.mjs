// Outbox latency: commit on PostgreSQL -> relay (poked after each commit) -> Kafka -> consumer.
// Events are committed at a steady rate; latency runs from the commit's return to the handler call.
// Uses the built packages: npm run build -w @frenly/events -w @frenly/db -w @frenly/contracts -w @frenly/config
// Env: BENCH_EVENTS (500), BENCH_RATE (events/s, 50), DATABASE_URL (admin URL of the server,
// default postgres://postgres@127.0.0.1:5432/postgres), KAFKA_BROKERS (127.0.0.1:9092).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ledgerOutbox, openDatabase } from '@frenly/db';
import { KafkaEventBus, OutboxRelay, writeOutbox } from '@frenly/events';
import { adminSql as admin } from '../lib/admin-sql.mjs';
import { deadline, markdownTable, percentile, quietLogger, writeResults } from './bus-common.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const runId = randomBytes(4).toString('hex');
const topic = `bench-outbox-${runId}`;
deadline(120_000, 'outbox-latency');

const dbName = `frenly_bench_outbox_${runId}`;
await admin(`create database "${dbName}"`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const bus = new KafkaEventBus({ brokers, clientId: 'bench-outbox', logger: quietLogger });
const relay = new OutboxRelay({
  db: database.db,
  outbox: ledgerOutbox,
  bus,
  pollIntervalMs: 1_000,
  logger: quietLogger,
});

const committedAt = new Map();
const latencies = [];
let received = 0;
let allReceived;
const whenAllReceived = new Promise((resolve) => (allReceived = resolve));
const subscription = await bus.subscribe({
  group: `bench-outbox-${runId}`,
  topics: [topic],
  handler: async (event) => {
    const now = performance.now();
    const t = committedAt.get(event.id);
    if (t === undefined) return; // warm-up event
    latencies.push(now - t);
    if (++received === EVENTS) allReceived();
  },
});
relay.start();

async function commitOne(i) {
  return database.db.transaction(async (tx) => {
    const [event] = await writeOutbox(tx, ledgerOutbox, [
      { topic, key: String(i % 100), payload: { siteId: i % 100, n: i } },
    ]);
    return event;
  });
}

// Warm-up: producer connection, topic metadata, relay lock.
await commitOne(-1);
relay.poke();
await new Promise((resolve) => setTimeout(resolve, 1_500));

const intervalMs = 1_000 / RATE;
const start = performance.now();
for (let i = 0; i < EVENTS; i++) {
  const due = start + i * intervalMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const event = await commitOne(i);
  committedAt.set(event.id, performance.now());
  relay.poke();
}
await whenAllReceived;
const elapsedS = (performance.now() - start) / 1000;

await subscription.close();
await relay.stop();
await bus.close();
await database.close();
await admin(`drop database if exists "${dbName}" with (force)`);

const sorted = [...latencies].sort((a, b) => a - b);
const ms = (v) => Number(v.toFixed(1));
const row = {
  events: EVENTS,
  ratePerSec: RATE,
  p50Ms: ms(percentile(sorted, 50)),
  p90Ms: ms(percentile(sorted, 90)),
  p99Ms: ms(percentile(sorted, 99)),
  maxMs: ms(sorted[sorted.length - 1]),
  meanMs: ms(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  elapsedS: Number(elapsedS.toFixed(1)),
};
console.log('## Outbox latency (commit on PostgreSQL -> relay -> Kafka -> consumer)\n');
console.log(markdownTable([row]));
const path = await writeResults('outbox-latency', {
  topology: 'PostgreSQL + OutboxRelay (poke after commit) + KafkaEventBus, one process',
  result: row,
});
console.log(`\nJSON: ${path}`);
process.exit(0);
