// A minimal reader of Frenly's event stream (see docs/event-stream.md), runnable as is:
//   node docs/examples/consume-events.mjs
// Environment (all optional):
//   KAFKA_BROKERS   comma-separated brokers            (default 127.0.0.1:9092)
//   GROUP           your consumer group                (default frenly-example-consumer)
//   TOPICS          comma-separated topics             (default: every Frenly topic)
//   FROM_BEGINNING  'false' to start a new group at the end instead of the oldest retained event
// Prints one JSON line per new event on stdout; notes (duplicates, skipped versions) go to stderr.
import kafkajs from 'kafkajs';

const { Kafka, logLevel } = kafkajs;

const FRENLY_TOPICS = [
  'ledger.vote-cast',
  'ledger.stake-placed',
  'analysis.site-analyzed',
  'search.site-indexed',
  'search.query-logged',
];
// The payload versions this reader understands: a higher major version may have broken fields.
const SUPPORTED_SCHEMA_VERSION = 1;

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const groupId = process.env.GROUP ?? 'frenly-example-consumer';
const topics = process.env.TOPICS ? process.env.TOPICS.split(',') : FRENLY_TOPICS;
const fromBeginning = process.env.FROM_BEGINNING !== 'false';

// Delivery is at least once: the same event (same id) can arrive again after a rebalance or a
// producer retry. A real consumer records handled ids in the same transaction as its own
// writes; this one keeps them in memory.
const handled = new Set();

const kafka = new Kafka({ clientId: 'frenly-example-consumer', brokers, logLevel: logLevel.ERROR });
const consumer = kafka.consumer({ groupId });

const header = (message, name) => message.headers?.[name]?.toString();

await consumer.connect();
await consumer.subscribe({ topics, fromBeginning });
await consumer.run({
  // Offsets are committed after this resolves: throw to have the event delivered again.
  eachMessage: async ({ topic, partition, message }) => {
    const eventId = header(message, 'frenly-event-id');
    const schemaVersion = Number(header(message, 'schema-version') ?? '1');
    if (!eventId)
      return note({
        skipped: 'no frenly-event-id header',
        topic,
        partition,
        offset: message.offset,
      });
    if (handled.has(eventId)) return note({ duplicate: eventId, topic });
    if (schemaVersion > SUPPORTED_SCHEMA_VERSION)
      return note({ skipped: `schema-version ${schemaVersion}`, eventId, topic });
    const event = {
      topic,
      key: message.key?.toString() ?? null,
      eventId,
      schemaVersion,
      occurredAt: header(message, 'frenly-occurred-at'),
      requestId: header(message, 'request-id') ?? null,
      payload: JSON.parse(message.value?.toString() ?? 'null'),
    };
    handled.add(eventId);
    process.stdout.write(`${JSON.stringify(event)}\n`);
  },
});
note({ consuming: topics, groupId, brokers });

function note(fields) {
  process.stderr.write(`${JSON.stringify(fields)}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    consumer.disconnect().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
