import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { MetricsService } from '@frenly/platform';

/** The analysis service's own Prometheus series. */
@Injectable()
export class AnalysisMetrics {
  /** Analyses run by this process, by outcome (completed, failed) and engine. */
  readonly analyses: Counter<'outcome' | 'engine'>;
  /** Time of one analysis job by stage: fetch, pipeline (network excluded), llm, total. */
  readonly duration: Histogram<'stage'>;
  /** Analyze requests answered from a recent result (kind: completed, failed) instead of a new fetch. */
  readonly cacheHits: Counter<'kind'>;
  readonly cacheMisses: Counter;
  /** LLM answers not used, by purpose (insights, reframe) and reason (timeout, error, invalid). */
  readonly llmFallbacks: Counter<'purpose' | 'reason'>;
  readonly llmDuration: Histogram<'purpose'>;
  /** Reframes by engine and whether they came from the cache. */
  readonly reframes: Counter<'engine' | 'cached'>;

  constructor(metrics: MetricsService) {
    this.analyses = metrics.counter({
      name: 'analysis_runs_total',
      help: 'Site analyses run, by outcome and engine',
      labelNames: ['outcome', 'engine'],
    });
    this.duration = metrics.histogram({
      name: 'analysis_duration_seconds',
      help: 'Duration of site analyses by stage (fetch, pipeline, llm, total)',
      labelNames: ['stage'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    });
    this.cacheHits = metrics.counter({
      name: 'analysis_cache_hits_total',
      help: 'Analyze requests answered from a recent analysis',
      labelNames: ['kind'],
    });
    this.cacheMisses = metrics.counter({
      name: 'analysis_cache_misses_total',
      help: 'Analyze requests that needed a new analysis',
    });
    this.llmFallbacks = metrics.counter({
      name: 'analysis_llm_fallbacks_total',
      help: 'LLM answers not used (heuristic result kept)',
      labelNames: ['purpose', 'reason'],
    });
    this.llmDuration = metrics.histogram({
      name: 'analysis_llm_duration_seconds',
      help: 'Duration of LLM calls',
      labelNames: ['purpose'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    });
    this.reframes = metrics.counter({
      name: 'analysis_reframes_total',
      help: 'Reframes by engine and cache use',
      labelNames: ['engine', 'cached'],
    });
  }
}
