import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AnalysisData } from '@frenly/contracts';
import { defineOutbox, defineProcessedEvents } from './outbox.js';

/** Owned by the search service: the site catalogue and its index. */
export const searchSchema = pgSchema('search');

/** PostgreSQL's tsvector; read only through SQL (its text form is of no use to code). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const SITE_SOURCES = ['seed', 'crawl', 'analysis'] as const;
export type SiteSource = (typeof SITE_SOURCES)[number];

/**
 * How much page text the index reads: the lead of the page (the rest is stored, not indexed).
 * Tokenising page text is most of what indexing a site costs (docs/search-scaling.md): 4,000
 * characters until ranking 2.1, 1,000 since. Must equal the constant in search.site_document.
 */
export const INDEXED_PAGE_TEXT_CHARS = 1000;

/** Wilson lower bound (z = 1.96) of k successes in n trials; 0 when n = 0. */
const wilsonLowerBound = (k: string, n: string) => `(case when ${n} = 0 then 0::float8 else
    ((${k})::float8 / (${n}) + 1.9208 / (${n}) - 1.96 * sqrt(((${k})::float8 / (${n})) * (1 - (${k})::float8 / (${n})) / (${n}) + 0.9604 / ((${n})::float8 * (${n}))))
    / (1 + 3.8416 / (${n})) end)`;

/**
 * Static rank v1 (docs/search-ranking.md), in [0, 1]: 0.5 Frenliness (unanalysed = 50)
 * + 0.3 community balance (0.5 ± how far the Wilson lower bound of the up or down share
 * rises above one half) + 0.2 trust (high 1, medium 0.6, low 0.1, unknown 0.5).
 * A generated column, so every writer (bulk loads included) keeps it current.
 */
export const STATIC_RANK_VERSION = 1;
const staticRankSql = sql.raw(`
  0.5 * coalesce(frenliness_score, 50)::float8 / 100
  + 0.3 * (0.5
      + greatest(0, ${wilsonLowerBound('upvotes', '(upvotes + downvotes)')} - 0.5)
      - greatest(0, ${wilsonLowerBound('downvotes', '(upvotes + downvotes)')} - 0.5))
  + 0.2 * (case trust_score when 'high' then 1.0 when 'medium' then 0.6 when 'low' then 0.1 else 0.5 end)::float8`);

/**
 * The name part of a domain: docs.python.org -> python, bbc.co.uk -> bbc; lets the query
 * "python" or "wikipedia" recognise the site as an exact match.
 */
const domainLabelSql = sql.raw(
  `regexp_replace(regexp_replace(domain, '(\\.(co|com|org|net|gov|ac|edu|or|ne|go))?\\.[a-z0-9-]+$', ''), '^.*\\.', '')`,
);

export const sites = searchSchema.table(
  'sites',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    domain: text('domain').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    frenlinessScore: integer('frenliness_score'),
    trustScore: text('trust_score', { enum: ['high', 'medium', 'low'] }),
    isVerified: boolean('is_verified').notNull().default(false),
    isClaimed: boolean('is_claimed').notNull().default(false),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    totalStaked: integer('total_staked').notNull().default(0),
    analysisData: jsonb('analysis_data').$type<AnalysisData>(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }),
    /** BCP 47 primary language subtag ("en"), when known. */
    language: text('language'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Main text of the page as crawled (bounded by the crawler); empty for seeds. */
    pageText: text('page_text').notNull().default(''),
    source: text('source', { enum: SITE_SOURCES }).notNull().default('seed'),
    crawledAt: timestamp('crawled_at', { withTimezone: true }),
    supportTotal: integer('support_total').notNull().default(0),
    concernTotal: integer('concern_total').notNull().default(0),
    /** Ledger siteVersion of the vote / stake totals held here: older events never win. */
    votesVersion: bigint('votes_version', { mode: 'number' }).notNull().default(0),
    stakesVersion: bigint('stakes_version', { mode: 'number' }).notNull().default(0),
    domainLabel: text('domain_label').generatedAlwaysAs(domainLabelSql),
    staticRank: doublePrecision('static_rank').generatedAlwaysAs(staticRankSql),
    /**
     * The site this row is a page of (docs/search-ranking.md, section 1): null when the row is
     * a site itself (a seed, a crawl root, a submission), the crawl root's site for the inner
     * pages a crawl found. Votes, stakes and analysis belong to the site; a page is a document.
     */
    siteId: integer('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sites_domain_idx').on(t.domain),
    index('sites_site_id_idx').on(t.siteId),
    // The sites never crawled nor analysed, best rank first: what the crawl frontier admits
    // (CrawlRootRepository.admitUncrawled). Without it each admission read and sorted the whole
    // catalogue: 130-600 ms on PGlite at 100,000 rows, on the thread that answers the searches.
    index('sites_uncrawled_rank_idx')
      .on(t.staticRank.desc(), t.id)
      .where(sql`${t.analyzedAt} is null and ${t.crawledAt} is null`),
  ],
);

