// One real analysis service for integration tests: a scratch PostgreSQL database (or PGlite),
// the in-process bus, a job queue (in-process, or BullMQ on the real Redis), and the Nest app
// listening on loopback. A stand-in for the search service's catalogue gives site ids as the
// real one does: to the analyze request's direct question, and to each analysis.site-analyzed
// with a search.site-indexed over the same bus (the same id for the same URL either way). A
// stand-in for the ledger answers the community figures a test gives it, as the ledger's
// internal route does (or, with `ledger: false`, the ledger is down).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Topics, type SiteCommunityResponse } from '@frenly/contracts';
import { openDatabase, type Database, type DatabaseHandle } from '@frenly/db';
import {
  InProcessEventBus,
  makeEvent,
  silentLogger,
  subscribeToEvents,
  type EventBus,
  type Subscription,
} from '@frenly/events';
import { createJobQueue, type FrenlyJobQueues } from '@frenly/jobs';
import {
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
  type FrenlyJobQueue,
} from '@frenly/platform';
import { createScratchDatabase, deleteRedisKeys, type ScratchDatabase } from '@frenly/testing';
import request from 'supertest';
import { AnalysisModule } from '../../src/analysis.module.js';
import { HttpSiteCatalogue, type SiteCatalogueFactory } from '../../src/analyze/site-catalogue.js';
import type { AnalysisSettings } from '../../src/analysis.settings.js';
import {
  HttpLedgerCommunity,
  type LedgerCommunityFactory,
} from '../../src/sites/ledger-community.js';

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface AnalysisContextOptions {
  readonly engine?: 'postgres' | 'pglite';
  readonly jobs?: 'in-process' | 'bullmq';
  readonly settings?: Partial<AnalysisSettings>;
  /**
   * The catalogue stand-in gives site ids (default true); false: nothing answers site-analyzed
   * events, and the analyze request's direct question goes to a search service that is down.
   */
  readonly catalogue?: boolean;
  /** The ledger stand-in answers community figures (default true); false: the ledger is down. */
  readonly ledger?: boolean;
}

/** Where no search (or ledger) service listens: connections are refused at once. */
const SEARCH_DOWN_URL = 'http://127.0.0.1:1';
const LEDGER_DOWN_URL = 'http://127.0.0.1:1';

/** The ledger's figures per site, answered as its internal route does: unknown sites absent. */
class LedgerStandIn {
  readonly sites = new Map<number, SiteCommunityResponse>();

  readonly direct: LedgerCommunityFactory = () => ({
    forSites: async (siteIds) => ({ sites: siteIds.flatMap((id) => this.sites.get(id) ?? []) }),
  });
}

/** The catalogue's ids: one per URL, whether asked directly or through the bus. */
class CatalogueStandIn {
  private nextSiteId = 1000;
  readonly siteIds = new Map<string, number>();

  siteIdOf(url: string): number {
    let siteId = this.siteIds.get(url);
    if (siteId === undefined) {
      siteId = ++this.nextSiteId;
      this.siteIds.set(url, siteId);
    }
    return siteId;
  }

  readonly direct: SiteCatalogueFactory = () => ({
    siteOf: async ({ url, title }) => ({
      siteId: this.siteIdOf(url),
      url,
      domain: new URL(url).hostname,
      title,
      indexedAt: new Date().toISOString(),
    }),
  });
}

export class AnalysisContext {
  private closed = false;
  private readonly standIn: CatalogueStandIn;
  private readonly ledger: LedgerStandIn;

  private constructor(
    readonly app: NestExpressApplication,
    readonly database: DatabaseHandle,
    readonly bus: EventBus,
    readonly jobs: FrenlyJobQueue,
    readonly baseUrl: string,
    readonly metrics: MetricsService,
    readonly tokens: IdentityTokens,
    readonly logLines: string[],
    private readonly scratch: ScratchDatabase | undefined,
    private catalogue: Subscription | undefined,
    private readonly redisPrefix: string | undefined,
    standIn: CatalogueStandIn,
    ledger: LedgerStandIn,
  ) {
    this.standIn = standIn;
    this.ledger = ledger;
  }

  /** Site ids the catalogue stand-in gave out, by URL. */
  get siteIds(): ReadonlyMap<string, number> {
    return this.standIn.siteIds;
  }

