// Readiness probe for the Kafka broker: succeeds once a topic can be created, written to
// and deleted with kafkajs (the client the tests use), so "port open" is not mistaken for "usable".
// Usage: node kafka-ready.mjs <broker> <timeoutSeconds>
import { randomBytes } from 'node:crypto';
import kafkajs from 'kafkajs';

const { Kafka, logLevel } = kafkajs;
const broker = process.argv[2] ?? '127.0.0.1:9092';
const deadline = Date.now() + Number(process.argv[3] ?? 60) * 1000;

async function probeOnce() {
  const kafka = new Kafka({
    clientId: 'infra-ready',
    brokers: [broker],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 2000,
    requestTimeout: 5000,
    retry: { retries: 0 },
  });
  const topic = `infra-ready-${randomBytes(4).toString('hex')}`;
  const admin = kafka.admin();
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  try {
    await admin.connect();
    await admin.createTopics({
      topics: [{ topic, numPartitions: 1 }],
      waitForLeaders: true,
      timeout: 5000,
    });
    await producer.connect();
    await producer.send({ topic, messages: [{ value: 'ready' }] });
    await admin.deleteTopics({ topics: [topic], timeout: 5000 });
  } finally {
    await producer.disconnect().catch(() => {});
    await admin.disconnect().catch(() => {});
  }
}

let lastError;
while (Date.now() < deadline) {
  try {
    await probeOnce();
    process.exit(0);
  } catch (error) {
    lastError = error;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
console.error(`Kafka at ${broker} not usable: ${lastError?.message ?? 'timed out'}`);
process.exit(1);
