import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SiteAnalyzedV1, StakePlacedV1, VoteCastV1 } from '@frenly/contracts';
import { sites, type Database, type SiteSource, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

export type Site = typeof sites.$inferSelect;

/** What the catalogue knows of a site when it (re)indexes it; the url is the natural key. */
export interface SiteIndexEntry {
  url: string;
  domain: string;
  title: string;
  description?: string;
}

/** A new catalogue entry in a bulk load (the seed corpus). */
export interface SiteSeedEntry {
  url: string;
  domain: string;
  title: string;
  description: string;
  tags: string[];
  language: string | null;
}

/** A page as the crawler extracted it. */
export interface CrawledPageEntry {
  url: string;
  domain: string;
  title: string;
  description: string;
  pageText: string;
  language: string | null;
}

/** The fields a `search.site-indexed` event carries. */
export interface IndexedSite {
  id: number;
  url: string;
  domain: string;
  title: string;
  indexedAt: Date;
}

export interface UpsertOutcome {
  site: IndexedSite;
  /** The id of the site the page belongs to: its own id when the row is a site. */
  siteId: number;
  /** The row is a site (not an inner page of one): only sites are announced and analysed. */
  isSite: boolean;
  /** A new site, one whose title changed, or a page that became a site: worth a `search.site-indexed` event. */
  announce: boolean;
}

interface RowBefore {
  readonly title: string;
  readonly siteId: number | null;
}

/** What an upsert did, from the row it returned and the row as it was before. Pages are never announced. */
function upsertOutcomeOf(
  row: IndexedSite & { siteId: number | null },
  before: RowBefore | undefined,
): UpsertOutcome {
  const { siteId: ownerId, ...site } = row;
  const isSite = ownerId === null;
  return {
    site,
    siteId: ownerId ?? site.id,
    isSite,
    announce:
      isSite && (before === undefined || before.title !== site.title || before.siteId !== null),
  };
}

type Executor = Database | Transaction;

const indexedColumns = {
  id: sites.id,
  url: sites.url,
  domain: sites.domain,
  title: sites.title,
  indexedAt: sites.indexedAt,
};

/** search.sites (and the lexicon derived from it): the only code that reads or writes them. */
@Injectable()
export class SiteRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Inserts the site, or refreshes its indexed fields when the url is known; keeps scores and votes. */
  async upsertByUrl(entry: SiteIndexEntry): Promise<Site> {
    const values = {
      url: entry.url,
      domain: entry.domain.toLowerCase(),
      title: entry.title,
      description: entry.description ?? '',
    };
    const [row] = await this.db
      .insert(sites)
      .values(values)
      .onConflictDoUpdate({
        target: sites.url,
        set: {
          domain: values.domain,
          title: values.title,
          description: values.description,
          indexedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error(`upsert of ${entry.url} returned no row`);
    return row;
  }

  async getById(id: number): Promise<Site | undefined> {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id)).limit(1);
    return row;
  }

  async getByUrl(url: string, executor: Executor = this.db): Promise<Site | undefined> {
    const [row] = await executor.select().from(sites).where(eq(sites.url, url)).limit(1);
    return row;
  }

  /** Every catalogued page of a domain, oldest first. */
  findByDomain(domain: string): Promise<Site[]> {
    return this.db
      .select()
      .from(sites)
      .where(eq(sites.domain, domain.toLowerCase()))
      .orderBy(asc(sites.id));
  }

  async isEmpty(): Promise<boolean> {
    const result = await this.db.execute<{ present: boolean }>(
      sql`select exists (select 1 from search.sites) as present`,
    );
    return !result.rows[0]?.present;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(sites);
    return Number(row?.count ?? 0);
  }

  /**
   * One statement for the whole batch (the rows travel as one JSON parameter: thousands of
   * bound parameters cost seconds on PGlite); urls already catalogued are left alone.
   * Returns the new sites.
   */
  async insertNew(
    tx: Executor,
    entries: readonly SiteSeedEntry[],
    source: SiteSource,
  ): Promise<IndexedSite[]> {
    if (entries.length === 0) return [];
    const result = await tx.execute<{
      id: number;
      url: string;
      domain: string;
      title: string;
      indexed_at: Date | string;
    }>(sql`
      insert into search.sites (url, domain, title, description, tags, language, source)
      select url, domain, title, description, coalesce(tags, '{}'::text[]), language, ${source}
      from json_to_recordset(${JSON.stringify(entries)}::json)
        as x(url text, domain text, title text, description text, tags text[], language text)
      on conflict (url) do nothing
      returning id, url, domain, title, indexed_at`);
    const inserted = result.rows.map((row) => ({
      id: Number(row.id),
      url: row.url,
      domain: row.domain,
      title: row.title,
      indexedAt: new Date(row.indexed_at),
    }));
    await this.addToLexicon(
      tx,
      inserted.map((site) => site.id),
    );
    return inserted;
  }

  /**
   * Inserts or refreshes a crawled page; votes, stakes and analysis stay as they are. `siteId`:
   * the site of the crawl root for an inner page, null for the root itself. A row that is a
   * site stays a site (a crawl that reaches another site's homepage does not demote it), and
   * a row that is a page stays a page (its site is the root's site: pages never hang off pages).
   */
  async upsertCrawledPage(
    tx: Transaction,
    page: CrawledPageEntry,
    siteId: number | null = null,
  ): Promise<UpsertOutcome> {
    const before = await this.lockedRow(tx, page.url);
    const [row] = await tx
      .insert(sites)
      .values({ ...page, source: 'crawl', crawledAt: sql`now()`, siteId })
      .onConflictDoUpdate({
        target: sites.url,
        set: {
          siteId: sql`case when search.sites.site_id is null then null else coalesce(excluded.site_id, search.sites.site_id) end`,
          domain: page.domain,
          title: page.title,
          description: page.description,
          pageText: page.pageText,
          language: page.language,
          crawledAt: sql`now()`,
          indexedAt: sql`now()`,
        },
      })
      .returning({ ...indexedColumns, siteId: sites.siteId });
    if (!row) throw new Error(`upsert of ${page.url} returned no row`);
    await this.addToLexicon(tx, [row.id]);
    return upsertOutcomeOf(row, before);
  }

  /** Vote totals from the ledger, unless the site already holds a later version. */
  async applyVoteTotals(tx: Transaction, event: VoteCastV1): Promise<boolean> {
    const updated = await tx
      .update(sites)
      .set({ upvotes: event.upvotes, downvotes: event.downvotes, votesVersion: event.siteVersion })
      .where(sql`${sites.id} = ${event.siteId} and ${sites.votesVersion} < ${event.siteVersion}`)
      .returning({ id: sites.id });
    return updated.length > 0;
  }

  /** Stake totals from the ledger, unless the site already holds a later version. */
  async applyStakeTotals(tx: Transaction, event: StakePlacedV1): Promise<boolean> {
    const updated = await tx
      .update(sites)
      .set({
        totalStaked: event.totalStaked,
        supportTotal: event.supportTotal,
        concernTotal: event.concernTotal,
        stakesVersion: event.siteVersion,
      })
      .where(sql`${sites.id} = ${event.siteId} and ${sites.stakesVersion} < ${event.siteVersion}`)
      .returning({ id: sites.id });
    return updated.length > 0;
  }

  /**
   * An analysis result for the site at `url` (canonical): creates the site when missing,
   * otherwise updates it unless it already holds a later analysis. A URL someone analysed is a
   * site: an inner page the crawler had filed under its root becomes a site of its own, and is
   * announced, so that the analysis (which waits for the URL's site id) gets one.
   */
  async applyAnalysis(
    tx: Transaction,
    url: string,
    domain: string,
    event: SiteAnalyzedV1,
  ): Promise<UpsertOutcome | undefined> {
    const analyzedAt = new Date(event.analyzedAt);
    const before = await this.lockedRow(tx, url);
    const analysis = {
      frenlinessScore: Math.round(event.frenlinessScore),
      trustScore: event.trustScore,
      isVerified: event.isVerified,
      analysisData: event.analysisData,
      analyzedAt,
    };
    const title = event.title.trim() || domain;
    const [row] = await tx
      .insert(sites)
      .values({
        url,
        domain,
        title,
        description: event.description.trim(),
        source: 'analysis',
        ...analysis,
      })
      .onConflictDoUpdate({
        target: sites.url,
        set: {
          ...analysis,
          siteId: null,
          // A fresh fetch knows the current title and description; keep ours when it found none.
          title: sql`coalesce(nullif(${event.title.trim()}, ''), ${sites.title})`,
          description: sql`coalesce(nullif(${event.description.trim()}, ''), ${sites.description})`,
        },
        setWhere: sql`${sites.analyzedAt} is null or ${sites.analyzedAt} < ${analyzedAt.toISOString()}::timestamptz`,
      })
      .returning({ ...indexedColumns, siteId: sites.siteId });
    if (!row) return undefined; // an older analysis than the one held
    await this.addToLexicon(tx, [row.id]);
    return upsertOutcomeOf(row, before);
  }

  /**
   * The site at `url` (canonical) that someone is analysing: created (source 'analysis') when
   * the catalogue does not know the URL, an inner page promoted to a site of its own, a site
   * left as it is. The analysis fills in its scores later (applyAnalysis).
   */
  async registerSite(
    tx: Transaction,
    url: string,
    domain: string,
    title: string,
  ): Promise<UpsertOutcome> {
    const before = await this.lockedRow(tx, url);
    const [row] = await tx
      .insert(sites)
      .values({ url, domain, title: title.trim() || domain, description: '', source: 'analysis' })
      .onConflictDoUpdate({ target: sites.url, set: { siteId: null } })
      .returning({ ...indexedColumns, siteId: sites.siteId });
    if (!row) throw new Error(`registering ${url} returned no row`);
    if (!before) await this.addToLexicon(tx, [row.id]);
    return upsertOutcomeOf(row, before);
  }

  /** The row at `url` as it was before an upsert, locked until the transaction ends. */
  private async lockedRow(tx: Transaction, url: string): Promise<RowBefore | undefined> {
    const [before] = await tx
      .select({ title: sites.title, siteId: sites.siteId })
      .from(sites)
      .where(eq(sites.url, url))
      .for('update')
      .limit(1);
    return before;
  }

  /** Adds the words of these sites (unstemmed) to the lexicon that typo correction reads. */
  async addToLexicon(tx: Executor, siteIds: readonly number[]): Promise<void> {
    if (siteIds.length === 0) return;
    await tx.execute(sql`
      insert into search.lexicon (word, sites)
      ${lexiconWordsOf(sql`s.id in (select value::int from json_array_elements_text(${JSON.stringify(siteIds)}::json))`)}
      on conflict (word) do update set sites = search.lexicon.sites + excluded.sites`);
  }

  /**
   * Rebuilds the lexicon from the whole catalogue (after a bulk load that bypassed this
   * repository), in one pass: ts_stat counts each word's sites in a single scan, where the
   * per-site unnest of addToLexicon would sort every (site, word) pair. `executor` lets a
   * bulk load run it on a connection of its own.
   */
  async rebuildLexicon(executor: Database = this.db): Promise<void> {
    await executor.transaction(async (tx) => {
      await tx.execute(sql`delete from search.lexicon`);
      await tx.execute(sql`
        insert into search.lexicon (word, sites)
        select word, ndoc from ts_stat(${LEXICON_DOCUMENTS})
        where ${lexiconWordFilter(sql`word`)}`);
    });
  }

  async lexiconIsEmpty(): Promise<boolean> {
    const result = await this.db.execute<{ present: boolean }>(
      sql`select exists (select 1 from search.lexicon) as present`,
    );
    return !result.rows[0]?.present;
  }
}

/**
 * The lexicon's words of a site (row `s`): the unstemmed words ('simple' configuration) of
 * title, description, domain labels and tags. One definition for both ways of filling it.
 */
const LEXICON_DOCUMENT = `to_tsvector('simple'::regconfig, s.title || ' ' || s.description || ' ' || regexp_replace(s.domain, '[._-]+', ' ', 'g') || ' ' || search.words_of(s.tags))`;
/** Every site's lexicon document, as the query text ts_stat takes (constant: no input reaches it). */
const LEXICON_DOCUMENTS = `select ${LEXICON_DOCUMENT} from search.sites s`;

/** Words worth correcting to: 3 to 40 characters, not numbers. */
function lexiconWordFilter(word: SQL): SQL {
  return sql`length(${word}) between 3 and 40 and ${word} !~ '^[0-9]+$'`;
}

/** (word, number of sites) for the sites matching `where`. */
function lexiconWordsOf(where: SQL): SQL {
  return sql`
    select word, count(*)::int from (
      select distinct s.id, w.word from search.sites s,
        unnest(tsvector_to_array(${sql.raw(LEXICON_DOCUMENT)})) as w(word)
      where ${where}
    ) words
    where ${lexiconWordFilter(sql`word`)}
    group by word`;
}
