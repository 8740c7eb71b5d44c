import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { defineOutbox, defineProcessedEvents } from './outbox.js';

/** Owned by the analysis service: analyses, evidence, reframe cache. */
export const analysisSchema = pgSchema('analysis');

export const analysisOutbox = defineOutbox(analysisSchema);
export const analysisProcessedEvents = defineProcessedEvents(analysisSchema);

export const ANALYSIS_STATUSES = ['completed', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/**
 * One analysis attempt of a canonical URL. A completed row holds the whole report (evidence,
 * scores, insights) as JSON; a failed row says why (error code and message), so a burst of
 * requests for a refused URL is answered from here rather than fetched again.
 */
export const analyses = analysisSchema.table(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    status: text('status', { enum: ANALYSIS_STATUSES }).notNull(),
    /** 'heuristic' or 'llm': which engine wrote the reasoning and insights. */
    engine: text('engine'),
    scoringVersion: integer('scoring_version'),
    frenlinessScore: integer('frenliness_score'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** The AnalysisReport (services/analysis/src/pipeline/report.ts). */
    report: jsonb('report'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analyses_url_created_idx').on(t.url, t.createdAt.desc())],
);

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The first screen of an analysed page as the browser tier saw it (PNG), one per analysis. A
 * fresh browser profile took it, so it holds no visitor's data; it goes with its analysis.
 */
export const analysisScreenshots = analysisSchema.table('screenshots', {
  analysisId: uuid('analysis_id')
    .primaryKey()
    .references(() => analyses.id, { onDelete: 'cascade' }),
  png: bytea('png').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the scorer read for the latest analysis of each URL, so that a new scoring version
 * re-scores it without fetching anything (services/analysis/src/rescoring): the fetched page (a
 * PageSnapshot as gzipped JSON) and, once the browser tier has visited, what it saw (the
 * SiteObservation less its screenshot, gzipped JSON). One row per URL, the latest analysis's:
 * storage grows with the sites, not with the analyses; `bytes` is the row's stored size.
 */
export const analysisSnapshots = analysisSchema.table(
  'snapshots',
  {
    url: text('url').primaryKey(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    page: bytea('page').notNull(),
    browser: bytea('browser'),
    bytes: integer('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('snapshots_analysis_id_idx').on(t.analysisId)],
);

/**
 * The catalogue's site ids, learnt from `search.site-indexed` (the search service owns sites;
 * this service never reads its tables). Keyed by canonical URL.
 */
export const analysisSiteRefs = analysisSchema.table(
  'site_refs',
  {
    url: text('url').primaryKey(),
    siteId: integer('site_id').notNull(),
    domain: text('domain').notNull(),
    title: text('title').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('site_refs_site_id_idx').on(t.siteId)],
);

/**
 * Reframed content, cached per (site, lens, content hash). `analysisId` is the analysis whose
 * evidence the text used: a newer analysis of the site makes the entry stale.
 */
export const analysisReframes = analysisSchema.table(
  'reframes',
  {
    siteId: integer('site_id').notNull(),
    lens: text('lens').notNull(),
    contentHash: text('content_hash').notNull(),
    analysisId: uuid('analysis_id'),
    engine: text('engine').notNull(),
    reframedContent: text('reframed_content').notNull(),
    actionableAdvice: text('actionable_advice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.lens, t.contentHash] })],
);
