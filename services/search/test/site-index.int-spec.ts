import { Topics, type VoteCastV1 } from '@frenly/contracts';
import { makeEvent } from '@frenly/events';
import { EventConsumers } from '@frenly/platform';
import { sql } from 'drizzle-orm';
import { SearchService } from '../src/search/search.service.js';
import {
  ORDERED_THROUGH_KEY,
  runIndexBuildSteps,
  SearchIndexRepository,
  TAIL_INDEX,
} from '../src/sites/search-index.repository.js';
import { SiteRepository } from '../src/sites/site.repository.js';
import { insertSites } from './fixtures.js';
import { ENGINES, SearchContext } from './search-context.js';

const visitor = { ip: '203.0.113.21' };

/**
 * Rows of search.site_heads / search.site_bodies that differ from what search.sites says now
 * (missing, extra, or stale): empty when the index relations follow the catalogue.
 */
const DRIFT = sql`
  select coalesce(s.id, h.id, b.id) as id from search.sites s
  full join search.site_heads h on h.id = s.id
  full join search.site_bodies b on b.id = coalesce(s.id, h.id)
  where s.id is null or h.id is null or b.id is null
    or h.static_rank is distinct from s.static_rank or b.static_rank is distinct from s.static_rank
    or h.domain is distinct from s.domain or h.domain_label is distinct from s.domain_label or h.title_key is distinct from lower(s.title)
    or b.search_vector is distinct from search.site_document(s.title, s.domain, s.description, s.tags, s.page_text)
    or h.head_vector is distinct from ts_filter(b.search_vector, '{a,b,c}')`;

