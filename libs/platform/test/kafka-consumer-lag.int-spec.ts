// events_consumer_lag_messages on the real broker: a group that keeps up shows 0, a group stuck
// on its first event shows the events it has not committed.
import { randomBytes } from 'node:crypto';
import { KafkaEventBus, silentLogger, type BusEvent } from '@frenly/events';
import { waitFor } from '@frenly/testing';
import { MetricsService, instrumentEventBus } from '../src/index.js';

const BROKERS = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

describe('Kafka consumer lag in /metrics', () => {
  const run = randomBytes(4).toString('hex');
  const topic = `it.lag.${run}`;
  const metrics = new MetricsService({ service: 'lag-it', defaultMetrics: false });
  const raw = new KafkaEventBus({
    brokers: BROKERS,
    clientId: `lag-it-${run}`,
    logger: silentLogger,
    partitions: 2,
  });
  const bus = instrumentEventBus(raw, metrics);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));

  afterAll(async () => {
    release();
    await bus.close();
  });

  async function lagOf(group: string): Promise<number | undefined> {
    const line = (await metrics.text())
      .split('\n')
      .find((l) => l.startsWith(`events_consumer_lag_messages{group="${group}"`));
    return line ? Number(line.split(' ').pop()) : undefined;
  }

  it('reports each group by the events past its committed offsets', async () => {
    const events: BusEvent[] = [1, 2, 3, 4].map((n) => ({
      id: `${run}-${n}`,
      topic,
      key: `k${n}`,
      payload: { n },
      occurredAt: new Date().toISOString(),
      headers: {},
    }));
    await bus.publish(events);

    let handled = 0;
    await bus.subscribe({
      group: `lag-fast-${run}`,
      topics: [topic],
      handler: async () => void (handled += 1),
    });
    // Stuck on the first event of each partition: nothing it holds is committed.
    await bus.subscribe({ group: `lag-stuck-${run}`, topics: [topic], handler: () => released });

    await waitFor(
      () => (handled === 4 ? true : undefined),
      30_000,
      50,
      'the fast group to handle every event',
    );
    await waitFor(
      async () => ((await lagOf(`lag-fast-${run}`)) === 0 ? true : undefined),
      30_000,
      200,
      'the fast group to show no lag',
    );
    expect(await lagOf(`lag-stuck-${run}`)).toBe(4);
  }, 90_000);
});
