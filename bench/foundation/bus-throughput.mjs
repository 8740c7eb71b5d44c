// Event bus throughput, publish -> consume, for both adapters (one consumer group, one member).
// Uses the built packages: npm run build -w @frenly/events -w @frenly/db -w @frenly/contracts -w @frenly/config
// Env: BENCH_EVENTS (default 20000), KAFKA_BROKERS (default 127.0.0.1:9092), BENCH_ADAPTERS (in-process,kafka).
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { InProcessEventBus, KafkaEventBus } from '@frenly/events';
import { deadline, markdownTable, quietLogger, writeResults } from './bus-common.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const WARMUP = 500;
const BATCH = 500;
const KEYS = 1_000;
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const adapters = (process.env.BENCH_ADAPTERS ?? 'in-process,kafka').split(',');
const runId = randomBytes(4).toString('hex');
deadline(180_000, 'bus-throughput');

function makeEvents(topic, count) {
  const filler = 'x'.repeat(190); // brings the JSON payload to ~300 bytes
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    topic,
    key: String(i % KEYS),
    payload: {
      siteId: i % KEYS,
      userId: randomUUID(),
      vote: i % 2 ? 'up' : 'down',
      upvotes: i,
      downvotes: 0,
      note: filler,
    },
    occurredAt: new Date().toISOString(),
    headers: { 'schema-version': '1' },
  }));
}

async function measure(adapter, bus) {
  const topic = `bench-bus-${adapter}-${runId}`;
  let consumed = 0;
  let target = WARMUP;
  let reached;
  let whenReached = new Promise((resolve) => (reached = resolve));
  const subscription = await bus.subscribe({
    group: `bench-bus-${runId}`,
    topics: [topic],
    handler: async () => {
      if (++consumed === target) reached(performance.now());
    },
  });
  // Warm-up: connections, metadata, JIT; not measured.
  for (const batch of chunks(makeEvents(topic, WARMUP), BATCH)) await bus.publish(batch);
  await whenReached;

  const events = makeEvents(topic, EVENTS);
  const payloadBytes = Buffer.byteLength(JSON.stringify(events[0].payload));
  consumed = 0;
  target = EVENTS;
  whenReached = new Promise((resolve) => (reached = resolve));
  const start = performance.now();
  for (const batch of chunks(events, BATCH)) await bus.publish(batch);
  const published = performance.now();
  const done = await whenReached;
  await subscription.close();
  const publishMs = published - start;
  const endToEndMs = done - start;
  return {
    adapter,
    events: EVENTS,
    payloadBytes,
    batch: BATCH,
    publishMs: Math.round(publishMs),
    publishPerSec: Math.round((EVENTS / publishMs) * 1000),
    endToEndMs: Math.round(endToEndMs),
    consumedPerSec: Math.round((EVENTS / endToEndMs) * 1000),
  };
}

function* chunks(items, size) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const rows = [];
for (const adapter of adapters) {
  const bus =
    adapter === 'kafka'
      ? new KafkaEventBus({ brokers, clientId: 'bench-bus', logger: quietLogger })
      : new InProcessEventBus({ logger: quietLogger });
  try {
    rows.push(await measure(adapter, bus));
  } finally {
    await bus.close();
  }
}

console.log(`## Event bus throughput (${EVENTS} events, 1 group, 1 member, ${KEYS} keys)\n`);
console.log(markdownTable(rows));
const path = await writeResults('bus-throughput', { results: rows });
console.log(`\nJSON: ${path}`);
process.exit(0);
