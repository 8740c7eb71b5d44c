import { Module, type DynamicModule } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { analysisProcessedEvents, type Database } from '@frenly/db';
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
  ANALYSIS_SETTINGS,
  resolveAnalysisSettings,
  type AnalysisSettings,
} from './analysis.settings.js';
import { AnalysesRepository } from './analyses/analyses.repository.js';
import { AnalysisRunner } from './analyses/analysis-runner.js';
import { SiteAnalysisProcessor } from './analyses/site-analysis.processor.js';
import { AnalysesController } from './analyses/analyses.controller.js';
import { AnalysesService } from './analyses/analyses.service.js';
import { BrowserAnalysisJobs } from './analyses/browser-analysis.jobs.js';
import { BrowserAnalysisProcessor } from './analyses/browser-analysis.processor.js';
import { BrowserAnalysisRunner } from './analyses/browser-analysis.runner.js';
import { BrowserTierProvider } from './analyses/browser-tier.provider.js';
import { ScreenshotsRepository } from './analyses/screenshots.repository.js';
import { SnapshotsRepository } from './analyses/snapshots.repository.js';
import { RescoringMetrics } from './rescoring/rescoring.metrics.js';
import { RescoringProcessor } from './rescoring/rescoring.processor.js';
import { RescoringService } from './rescoring/rescoring.service.js';
import {
  RESCORING_SETTINGS,
  resolveRescoringSettings,
  type RescoringSettings,
} from './rescoring/rescoring.settings.js';
import { RescoringSweep } from './rescoring/rescoring.sweep.js';
import { CrawledBrowserVisits } from './analyses/crawled-browser-visits.js';
import { CrawledPageAnalysis } from './analyses/crawled-page-analysis.js';
import { SiteCrawledConsumer } from './consumers/site-crawled.consumer.js';
import { AnalyzeController } from './analyze/analyze.controller.js';
import { AnalyzeService } from './analyze/analyze.service.js';
import { SITE_CATALOGUE, type SiteCatalogueFactory } from './analyze/site-catalogue.js';
import { SiteIndexedConsumer } from './consumers/site-indexed.consumer.js';
import { PageFetcher } from './fetching/page-fetcher.js';
import { InsightRefiner } from './llm/insight-refiner.js';
import { LlmClient } from './llm/llm-client.js';
import { LlmReframer } from './llm/llm-reframer.js';
import { AnalysisMetrics } from './metrics/analysis.metrics.js';
import { AnalysisOutbox } from './outbox/analysis-outbox.js';
import { TrackerCatalog } from './pipeline/trackers/tracker-catalog.js';
import { ReframeController } from './reframe/reframe.controller.js';
import { ReframeService } from './reframe/reframe.service.js';
import { ReframesRepository } from './reframe/reframes.repository.js';
import { CommunityReader } from './sites/community.reader.js';
import { LEDGER_COMMUNITY, type LedgerCommunityFactory } from './sites/ledger-community.js';
import { SiteRefsRepository } from './sites/site-refs.repository.js';

/** What the runtime hands the analysis service (shared instances in the embedded runtime). */
export interface AnalysisInfrastructure {
  readonly identityTokens: IdentityTokens;
  readonly db: Database;
  readonly bus: EventBus;
  readonly jobs: FrenlyJobQueue;
  /** Search's catalogue, which gives an analysed URL its site id (HTTP, or in process when embedded). */
  readonly siteCatalogue: SiteCatalogueFactory;
  /** The ledger's community figures of a site (HTTP, or in process when embedded). */
  readonly ledgerCommunity: LedgerCommunityFactory;
  /** Defaults suit production; see analysisSettingsFromConfig for the environment variables. */
  readonly settings?: Partial<AnalysisSettings>;
  /** How stored analyses follow the scoring version (rescoring/); defaults suit production. */
  readonly rescoring?: Partial<RescoringSettings>;
}

/** The analysis service: site analyses and content reframing, run as jobs. */
@Module({})
export class AnalysisModule {
  static forRoot(infra: AnalysisInfrastructure): DynamicModule {
    return withEventConsumers(
      {
        module: AnalysisModule,
        controllers: [AnalyzeController, AnalysesController, ReframeController],
        providers: [
          { provide: DATABASE, useValue: infra.db },
          { provide: EVENT_BUS, useValue: infra.bus },
          { provide: IDENTITY_TOKENS, useValue: infra.identityTokens },
          { provide: JOB_QUEUE, useValue: infra.jobs },
          { provide: ANALYSIS_SETTINGS, useValue: resolveAnalysisSettings(infra.settings) },
          { provide: TrackerCatalog, useFactory: () => TrackerCatalog.load() },
          {
            provide: SITE_CATALOGUE,
            useFactory: (modules: ModuleRef) => infra.siteCatalogue(modules),
            inject: [ModuleRef],
          },
          {
            provide: LEDGER_COMMUNITY,
            useFactory: (modules: ModuleRef) => infra.ledgerCommunity(modules),
            inject: [ModuleRef],
          },
          AnalysisMetrics,
          AnalysisOutbox,
          AnalysesRepository,
          SiteRefsRepository,
          CommunityReader,
          ReframesRepository,
          PageFetcher,
          LlmClient,
          InsightRefiner,
          LlmReframer,
          AnalysisRunner,
          SiteAnalysisProcessor,
          // The browser tier: Chromium started on the first job, closed on shutdown (provider).
          BrowserTierProvider,
          BrowserAnalysisJobs,
          BrowserAnalysisRunner,
          BrowserAnalysisProcessor,
          ScreenshotsRepository,
          // Analyses follow the scoring version: re-scored from their snapshots, nothing fetched.
          SnapshotsRepository,
          { provide: RESCORING_SETTINGS, useValue: resolveRescoringSettings(infra.rescoring) },
          RescoringMetrics,
          RescoringService,
          RescoringProcessor,
          RescoringSweep,
          AnalysesService,
          CrawledPageAnalysis,
          CrawledBrowserVisits,
          SiteCrawledConsumer,
          AnalyzeService,
          ReframeService,
          SiteIndexedConsumer,
        ],
        exports: [AnalyzeService, ReframeService],
      },
      { processedEvents: analysisProcessedEvents },
    );
  }
}
