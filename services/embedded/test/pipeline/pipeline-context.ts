// The crawl-and-analyse pipeline in one process, as either runtime wires it: search (catalogue,
// frontier, crawler), analysis and realtime modules on one database, one bus and one job queue.
// Embedded: PGlite, the in-process bus and queue. Distributed: a scratch PostgreSQL database,
// Kafka (a namespace of its own) and BullMQ on the real Redis (a prefix of its own).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AnalysisModule } from '@frenly/analysis';
import { openDatabase, type Database, type DatabaseHandle } from '@frenly/db';
import { InProcessEventBus, KafkaEventBus, silentLogger, type EventBus } from '@frenly/events';
import { createJobQueue, type FrenlyJobQueues } from '@frenly/jobs';
import {
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
  type FrenlyJobQueue,
} from '@frenly/platform';
import { RealtimeModule, installRealtimeEndpoint } from '@frenly/realtime';
import { SearchModule, type SearchSettingsOverrides } from '@frenly/search';
import { createScratchDatabase, deleteRedisKeys, type ScratchDatabase } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { inProcessSiteCatalogue } from '../../src/embedded.modules.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

/**
 * 'embedded': PGlite with the in-process bus and queue (npm start). 'distributed': PostgreSQL,
 * Kafka, BullMQ. 'in-process': PostgreSQL with the in-process bus and queue (the embedded
 * runtime with DATABASE_URL): the same wiring as embedded, without PGlite's slow migrations.
 */
export type PipelineRuntime = 'embedded' | 'distributed' | 'in-process';

export interface PipelineOptions {
  readonly runtime: PipelineRuntime;
  /** FRENLY_RESOLVE rules and allow-list entries of the fixture web (or of a closed port). */
  readonly resolve: readonly string[];
  readonly allowList: readonly string[];
  readonly crawl?: SearchSettingsOverrides['crawl'];
}

export class PipelineContext {
  private closed = false;

  private constructor(
    readonly app: NestExpressApplication,
    readonly database: DatabaseHandle,
    readonly bus: EventBus,
    readonly jobs: FrenlyJobQueue,
    readonly baseUrl: string,
    readonly tokens: IdentityTokens,
    readonly logLines: string[],
    private readonly scratch: ScratchDatabase | undefined,
    private readonly redisPrefix: string | undefined,
  ) {}

  static async start(options: PipelineOptions): Promise<PipelineContext> {
    const runId = randomBytes(4).toString('hex');
    const distributed = options.runtime === 'distributed';
    const scratch =
      options.runtime === 'embedded' ? undefined : await createScratchDatabase('frenly_pipeline');
    const database = scratch
      ? await openDatabase({ databaseUrl: scratch.url, poolSize: 10 })
      : await openDatabase({ dataDir: 'memory://' });
    const bus: EventBus = distributed
      ? new KafkaEventBus({
          brokers: KAFKA_BROKERS,
          clientId: `pipeline-it-${runId}`,
          namespace: `pipeline-it-${runId}`,
          logger: silentLogger,
        })
      : new InProcessEventBus({ logger: silentLogger });
    const redisPrefix = distributed ? `frenly-pipeline-it-${runId}` : undefined;
    const jobs = createJobQueue<FrenlyJobQueues>({
      redisUrl: redisPrefix ? REDIS_URL : undefined,
      ...(redisPrefix ? { prefix: redisPrefix } : {}),
      onError: () => undefined,
    });
    const logLines: string[] = [];
    const debug = process.env.PIPELINE_DEBUG === '1';
    const logger = new JsonLogger({
      service: 'pipeline',
      level: debug ? 'debug' : 'warn',
      write: (line) => (debug ? process.stderr.write(`${line}\n`) : logLines.push(line)),
    });
    const tokens = new IdentityTokens(randomBytes(32));
    const app = await createServiceApp({
      service: 'pipeline',
      logger,
      metrics: new MetricsService({ service: 'pipeline', defaultMetrics: false }),
      modules: [
        SearchModule.forRoot({
          db: database.db,
          bus,
          jobs,
          identityTokens: tokens,
          settings: {
            seedOnStart: false,
            consumerGroup: `pipeline-it-catalogue-${runId}`,
            queryLog: { flushIntervalMs: 20 },
            crawl: {
              allowList: options.allowList,
              resolve: options.resolve,
              auto: true,
              maxPages: 1,
              defaultDelayMs: 0,
              frontierIntervalMs: 50,
              sitesPerMinute: 6_000,
              concurrency: 8,
              pageTimeoutMs: 2_000,
              ...options.crawl,
            },
          },
        }),
        AnalysisModule.forRoot({
          db: database.db,
          bus,
          jobs,
          identityTokens: tokens,
          siteCatalogue: inProcessSiteCatalogue,
          // No ledger in this pipeline: it answers that nobody voted on or staked anything.
          ledgerCommunity: () => ({ forSites: async () => ({ sites: [] }) }),
          settings: {
            siteRefsGroup: `pipeline-it-site-refs-${runId}`,
            relayPollIntervalMs: 100,
            fetchAllowList: options.allowList,
            fetchResolve: options.resolve,
          },
        }),
        RealtimeModule.forRoot({
          bus,
          identityTokens: tokens,
          settings: { instanceId: `pipeline-it-${runId}` },
        }),
      ],
      configure: (nest) => installRealtimeEndpoint(nest),
    });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return new PipelineContext(
      app,
      database,
      bus,
      jobs,
      `http://127.0.0.1:${port}`,
      tokens,
      logLines,
      scratch,
      redisPrefix,
    );
  }

  get db(): Database {
    return this.database.db;
  }

  /** Puts sites into the catalogue as the seed load does: known, never crawled, never analysed. */
  async seed(
    sites: ReadonlyArray<{ url: string; domain: string; title: string; description: string }>,
  ): Promise<void> {
    for (const site of sites) {
      await this.db.execute(
        sql`insert into search.sites (url, domain, title, description, source) values (${site.url}, ${site.domain}, ${site.title}, ${site.description}, 'seed')`,
      );
    }
  }

  search(q: string) {
    return request(this.baseUrl).get('/api/search').query({ q });
  }

  /** The identity header the gateway would set for a signed-in user. */
  signedIn(userId = 'viewer'): Record<string, string> {
    return {
      [IDENTITY_HEADER]: this.tokens.sign({
        userId,
        firstName: 'Viewer',
        lastName: null,
        email: null,
      }),
    };
  }

  async analysedUrls(): Promise<
    Map<
      string,
      { score: number | null; patterns: string[]; trackers: number; analyzedAt: Date | null }
    >
  > {
    const rows = await this.db.execute<{
      url: string;
      frenliness_score: number | null;
      analysis_data: {
        frenliness?: { manipulativePatterns?: string[] };
        evidence?: { trackers?: unknown[] };
      } | null;
      analyzed_at: string | null;
    }>(
      sql`select url, frenliness_score, analysis_data, analyzed_at from search.sites where analyzed_at is not null`,
    );
    return new Map(
      rows.rows.map((row) => [
        row.url,
        {
          score: row.frenliness_score,
          patterns: row.analysis_data?.frenliness?.manipulativePatterns ?? [],
          trackers: row.analysis_data?.evidence?.trackers?.length ?? 0,
          analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at),
        },
      ]),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.app.close();
    await this.jobs.close({ timeoutMs: 2_000 });
    await this.bus.close();
    await this.database.close();
    await this.scratch?.drop();
    if (this.redisPrefix) await deleteRedisKeys(REDIS_URL, this.redisPrefix);
  }
}
