// deploy/grafana/frenly-dashboard.json may only query metrics the code registers: the
// platform's (instantiated here) and the services' own (found in their sources).
import { readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InProcessEventBus, silentLogger } from '@frenly/events';
import { InProcessJobQueue, type FrenlyJobQueues } from '@frenly/jobs';
import { outboxBacklogMetric } from '../eventing/transactional-outbox.js';
import { observeOpenConnections } from './connection-metrics.js';
import { instrumentEventBus } from './event-bus-metrics.js';
import { instrumentJobQueue } from './job-queue-metrics.js';
import { MetricsService } from './metrics.service.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Dashboard {
  panels: Array<{ title: string; type: string; targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ name: string; definition?: string }> };
}

/** Every metric the platform registers in a service process (what launchService wires up). */
function platformMetricNames(): string[] {
  const metrics = new MetricsService({ service: 'spec' });
  const kafkaLike = Object.assign(new InProcessEventBus({ logger: silentLogger }), {
    consumerLag: async () => 0,
  });
  instrumentEventBus(kafkaLike, metrics);
  instrumentJobQueue(new InProcessJobQueue<FrenlyJobQueues>(), metrics);
  observeOpenConnections(createServer(), metrics);
  return metrics.registry.getMetricsAsArray().map((metric) => metric.name);
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Names passed to metrics.gauge / counter / histogram in the services' sources. */
async function serviceMetricNames(): Promise<string[]> {
  const services = await readdir(join(root, 'services'));
  const names: string[] = [];
  for (const service of services) {
    for (const file of await sourceFiles(join(root, 'services', service, 'src')).catch(() => [])) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(
        /\.(?:gauge|counter|histogram)\(\{\s*name:\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'/g,
      ))
        names.push(match[1]!);
      // A service's outbox (`extends TransactionalOutbox`, `service: '<name>'`) registers its backlog gauge.
      const outbox = /extends TransactionalOutbox[\s\S]*?service:\s*'([a-z]+)'/.exec(text);
      if (outbox) names.push(outboxBacklogMetric(outbox[1]!));
    }
  }
  return names;
}

/** Series names a metric exposes (a histogram has _bucket, _sum and _count). */
const seriesOf = (name: string): string[] => [
  name,
  `${name}_bucket`,
  `${name}_sum`,
  `${name}_count`,
];

/** Metric selectors of a PromQL expression: the dashboard writes every metric as `name{…}`. */
const metricsIn = (expr: string): string[] =>
  [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1]!);

describe('Grafana dashboard (deploy/grafana/frenly-dashboard.json)', () => {
  let dashboard: Dashboard;
  let known: Set<string>;

  beforeAll(async () => {
    dashboard = JSON.parse(
      await readFile(join(root, 'deploy/grafana/frenly-dashboard.json'), 'utf8'),
    ) as Dashboard;
    known = new Set([...platformMetricNames(), ...(await serviceMetricNames())].flatMap(seriesOf));
  });

  const queries = (): Array<{ where: string; expr: string }> => [
    ...dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => ({ where: panel.title, expr: target.expr })),
    ),
    ...dashboard.templating.list
      .filter((v) => v.definition)
      .map((v) => ({ where: `variable ${v.name}`, expr: v.definition! })),
  ];

  it('finds the metrics of the code (platform and services)', () => {
    // Guards the discovery itself: the checks below would pass on an empty set.
    expect([...known]).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds_bucket',
        'events_consumer_lag_messages',
        'jobs_queue_depth',
        'ledger_outbox_backlog',
        'realtime_open_connections',
        'process_cpu_seconds_total',
      ]),
    );
  });

  it('queries a metric in every panel query', () => {
    expect(queries().length).toBeGreaterThan(10);
    for (const { where, expr } of queries())
      expect({ where, metrics: metricsIn(expr).length > 0 }).toEqual({ where, metrics: true });
  });

  it('queries only metrics the code registers', () => {
    const unknown = queries().flatMap(({ where, expr }) =>
      metricsIn(expr)
        .filter((name) => !known.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('covers HTTP rate, errors and latency, consumer lag, queue depth, outbox backlog and open sockets', () => {
    const used = new Set(queries().flatMap(({ expr }) => metricsIn(expr)));
    for (const required of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'events_consumer_lag_messages',
      'jobs_queue_depth',
      'ledger_outbox_backlog',
      'analysis_outbox_backlog',
      'search_outbox_backlog',
      'http_open_connections',
      'realtime_open_connections',
    ]) {
      expect(used).toContain(required);
    }
  });
});
