// The process-level series every service exposes on /metrics besides HTTP: the bus (published,
// consumed, failures, consumer lag), the job queue (depth, attempts) and open connections.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Topics, type VoteCastV1 } from '@frenly/contracts';
import { InProcessEventBus, makeEvent, silentLogger } from '@frenly/events';
import { InProcessJobQueue, QueueNames, type FrenlyJobQueues } from '@frenly/jobs';
import { waitFor } from '@frenly/testing';
import { observeOpenConnections } from './connection-metrics.js';
import { instrumentEventBus } from './event-bus-metrics.js';
import { instrumentJobQueue } from './job-queue-metrics.js';
import { MetricsService } from './metrics.service.js';

const metricsFor = () => new MetricsService({ service: 'spec', defaultMetrics: false });

async function valueOf(
  metrics: MetricsService,
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) return undefined;
  const { values } = await metric.get();
  return values.find((v) =>
    Object.entries(labels).every(([key, wanted]) => String(v.labels[key]) === wanted),
  )?.value;
}

const vote = (siteId: number): VoteCastV1 => ({
  siteId,
  userId: 'u',
  vote: 'up',
  upvotes: 1,
  downvotes: 0,
  siteVersion: 1,
});

describe(instrumentEventBus.name, () => {
  it('counts published and consumed events and handler failures, and the age of the last event handled', async () => {
    const metrics = metricsFor();
    const raw = new InProcessEventBus({
      logger: silentLogger,
      handlerRetry: { initialMs: 1, maxMs: 5 },
    });
    const sut = instrumentEventBus(raw, metrics);
    let attempts = 0;
    await sut.subscribe({
      group: 'g1',
      topics: [Topics.VoteCast],
      handler: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first attempt fails');
      },
    });
    const old = {
      ...makeEvent(Topics.VoteCast, 1, vote(1)),
      occurredAt: new Date(Date.now() - 5_000).toISOString(),
    };
    await sut.publish([old]);

    await waitFor(
      async () =>
        (await valueOf(metrics, 'events_consumed_total', { group: 'g1' })) === 1 ? true : undefined,
      5_000,
    );
    expect(await valueOf(metrics, 'events_published_total', { topic: Topics.VoteCast })).toBe(1);
    expect(
      await valueOf(metrics, 'events_handler_failures_total', {
        group: 'g1',
        topic: Topics.VoteCast,
      }),
    ).toBe(1);
    expect(
      await valueOf(metrics, 'events_consumer_lag_seconds', {
        group: 'g1',
        topic: Topics.VoteCast,
      }),
    ).toBeGreaterThanOrEqual(5);
    // The in-process bus has no broker to ask: no message-lag series.
    expect(metrics.registry.getSingleMetric('events_consumer_lag_messages')).toBeUndefined();
    expect(sut.durable).toBe(raw.durable);
    await sut.close();
  });

  it('samples the message lag of each subscribed group from a bus that reports it', async () => {
    const metrics = metricsFor();
    const raw = new InProcessEventBus({ logger: silentLogger });
    const asked: string[] = [];
    const reporting = Object.assign(raw, {
      consumerLag: async (group: string) => {
        asked.push(group);
        return 7;
      },
    });
    const sut = instrumentEventBus(reporting, metrics);
    const subscription = await sut.subscribe({
      group: 'lagging',
      topics: [Topics.StakePlaced],
      handler: async () => undefined,
    });
    expect(await metrics.text()).toMatch(
      /events_consumer_lag_messages\{group="lagging",service="spec"\} 7/,
    );
    await subscription.close();
    asked.length = 0;
    await metrics.text();
    expect(asked).toEqual([]);
    await sut.close();
  });
});

describe(instrumentJobQueue.name, () => {
  it('reports the depth of every Frenly queue and the attempts its workers finished', async () => {
    const metrics = metricsFor();
    const queue = new InProcessJobQueue<FrenlyJobQueues>();
    instrumentJobQueue(queue, metrics);
    await queue.enqueue(QueueNames.siteCrawl, { url: 'https://a.example/' });
    await queue.enqueue(QueueNames.siteCrawl, { url: 'https://b.example/' });
    expect(
      await valueOf(metrics, 'jobs_queue_depth', { queue: QueueNames.siteCrawl, state: 'waiting' }),
    ).toBe(2);
    expect(
      await valueOf(metrics, 'jobs_queue_depth', {
        queue: QueueNames.siteAnalysis,
        state: 'waiting',
      }),
    ).toBe(0);

    await queue.process(QueueNames.siteCrawl, async ({ url }) => ({ siteId: url }));
    await waitFor(
      async () =>
        (await valueOf(metrics, 'jobs_processed_total', {
          queue: QueueNames.siteCrawl,
          outcome: 'completed',
        })) === 2
          ? true
          : undefined,
      5_000,
    );
    expect(
      await valueOf(metrics, 'jobs_queue_depth', { queue: QueueNames.siteCrawl, state: 'waiting' }),
    ).toBe(0);
    await queue.close();
  });
});

describe(observeOpenConnections.name, () => {
  let server: Server;
  const sockets: Socket[] = [];

  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts the open connections of the server at scrape time', async () => {
    const metrics = metricsFor();
    server = createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    observeOpenConnections(server, metrics);
    const { port } = server.address() as { port: number };
    for (let i = 0; i < 3; i += 1) {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
    }
    await waitFor(
      async () => ((await valueOf(metrics, 'http_open_connections')) === 3 ? true : undefined),
      5_000,
    );
    sockets.pop()!.destroy();
    await waitFor(
      async () => ((await valueOf(metrics, 'http_open_connections')) === 2 ? true : undefined),
      5_000,
    );
  });
});