describe.each(ENGINES)('the search index relations on %s', (engine) => {
  let ctx: SearchContext;
  let sites: SiteRepository;
  let search: SearchService;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine });
    sites = ctx.app.get(SiteRepository);
    search = ctx.app.get(SearchService);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const drift = async () =>
    (await ctx.db.execute<{ id: number }>(DRIFT)).rows.map((row) => Number(row.id));
  const domains = async (q: string) =>
    (await search.search({ q, page: 1, limit: 10 }, visitor)).results.map((site) => site.domain);

  it('follows inserts, upserts, updates of rank and text, and deletes', async () => {
    const ids = await insertSites(ctx.db, [
      {
        url: 'https://heron-watch.example/',
        title: 'Heron watch',
        description: 'Birds of the estuary.',
        pageText: 'Grey herons nest in spring.',
      },
      {
        url: 'https://kestrel-notes.example/',
        title: 'Kestrel notes',
        description: 'Falcons in town.',
        frenlinessScore: 70,
      },
    ]);
    expect(await drift()).toEqual([]);
    const heron = ids.get('https://heron-watch.example/') as number;

    // An upsert that changes the title and description re-tokenises the site.
    await sites.upsertByUrl({
      url: 'https://heron-watch.example/',
      domain: 'heron-watch.example',
      title: 'Egret watch',
      description: 'Waders of the estuary.',
    });
    // A vote moves its rank only.
    const vote = makeEvent(Topics.VoteCast, heron, {
      siteId: heron,
      userId: 'u1',
      vote: 'up',
      upvotes: 90,
      downvotes: 10,
      siteVersion: 1,
    } satisfies VoteCastV1);
    await ctx.app.get(EventConsumers).deliver(vote);
    // A crawl changes the page text.
    await ctx.db.transaction((tx) =>
      sites.upsertCrawledPage(tx, {
        url: 'https://kestrel-notes.example/',
        domain: 'kestrel-notes.example',
        title: 'Kestrel notes',
        description: 'Falcons in town.',
        pageText: 'Hovering over the ring road.',
        language: 'en',
      }),
    );
    expect(await drift()).toEqual([]);
    expect(await domains('egret')).toEqual(['heron-watch.example']);
    expect(await domains('birds')).toEqual([]);
    expect(await domains('ring road')).toEqual(['kestrel-notes.example']);

    await ctx.db.execute(sql`delete from search.sites where id = ${heron}`);
    expect(await drift()).toEqual([]);
    expect(await domains('egret')).toEqual([]);
  });

  it('rebuilds everything after a bulk load, in static-rank order, with every index back', async () => {
    const indexesBefore = await indexNames();
    const repository = ctx.app.get(SearchIndexRepository);
    const dropped = await repository.suspend();
    expect(dropped.map((index) => index.name).sort()).toEqual(
      indexesBefore.filter(
        (name) => !name.endsWith('_pkey') && name !== 'sites_url_unique' && name !== 'lexicon_pkey',
      ),
    );
    // The indexing trigger is gone for the load (a disabled one would still collect the rows).
    expect(await insertTrigger()).toBeUndefined();
    // A bulk load straight into the catalogue: nothing indexed yet.
    await ctx.db.execute(sql`
      insert into search.sites (url, domain, title, description, page_text, frenliness_score)
      select 'https://bulk-' || g || '.example/', 'bulk-' || g || '.example', 'Bulk page ' || g, 'Loaded in bulk about quinces.', 'Quince jelly recipe number ' || g, (g * 37) % 101
      from generate_series(1, 40) g`);
    expect((await drift()).length).toBe(40);

    const steps = await repository.finishSteps({ parts: 2, maintenanceWorkMem: '64MB' });
    // Two lanes on PostgreSQL (two pool connections); PGlite's one connection serialises them.
    await runIndexBuildSteps(steps, [ctx.db, ctx.db]);
    expect(await drift()).toEqual([]);
    // Every index back, and the unordered tail's own (none before: nothing was ordered).
    expect(indexesBefore).not.toContain(TAIL_INDEX);
    expect(await indexNames()).toEqual([...indexesBefore, TAIL_INDEX].sort());
    expect(await repository.suspended()).toEqual([]);
    expect(await insertTrigger()).toBe('O');
    // Table order is static-rank order (the ranges are written best first, one after the other).
    const order = await ctx.db.execute<{ id: number }>(
      sql`select id from search.site_heads where id in (select id from search.sites where domain like 'bulk-%') order by ctid`,
    );
    const byRank = await ctx.db.execute<{ id: number }>(
      sql`select id from search.site_heads where id in (select id from search.sites where domain like 'bulk-%') order by static_rank desc, id`,
    );
    expect(
      isMergeOfSortedRuns(
        order.rows.map((row) => Number(row.id)),
        byRank.rows.map((row) => Number(row.id)),
        1,
      ),
    ).toBe(true);
    // Searchable, and the lexicon knows the new words.
    expect((await search.search({ q: 'quinces', page: 1, limit: 50 }, visitor)).total).toBe(40);
    expect((await search.search({ q: 'quinse', page: 1, limit: 5 }, visitor)).correctedQuery).toBe(
      'quinces',
    );
  });

  it('looks the sites added since the last ordering up through their own index, bounded anew by each bulk load', async () => {
    const repository = ctx.app.get(SearchIndexRepository);
    const orderedThrough = async () =>
      Number(
        (
          await ctx.db.execute<{ value: string }>(
            sql`select value from search.settings where key = ${ORDERED_THROUGH_KEY}`,
          )
        ).rows[0]?.value,
      );
    const tailBound = async () => {
      const result = await ctx.db.execute<{ definition: string }>(
        sql`select indexdef as definition from pg_indexes where schemaname = 'search' and indexname = ${TAIL_INDEX}`,
      );
      return /WHERE \(id > (\d+)\)/.exec(result.rows[0]?.definition ?? '')?.[1];
    };
    const bound = await orderedThrough();
    expect(bound).toBeGreaterThan(0);
    expect(await tailBound()).toBe(String(bound));

    // Added online: in the tail (which of its indexes the planner reads it through depends on
    // the sizes: at 1M sites with 10,000 added, the tail's; bench/search), found by a search.
    const added = await insertSites(ctx.db, [
      { url: 'https://late-quince.example/', title: 'Late quince orchard' },
    ]);
    const lateId = added.get('https://late-quince.example/')!;
    expect(lateId).toBeGreaterThan(bound);
    expect(await domains('orchard')).toContain('late-quince.example');

    // The next bulk load orders the late site in: the tail starts after it.
    const dropped = await repository.suspend();
    expect(dropped.map((index) => index.name)).not.toContain(TAIL_INDEX);
    expect(await tailBound()).toBeUndefined();
    await repository.finish('64MB');
    expect(await orderedThrough()).toBeGreaterThanOrEqual(lateId);
    expect(await tailBound()).toBe(String(await orderedThrough()));
    expect(await domains('orchard')).toContain('late-quince.example');
  });

  it('empties with the catalogue', async () => {
    await ctx.db.execute(sql`truncate search.sites`);
    expect(await drift()).toEqual([]);
    expect(await ctx.count('search.site_heads')).toBe(0);
  });

  /** Whether search.sites has its indexing trigger ('O': enabled), undefined when it has none. */
  async function insertTrigger(): Promise<string | undefined> {
    const result = await ctx.db.execute<{ enabled: string }>(sql`
      select tgenabled as enabled from pg_trigger where tgrelid = 'search.sites'::regclass and tgname = 'sites_index_insert'`);
    return result.rows[0]?.enabled;
  }

  async function indexNames(): Promise<string[]> {
    const result = await ctx.db.execute<{ name: string }>(sql`
      select indexname as name from pg_indexes where schemaname = 'search' and tablename in ('sites', 'site_heads', 'site_bodies', 'lexicon') order by indexname`);
    return result.rows.map((row) => row.name);
  }
});

/** True when `physical` interleaves at most `runs` subsequences, each in the order of `sorted`. */
function isMergeOfSortedRuns(physical: number[], sorted: number[], runs: number): boolean {
  const position = new Map(sorted.map((id, index) => [id, index]));
  const lasts: number[] = [];
  for (const id of physical) {
    const at = position.get(id) ?? -1;
    const run = lasts.findIndex((last) => last < at);
    if (run === -1) lasts.push(at);
    else lasts[run] = at;
    if (lasts.length > runs) return false;
  }
  return true;
}
