import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
  type Metric,
} from 'prom-client';

export interface MetricsOptions {
  /** Added to every series as the `service` label ('embedded' when all modules share one process). */
  service: string;
  /** Process metrics (CPU, memory, event loop, GC). Default true. */
  defaultMetrics?: boolean;
}

/**
 * One Prometheus registry per process: the platform's HTTP histogram and process metrics,
 * plus whatever gauges and counters services register (outbox backlog, queue depth…).
 */
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(options: MetricsOptions) {
    this.registry.setDefaultLabels({ service: options.service });
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = this.histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route template and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  }

  observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(status) }, seconds);
  }

  /**
   * Registers a gauge, or returns the one already registered under that name: in the
   * embedded runtime several modules may ask for the same metric.
   * Use `collect()` to sample a value (e.g. a backlog count) at scrape time.
   */
  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return this.getOrCreate(
      config.name,
      () => new Gauge({ ...config, registers: [this.registry] }),
    );
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return this.getOrCreate(
      config.name,
      () => new Counter({ ...config, registers: [this.registry] }),
    );
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return this.getOrCreate(
      config.name,
      () => new Histogram({ ...config, registers: [this.registry] }),
    );
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every registered metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  private getOrCreate<M extends Metric<string>>(name: string, create: () => M): M {
    return (this.registry.getSingleMetric(name) as M | undefined) ?? create();
  }
}
