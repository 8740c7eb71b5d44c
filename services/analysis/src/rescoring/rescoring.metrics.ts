import { Injectable } from '@nestjs/common';
import type { Counter, Gauge } from 'prom-client';
import { MetricsService } from '@frenly/platform';

/** The rescoring's Prometheus series: what it did, and what its snapshots cost in storage. */
@Injectable()
export class RescoringMetrics {
  /** Re-score jobs by outcome (rescored, current, no-snapshot, skipped). */
  readonly rescores: Counter<'outcome'>;
  /** Snapshots kept (one per analysed URL) and their stored size, as of the last sweep. */
  readonly snapshots: Gauge;
  readonly snapshotBytes: Gauge;

  constructor(metrics: MetricsService) {
    this.rescores = metrics.counter({
      name: 'analysis_rescores_total',
      help: 'Stored analyses scored again from their snapshot under a newer scoring version, by outcome',
      labelNames: ['outcome'],
    });
    this.snapshots = metrics.gauge({
      name: 'analysis_snapshots',
      help: 'Analysis snapshots kept (one per analysed URL, the latest analysis)',
    });
    this.snapshotBytes = metrics.gauge({
      name: 'analysis_snapshots_bytes',
      help: 'Stored size of the analysis snapshots (gzipped page and browser observation)',
    });
  }
}