  static async start(options: AnalysisContextOptions = {}): Promise<AnalysisContext> {
    const runId = randomBytes(4).toString('hex');
    const scratch =
      options.engine === 'pglite' ? undefined : await createScratchDatabase('frenly_analysis');
    const database = scratch
      ? await openDatabase({ databaseUrl: scratch.url, schemas: ['analysis'], poolSize: 8 })
      : await openDatabase({ dataDir: 'memory://', schemas: ['analysis'] });
    const bus = new InProcessEventBus({ logger: silentLogger });
    const redisPrefix = options.jobs === 'bullmq' ? `frenly-analysis-it-${runId}` : undefined;
    const jobs = createJobQueue<FrenlyJobQueues>({
      redisUrl: redisPrefix ? TEST_REDIS_URL : undefined,
      ...(redisPrefix ? { prefix: redisPrefix } : {}),
      onError: () => undefined,
    });
    const lines: string[] = [];
    const logger = new JsonLogger({
      service: 'analysis',
      level: 'warn',
      write: (line) => lines.push(line),
    });
    const tokens = new IdentityTokens(randomBytes(32));
    const metrics = new MetricsService({ service: 'analysis', defaultMetrics: false });
    const settings: Partial<AnalysisSettings> = {
      siteRefsGroup: `analysis-it-site-refs-${runId}`,
      relayPollIntervalMs: 100,
      ...options.settings,
    };
    const standIn = new CatalogueStandIn();
    const siteCatalogue: SiteCatalogueFactory =
      (options.catalogue ?? true)
        ? standIn.direct
        : () => new HttpSiteCatalogue([SEARCH_DOWN_URL], tokens, logger);
    const ledger = new LedgerStandIn();
    const ledgerCommunity: LedgerCommunityFactory =
      (options.ledger ?? true)
        ? ledger.direct
        : () => new HttpLedgerCommunity([LEDGER_DOWN_URL], tokens, logger);
    const app = await createServiceApp({
      service: 'analysis',
      logger,
      metrics,
      modules: [
        AnalysisModule.forRoot({
          db: database.db,
          bus,
          jobs,
          identityTokens: tokens,
          siteCatalogue,
          ledgerCommunity,
          settings,
        }),
      ],
    });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const context = new AnalysisContext(
      app,
      database,
      bus,
      jobs,
      `http://127.0.0.1:${port}`,
      metrics,
      tokens,
      lines,
      scratch,
      undefined,
      redisPrefix,
      standIn,
      ledger,
    );
    if (options.catalogue ?? true) await context.startCatalogue(runId);
    return context;
  }

  get db(): Database {
    return this.database.db;
  }

  http() {
    return request(this.baseUrl);
  }

  /** The identity header the gateway would set for a signed-in user. */
  signedIn(userId = 'user-1'): Record<string, string> {
    return {
      [IDENTITY_HEADER]: this.tokens.sign({
        userId,
        firstName: 'Test',
        lastName: null,
        email: null,
      }),
    };
  }

  analyze(url: unknown, userId = 'user-1') {
    return this.http().post('/api/sites/analyze').set(this.signedIn(userId)).send({ url });
  }

  reframe(siteId: number | string, body: unknown) {
    return this.http()
      .post(`/api/sites/${siteId}/reframe`)
      .set(this.signedIn())
      .send(body as object);
  }

  /** What the ledger (stand-in) answers for the site from now on. */
  setCommunity(figures: SiteCommunityResponse): void {
    this.ledger.sites.set(figures.siteId, figures);
  }

  async metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
    const metric = this.metrics.registry.getSingleMetric(name);
    if (!metric) return 0;
    const data = await metric.get();
    return data.values
      .filter((value) =>
        Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
      )
      .reduce((sum, value) => sum + value.value, 0);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.catalogue?.close();
    await this.app.close();
    await this.jobs.close({ timeoutMs: 2_000 });
    await this.bus.close();
    await this.database.close();
    await this.scratch?.drop();
    if (this.redisPrefix) await deleteRedisKeys(TEST_REDIS_URL, this.redisPrefix);
  }

  private async startCatalogue(runId: string): Promise<void> {
    this.catalogue = await subscribeToEvents(this.bus, {
      group: `catalogue-stand-in-${runId}`,
      handlers: {
        [Topics.SiteAnalyzed]: async (event) => {
          const { url, domain, title } = event.payload;
          const siteId = this.standIn.siteIdOf(url);
          await this.bus.publish([
            makeEvent(Topics.SiteIndexed, siteId, {
              siteId,
              url,
              domain,
              title,
              indexedAt: new Date().toISOString(),
            }),
          ]);
        },
      },
    });
  }
}
