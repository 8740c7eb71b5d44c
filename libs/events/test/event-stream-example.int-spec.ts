// docs/examples/consume-events.mjs, the consumer example of docs/event-stream.md, run for
// real against the broker: it prints events published with KafkaEventBus, headers and all,
// and prints a redelivered event (same id) once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Topics, type VoteCastV1 } from '@frenly/contracts';
import { waitFor } from '@frenly/testing';
import { KafkaEventBus, makeEvent, silentLogger, type BusEvent } from '../src/index.js';
import { TEST_KAFKA_BROKERS } from './kafka-env.js';

const example = fileURLToPath(
  new URL('../../../docs/examples/consume-events.mjs', import.meta.url),
);

interface Printed {
  topic: string;
  key: string;
  eventId: string;
  schemaVersion: number;
  occurredAt: string;
  requestId: string | null;
  payload: unknown;
}

describe('docs/examples/consume-events.mjs', () => {
  const run = randomBytes(4).toString('hex');
  // A topic of its own, so the example reads only this test's events on the shared broker.
  const topic = `it.example.${Topics.VoteCast}.${run}`;
  let bus: KafkaEventBus;
  let child: ChildProcess | undefined;
  let stdout = '';
  let stderr = '';

  beforeAll(() => {
    bus = new KafkaEventBus({
      brokers: TEST_KAFKA_BROKERS,
      clientId: `example-it-${run}`,
      logger: silentLogger,
      partitions: 2,
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await bus.close();
  });

  const printed = (): Printed[] =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Printed);

  function vote(siteId: number, requestId?: string): BusEvent {
    const payload: VoteCastV1 = {
      siteId,
      userId: `user-${run}`,
      vote: 'up',
      upvotes: 1,
      downvotes: 0,
      siteVersion: 1,
    };
    return {
      ...makeEvent(Topics.VoteCast, siteId, payload, requestId ? { 'request-id': requestId } : {}),
      topic,
    };
  }

  it('prints each published event once, with its key, headers and payload, and stops on SIGTERM', async () => {
    const first = vote(7, `req-${run}`);
    const second = vote(8);
    // The same event published again (as after a producer retry): same id, printed once.
    await bus.publish([first, first, second]);

    child = spawn(process.execPath, [example], {
      env: {
        ...process.env,
        KAFKA_BROKERS: TEST_KAFKA_BROKERS.join(','),
        GROUP: `example-it-${run}`,
        TOPICS: topic,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

    await waitFor(
      () => (printed().length >= 2 ? true : undefined),
      60_000,
      100,
      `the example to print two events (stderr: ${stderr})`,
    );
    await waitFor(
      () => (stderr.includes(`"duplicate":"${first.id}"`) ? true : undefined),
      10_000,
      100,
      'the duplicate to be noted',
    );

    expect(printed().sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      {
        topic,
        key: '7',
        eventId: first.id,
        schemaVersion: 1,
        occurredAt: first.occurredAt,
        requestId: `req-${run}`,
        payload: first.payload,
      },
      {
        topic,
        key: '8',
        eventId: second.id,
        schemaVersion: 1,
        occurredAt: second.occurredAt,
        requestId: null,
        payload: second.payload,
      },
    ]);

    const exited = new Promise<number | null>((resolve) =>
      child!.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});
