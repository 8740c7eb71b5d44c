import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { searchProcessedEvents, type Database } from '@frenly/db';
import type { EventBus } from '@frenly/events';
import {
  DATABASE,
  EVENT_BUS,
  JOB_QUEUE,
  type FrenlyJobQueue,
  IDENTITY_TOKENS,
  IdentityTokens,
  withEventConsumers,
} from '@frenly/platform';
import {
  CLOCK,
  resolveSearchSettings,
  SEARCH_SETTINGS,
  type Clock,
  type SearchSettings,
  type SearchSettingsOverrides,
} from './config/search.settings.js';
import { SafeFetcher } from '@frenly/safe-fetch';
import { SiteEventsConsumer } from './consumers/site-events.consumer.js';
import { CrawlFrontier } from './crawler/crawl-frontier.js';
import { CrawlReachability } from './crawler/crawl-reachability.js';
import { CrawlProcessor } from './crawler/crawl.processor.js';
import { CrawlRootRepository } from './crawler/crawl-root.repository.js';
import { CrawlScheduler } from './crawler/crawl.scheduler.js';
import { CrawlService, SITE_CRAWLER } from './crawler/crawl.service.js';
import { HostPoliteness } from './crawler/host-politeness.js';
import { SiteCrawler } from './crawler/site-crawler.js';
import { SubmitController } from './crawler/submit.controller.js';
import { SpellingRepository } from './query/spelling.repository.js';
import { SpellingService } from './query/spelling.service.js';
import { SearchOutbox } from './events/search-outbox.js';
import { SearchController } from './search/search.controller.js';
import { SearchRepository } from './search/search.repository.js';
import { SearchStatements } from './search/search-statements.js';
import { DomainFactsService } from './search/domain-facts.js';
import { ResultInsights } from './search/result-insights.js';
import { SearchService } from './search/search.service.js';
import { SeedLoadRepository } from './seed/seed-load.repository.js';
import { SeedService } from './seed/seed.service.js';
import { SearchIndexRepository } from './sites/search-index.repository.js';
import { SiteRepository } from './sites/site.repository.js';
import { SiteIdsController } from './site-ids/site-ids.controller.js';
import { SiteIdsService } from './site-ids/site-ids.service.js';
import { QueryLogWriter } from './trending/query-log.writer.js';
import { TrendingRepository } from './trending/trending.repository.js';
import { TrendingService } from './trending/trending.service.js';
import { VisitorHasher } from './trending/visitor-hash.js';

/** What the runtime hands the search service (shared instances in the embedded runtime). */
export interface SearchInfrastructure {
  readonly identityTokens: IdentityTokens;
  readonly db: Database;
  readonly bus: EventBus;
  readonly jobs: FrenlyJobQueue;
  /** Tunables; defaults suit the embedded runtime (see search.settings.ts). */
  readonly settings?: SearchSettingsOverrides;
  /** Tests move time by hand. */
  readonly clock?: Clock;
  /**
   * Serve the internal routes (POST /internal/site-ids, for the analysis service): the
   * distributed runtime only; embedded, the analysis calls SiteIdsService in process.
   */
  readonly internalRoutes?: boolean;
}

/**
 * Starts and stops what runs in the background: the seed load, the crawler. Intake stops
 * first (module destroy, while requests still drain); the query log writes its final batch
 * before the outbox relay (SearchOutbox) publishes what is left and stops.
 */
@Injectable()
class SearchLifecycle
  implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown
{
  constructor(
    private readonly seed: SeedService,
    private readonly crawlProcessor: CrawlProcessor,
    private readonly crawlScheduler: CrawlScheduler,
    private readonly crawlFrontier: CrawlFrontier,
    private readonly queryLog: QueryLogWriter,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.seedOnStart) await this.seed.ensureSeededAtStart();
    await this.seed.ensureLexicon();
    await this.crawlProcessor.start();
    this.crawlScheduler.start();
    this.crawlFrontier.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.crawlScheduler.stop();
    await this.crawlFrontier.stop();
    await this.crawlProcessor.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queryLog.flush();
  }
}

/** The search service: the site catalogue and its index, ranking, trending, the crawler. */
@Module({})
export class SearchModule {
  static forRoot(infra: SearchInfrastructure): DynamicModule {
    return withEventConsumers(
      {
        module: SearchModule,
        controllers: [
          SearchController,
          SubmitController,
          ...(infra.internalRoutes ? [SiteIdsController] : []),
        ],
        providers: [
          { provide: DATABASE, useValue: infra.db },
          { provide: EVENT_BUS, useValue: infra.bus },
          { provide: IDENTITY_TOKENS, useValue: infra.identityTokens },
          { provide: JOB_QUEUE, useValue: infra.jobs },
          { provide: SEARCH_SETTINGS, useValue: resolveSearchSettings(infra.settings) },
          { provide: CLOCK, useValue: infra.clock ?? (() => new Date()) },
          SiteRepository,
          SearchIndexRepository,
          SearchStatements,
          SearchRepository,
          SpellingRepository,
          SpellingService,
          SeedLoadRepository,
          TrendingRepository,
          SearchOutbox,
          VisitorHasher,
          QueryLogWriter,
          SearchService,
          TrendingService,
          SeedService,
          SiteEventsConsumer,
          {
            provide: SITE_CRAWLER,
            useFactory: (settings: SearchSettings) => createSiteCrawler(settings),
            inject: [SEARCH_SETTINGS],
          },
          CrawlRootRepository,
          CrawlService,
          CrawlProcessor,
          CrawlScheduler,
          CrawlReachability,
          CrawlFrontier,
          DomainFactsService,
          ResultInsights,
          SiteIdsService,
          SearchLifecycle,
        ],
      },
      { processedEvents: searchProcessedEvents },
    );
  }
}

/** The crawler on the safe fetcher, with this process's per-host politeness. */
export function createSiteCrawler(settings: SearchSettings): SiteCrawler {
  const { crawl } = settings;
  const fetcher = new SafeFetcher({
    allowList: crawl.allowList,
    resolve: crawl.resolve,
    userAgent: crawl.userAgent,
    maxBodyBytes: crawl.maxPageBytes,
    timeoutMs: crawl.pageTimeoutMs,
  });
  return new SiteCrawler(fetcher, new HostPoliteness(), crawl);
}
