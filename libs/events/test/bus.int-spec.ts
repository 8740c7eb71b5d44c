import { InProcessEventBus, KafkaEventBus, silentLogger } from '../src/index.js';
import { waitFor } from '@frenly/testing';
import { busContract, type BusFixture } from './bus-contract.js';
import { TEST_KAFKA_BROKERS } from './kafka-env.js';

const handlerRetry = { initialMs: 50, maxMs: 500 };

describe('EventBus contract: in-process adapter', () => {
  busContract(
    async (): Promise<BusFixture> => ({
      name: 'in-process',
      bus: new InProcessEventBus({ handlerRetry, logger: silentLogger }),
      deliveryTimeoutMs: 5_000,
    }),
    (fixture) => fixture.bus.close(),
  );
});

describe('EventBus contract: Kafka adapter', () => {
  busContract(
    async (): Promise<BusFixture> => ({
      name: 'kafka',
      bus: new KafkaEventBus({
        brokers: TEST_KAFKA_BROKERS,
        clientId: 'events-contract-test',
        handlerRetry,
        logger: silentLogger,
      }),
      deliveryTimeoutMs: 20_000,
    }),
    (fixture) => fixture.bus.close(),
  );
});

describe('Kafka namespaces', () => {
  it('keeps two namespaces apart on one broker, and hands handlers the plain topic name', async () => {
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const [blue, green] = ['blue', 'green'].map(
      (ns) =>
        new KafkaEventBus({
          brokers: TEST_KAFKA_BROKERS,
          clientId: `ns-test-${ns}`,
          namespace: `ns-${ns}-${run}`,
          handlerRetry,
          logger: silentLogger,
        }),
    ) as [KafkaEventBus, KafkaEventBus];
    const seen: Record<string, Array<{ topic: string; id: string }>> = { blue: [], green: [] };
    try {
      // The same topic and group names in both namespaces.
      await blue.subscribe({
        group: 'readers',
        topics: ['site.news'],
        handler: async (e) => void seen.blue!.push({ topic: e.topic, id: e.id }),
      });
      await green.subscribe({
        group: 'readers',
        topics: ['site.news'],
        handler: async (e) => void seen.green!.push({ topic: e.topic, id: e.id }),
      });
      const event = (id: string) => ({
        id,
        topic: 'site.news',
        key: 'k',
        payload: { id },
        occurredAt: new Date().toISOString(),
        headers: {},
      });
      const blueId = crypto.randomUUID();
      const greenId = crypto.randomUUID();
      await blue.publish([event(blueId)]);
      await green.publish([event(greenId)]);
      await waitFor(
        () => (seen.blue!.length > 0 && seen.green!.length > 0 ? true : undefined),
        20_000,
        20,
        'one event in each namespace',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seen.blue).toEqual([{ topic: 'site.news', id: blueId }]);
      expect(seen.green).toEqual([{ topic: 'site.news', id: greenId }]);
      expect(await blue.consumerLag('readers', ['site.news'])).toBe(0);
    } finally {
      await Promise.all([blue.close(), green.close()]);
    }
  }, 60_000);
});

describe('Kafka: a consumer reading from the newest event', () => {
  it('gets every event published as soon as subscribe resolved, round after round (no gap between the join and its first position)', async () => {
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const bus = new KafkaEventBus({
      brokers: TEST_KAFKA_BROKERS,
      clientId: `latest-${run}`,
      namespace: `latest-${run}`,
      handlerRetry,
      logger: silentLogger,
    });
    const missed: string[] = [];
    try {
      const events = (topic: string, ids: readonly string[]) =>
        ids.map((id, i) => ({
          id,
          topic,
          key: `k${i}`,
          payload: { i },
          occurredAt: new Date().toISOString(),
          headers: {},
        }));
      const replayed: string[] = [];
      // Several rounds, each a brand-new topic (with a few earlier events) and a brand-new group:
      // the events go out the moment subscribe resolves, racing the consumer's first fetch.
      for (let round = 0; round < 6; round++) {
        const topic = `fresh.${round}`;
        const earlier = Array.from({ length: 3 }, () => crypto.randomUUID());
        await bus.publish(events(topic, earlier));
        const seen: string[] = [];
        const subscription = await bus.subscribe({
          group: `g-${round}`,
          topics: [topic],
          fromBeginning: false,
          handler: async (e) => void seen.push(e.id),
        });
        const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
        await bus.publish(events(topic, ids));
        await waitFor(
          () => (seen.length >= ids.length ? true : undefined),
          15_000,
          20,
          `round ${round}`,
        ).catch(() => undefined);
        missed.push(...ids.filter((id) => !seen.includes(id)).map((id) => `round ${round}: ${id}`));
        replayed.push(
          ...earlier.filter((id) => seen.includes(id)).map((id) => `round ${round}: ${id}`),
        );
        await subscription.close();
      }
      expect(missed).toEqual([]);
      // …and from the end: nothing published before subscribe.
      expect(replayed).toEqual([]);
    } finally {
      await bus.close();
    }
  }, 120_000);
});