/*
 * The search index of a site lives beside its catalogue row, in two relations kept equal to
 * search.sites by triggers (migration 0006_site_index_sync) and stored in static-rank order
 * after a bulk load (SearchIndexRepository), so that the best-ranked sites share few pages:
 * the wide catalogue rows (page text, analysis) are read only for the page of results.
 *
 * The document, search.site_document(title, domain, description, tags, page_text), a SQL
 * function of migration 0006 (docs/search-ranking.md, section 1): title and domain A (the
 * domain both as a host token and as words without its suffix, so "python" finds
 * docs.python.org), description and tags B, the first INDEXED_PAGE_TEXT_CHARS of page text C;
 * English stemming. Each site is tokenised once; its head is the document's A and B part.
 */

/**
 * Per site, all that the candidate stage walks and scores, a few hundred bytes: static rank,
 * the head vector (title, domain, description, tags: the A and B weights of the document), and
 * the names an exact match compares (domain, its name part, the lower-cased title).
 */
export const siteHeads = searchSchema.table(
  'site_heads',
  {
    id: integer('id').primaryKey(),
    staticRank: doublePrecision('static_rank').notNull(),
    domain: text('domain').notNull(),
    domainLabel: text('domain_label').notNull(),
    /** lower(title) */
    titleKey: text('title_key').notNull(),
    headVector: tsvector('head_vector').notNull(),
    /** search.sites.site_id: null for a site, its site for a page (results are capped per site). */
    siteId: integer('site_id'),
  },
  (t) => [
    // Head tier: matches walked in static-rank order (ties by id), see SearchRepository.
    index('site_heads_rank_idx').on(t.staticRank.desc(), t.id),
    // In two halves by id parity, which a bulk load builds side by side (migration 0009).
    index('site_heads_vector_even_idx')
      .using('gin', t.headVector)
      .where(sql`(${t.id} % 2) = 0`),
    index('site_heads_vector_odd_idx')
      .using('gin', t.headVector)
      .where(sql`(${t.id} % 2) = 1`),
    // Exact name matches, whatever their rank.
    index('site_heads_domain_idx').on(t.domain),
    index('site_heads_domain_label_idx').on(t.domainLabel),
    index('site_heads_title_key_idx').on(t.titleKey),
  ],
);

/** Per site, its whole document (page text included): the page-text tier and exclusions read it. */
export const siteBodies = searchSchema.table(
  'site_bodies',
  {
    id: integer('id').primaryKey(),
    staticRank: doublePrecision('static_rank').notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  // In two halves by id parity, which a bulk load builds side by side (migration 0009).
  (t) => [
    index('site_bodies_vector_even_idx')
      .using('gin', t.searchVector)
      .where(sql`(${t.id} % 2) = 0`),
    index('site_bodies_vector_odd_idx')
      .using('gin', t.searchVector)
      .where(sql`(${t.id} % 2) = 1`),
  ],
);

/** Words of the catalogue (unstemmed), for typo correction through pg_trgm similarity. */
export const searchLexicon = searchSchema.table(
  'lexicon',
  {
    word: text('word').primaryKey(),
    /** About how many sites use the word (grows as sites are indexed): breaks similarity ties. */
    sites: integer('sites').notNull().default(0),
  },
  (t) => [index('lexicon_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Trending input: who searched for what, last. One row per (normalised query, visitor), so one
 * visitor counts once however often they search, and the table grows with distinct pairs only.
 */
export const searchQueryVisitors = searchSchema.table(
  'query_visitors',
  {
    normalizedQuery: text('normalized_query').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.normalizedQuery, t.visitorHash] }),
    index('query_visitors_last_seen_idx').on(t.lastSeenAt),
  ],
);

/** Small key/value state of the service (e.g. the visitor-hash salt). */
export const searchSettings = searchSchema.table('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Seed corpus versions already loaded (content hash), so a start loads a corpus once. */
export const searchSeedLoads = searchSchema.table('seed_loads', {
  version: text('version').primaryKey(),
  siteCount: integer('site_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CRAWL_ROOT_STATUSES = ['queued', 'crawling', 'done', 'failed'] as const;
export type CrawlRootStatus = (typeof CRAWL_ROOT_STATUSES)[number];

/** Start URLs the crawler owns (submitted, from the CLI), with their re-crawl schedule. */
export const searchCrawlRoots = searchSchema.table(
  'crawl_roots',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull().unique(),
    host: text('host').notNull(),
    /** User id of who submitted it; null for the command line. */
    submittedBy: text('submitted_by'),
    status: text('status', { enum: CRAWL_ROOT_STATUSES }).notNull().default('queued'),
    pagesIndexed: integer('pages_indexed').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastCrawledAt: timestamp('last_crawled_at', { withTimezone: true }),
    nextCrawlAt: timestamp('next_crawl_at', { withTimezone: true }),
  },
  (t) => [
    index('crawl_roots_next_crawl_idx').on(t.nextCrawlAt),
    index('crawl_roots_submitted_by_idx').on(t.submittedBy, t.createdAt),
  ],
);

export const searchOutbox = defineOutbox(searchSchema);
export const searchProcessedEvents = defineProcessedEvents(searchSchema);
