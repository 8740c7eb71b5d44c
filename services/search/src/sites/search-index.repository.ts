import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { SiteRepository } from './site.repository.js';

/** One step of finishing a bulk load; `run` gets a database of its own (one connection on PostgreSQL). */
export interface IndexBuildStep {
  readonly name: string;
  /** Steps that must be done first. */
  readonly after: readonly string[];
  run(db: Database): Promise<void>;
}

interface RankKey {
  readonly rank: number;
  readonly id: number;
}

interface RankRange {
  readonly from: RankKey | null;
  readonly to: RankKey | null;
}

export interface IndexDefinition {
  readonly name: string;
  readonly definition: string;
}

// Memory of each GIN build. Less is faster: a GIN build gathers (word, site) pairs in a red-black
// tree keyed by word until this memory is full, then writes them out; a tree of every word of
// the catalogue (2 GB at 1M sites) misses the CPU caches on most comparisons, small trees flushed
// often do not. Measured at 1M sites, page-text GIN: 175 s of CPU with 2 GB, 109–118 s with
// 16–64 MB (and a 5 % smaller index); head GIN 40 s against 26 s.
const GIN_BUILD_MEMORY = '32MB';
// Where suspend() leaves the dropped definitions, so that any process can finish the load.
const SUSPENDED_KEY = 'bulk-load.suspended-indexes';
const SUSPENDED_TRIGGER_KEY = 'bulk-load.suspended-trigger';
/** The trigger that indexes inserted sites (migration 0006_site_index_sync). */
const INSERT_TRIGGER = 'sites_index_insert';
const INDEXED_TABLES = ['sites', 'site_heads', 'site_bodies', 'lexicon'] as const;
const PREPARE_STEP = 'site_index:prepare';
const FINISHED_STEP = 'finished';
// Share of the sites in the best rank range when there are two: that range is written straight
// into both index relations, the other into a staging table, then appended (about 21 µs per
// staged site) while the lexicon (about 28 µs per site) is built on the other connection.
// 53 % evens out the two connections' work before the GIN builds (measured at 1M: 50 % left the
// first connection 9 s ahead).
const BEST_RANGE_SHARE_OF_TWO = 0.53;
/** search.settings key: sites up to this id are stored in static-rank order (SearchRepository reads the rest apart). */
export const ORDERED_THROUGH_KEY = 'index.ordered-through';
/**
 * The head vectors of the sites added since the last ordering (id > ordered-through), in a GIN
 * index of their own: search.ranked_page looks these up apart from the ordered ones, and
 * through the whole head index it decoded every match's entry a second time (at 1M sites,
 * 10,000 of them added since: about 0.7 ms of a 3.5 ms head tier). Its bound changes with each
 * ordering, so it is created anew by each bulk load, never kept with the suspended
 * definitions; migration 0020 created it for a catalogue ordered before.
 */
export const TAIL_INDEX = 'site_heads_tail_vector_idx';

/**
 * Bulk loads of the catalogue (an import of millions of pages): what makes them fast is
 * tokenising each site once, in parallel, and building each index once over the loaded rows
 * instead of maintaining it row by row.
 *   suspend()  drops the secondary indexes of search.sites, search.site_heads,
 *              search.site_bodies and search.lexicon (primary keys and url uniqueness stay)
 *              and the trigger that indexes inserted sites;
 *   …the caller inserts into search.sites (COPY or batched inserts)…
 *   finishSteps() the steps that rebuild the rest: the search index (site_bodies and
 *              site_heads, tokenised in `parts` rank ranges that can run at once, each written
 *              in static-rank order), each index (maintenance_work_mem raised), the lexicon
 *              in one pass, fresh planner statistics. runIndexBuildSteps runs them on as many
 *              connections as it is given.
 * The dropped definitions are kept in search.settings until the load is finished. Other
 * writers may keep writing: a site inserted while the index is rebuilt is indexed by the
 * trigger (created again first) or by the rebuild, whichever comes first.
 */
@Injectable()
export class SearchIndexRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly sites: SiteRepository,
  ) {}

  async suspend(): Promise<IndexDefinition[]> {
    return this.db.transaction(async (tx) => {
      const tables = sql.join(
        INDEXED_TABLES.map((table) => sql`${table}`),
        sql`, `,
      );
      const current = await tx.execute<{ name: string; definition: string }>(sql`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'search' and i.tablename in (${tables})
          and i.indexname not in (select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'search')
        order by i.indexname`);
      const earlier = await this.suspended(tx);
      const definitions = [
        ...earlier,
        ...current.rows.filter(
          (row) => row.name !== TAIL_INDEX && !earlier.some((kept) => kept.name === row.name),
        ),
      ];
      await tx.execute(sql`insert into search.settings (key, value) values (${SUSPENDED_KEY}, ${JSON.stringify(definitions)})
        on conflict (key) do update set value = excluded.value`);
      for (const { name } of current.rows)
        await tx.execute(sql.raw(`drop index search."${name.replace(/"/g, '""')}"`));
      // The indexing trigger is dropped, not disabled: PostgreSQL still collects every inserted
      // row for the transition table of a disabled trigger (a COPY of 1M sites wrote them all
      // to temporary files). Its definition is kept to create it again.
      const trigger = await tx.execute<{ definition: string }>(sql`
        select pg_get_triggerdef(t.oid) as definition from pg_trigger t
        where t.tgrelid = 'search.sites'::regclass and t.tgname = ${INSERT_TRIGGER}`);
      const definition = trigger.rows[0]?.definition;
      if (definition) {
        await tx.execute(sql`insert into search.settings (key, value) values (${SUSPENDED_TRIGGER_KEY}, ${definition})
          on conflict (key) do update set value = excluded.value`);
        await tx.execute(sql.raw(`drop trigger ${INSERT_TRIGGER} on search.sites`));
      }
      return definitions;
    });
  }

  /** Index definitions dropped by suspend() and not rebuilt yet. */
  async suspended(executor: Database | Transaction = this.db): Promise<IndexDefinition[]> {
    const saved = await executor.execute<{ value: string }>(
      sql`select value from search.settings where key = ${SUSPENDED_KEY}`,
    );
    return saved.rows[0] ? (JSON.parse(saved.rows[0].value) as IndexDefinition[]) : [];
  }

  /**
   * The steps that finish a bulk load. `parts` rank ranges are tokenised by separate steps
   * (one per connection is the fastest); `maintenanceWorkMem` (e.g. '1GB') is the memory each
   * btree build may sort in; GIN builds take GIN_BUILD_MEMORY whatever it is (faster, see there).
   */
  async finishSteps(options: {
    parts: number;
    maintenanceWorkMem: string;
  }): Promise<IndexBuildStep[]> {
    const definitions = await this.suspended();
    const memory = /^\d+\s*(kB|MB|GB)$/.test(options.maintenanceWorkMem)
      ? options.maintenanceWorkMem
      : '256MB';
    // Best ranks first: the first range goes straight into the index relations, the others
    // into staging tables appended after it, so that table order is static-rank order.
    const bounds = (await this.rankBounds(Math.max(1, Math.trunc(options.parts)))).reverse();
    const partName = (index: number) => `site_index:${index + 1}/${bounds.length}`;
    const appendName = (index: number) => `site_index:append ${index + 1}/${bounds.length}`;
    const parts: IndexBuildStep[] = bounds.flatMap((range, index) => [
      {
        name: partName(index),
        after: [PREPARE_STEP],
        run: (db: Database) => this.indexRankRange(db, range, index, memory),
      },
      ...(index === 0
        ? []
        : [
            {
              name: appendName(index),
              after: [partName(0), partName(index), ...(index > 1 ? [appendName(index - 1)] : [])],
              run: (db: Database) => this.appendStage(db, index, memory),
            },
          ]),
    ]);
    const partNames = parts.map((part) => part.name);

    // An index waits for its table's rows: the search index's for the ranges, the lexicon's for the lexicon.
    const rowsOf = (definition: IndexDefinition) =>
      /ON search\.lexicon /.test(definition.definition)
        ? ['lexicon']
        : /ON search\.sites /.test(definition.definition)
          ? []
          : partNames;
    // Biggest first: the whole-document GIN index, then the other GIN indexes, then the btrees.
    const weight = (definition: IndexDefinition) =>
      (/USING gin/i.test(definition.definition) ? 1 : 0) +
      (/ON search\.site_bodies /.test(definition.definition) ? 2 : 0);
    const indexes = [...definitions].sort(
      (a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name),
    );
    const indexSteps = indexes.map((definition) => ({
      name: definition.name,
      after: rowsOf(definition),
      run: (db: Database) =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('maintenance_work_mem', ${/USING gin/i.test(definition.definition) ? GIN_BUILD_MEMORY : memory}, true)`,
          );
          await tx.execute(sql.raw(definition.definition));
        }),
    }));
    const analyze = (table: (typeof INDEXED_TABLES)[number], after: string[]): IndexBuildStep => ({
      name: `analyze search.${table}`,
      after,
      run: async (db) => {
        await db.execute(sql.raw(`analyze search.${table}`));
      },
    });
    const analyzeSteps = [
      analyze('site_bodies', partNames),
      analyze('site_heads', partNames),
      analyze('lexicon', ['lexicon']),
      analyze('sites', []),
    ];
    return [
      { name: PREPARE_STEP, after: [], run: (db) => this.prepareSiteIndex(db, bounds.length) },
      ...parts,
      ...indexSteps,
      // The lexicon reads only search.sites, but taken first it would hold a lane the rank ranges
      // need. It follows the staged ranges, which end first (they write one table, the first
      // range two), so that their lane builds it while the first range ends and is appended to,
      // instead of waiting for the append (at 1M sites: 21 s of a lane idle).
      {
        name: 'lexicon',
        after: [partName(bounds.length - 1)],
        run: (db) => this.sites.rebuildLexicon(db),
      },
      // Fresh planner statistics, each table's as soon as its rows are final (they do not
      // depend on the indexes), so that no single step is left at the end.
      ...analyzeSteps,
      {
        name: FINISHED_STEP,
        after: [
          ...partNames,
          ...indexSteps.map((step) => step.name),
          'lexicon',
          ...analyzeSteps.map((step) => step.name),
        ],
        run: async (db) => {
          await db.execute(sql`delete from search.settings where key = ${SUSPENDED_KEY}`);
        },
      },
    ];
  }

  /** Finishes a bulk load on this repository's database, one step after the other. */
  async finish(maintenanceWorkMem = '256MB'): Promise<void> {
    await runIndexBuildSteps(await this.finishSteps({ parts: 1, maintenanceWorkMem }), [this.db]);
  }

  /**
   * `parts` ranges of (static_rank, id) [from, to) holding as many sites each, but for two
   * ranges (BEST_RANGE_SHARE_OF_TWO) (null: open end);
   * by rank and id because many sites share a rank (every unanalysed, unvoted site has 0.5).
   */
  private async rankBounds(parts: number): Promise<RankRange[]> {
    if (parts === 1) return [{ from: null, to: null }];
    // Where each range starts, as a share of the sites in ascending rank order.
    const shares =
      parts === 2
        ? [1 - BEST_RANGE_SHARE_OF_TWO]
        : Array.from({ length: parts - 1 }, (_, k) => (k + 1) / parts);
    const result = await this.db.execute<{ static_rank: number; id: number }>(sql`
      select static_rank, id from (
        select static_rank, id, row_number() over (order by static_rank, id) as position, count(*) over () as total
        from search.sites) ranked
      where position in (select 1 + floor(total * cut)::bigint from unnest(${`{${shares.join(',')}}`}::float8[]) as cut)
      order by static_rank, id`);
    const cuts: (RankKey | null)[] = result.rows.map((row) => ({
      rank: Number(row.static_rank),
      id: Number(row.id),
    }));
    const edges = [null, ...cuts, null];
    return edges.slice(0, -1).map((from, k) => ({ from, to: edges[k + 1] ?? null }));
  }

  /**
   * Indexing back on (a site inserted from now on is indexed by the trigger), search index
   * emptied, and the boundary of the ordered part recorded: sites of higher ids (added from
   * now on) are searched apart, as the unordered tail (SearchRepository).
   */
  private async prepareSiteIndex(db: Database, parts: number): Promise<void> {
    await db.transaction(async (tx) => {
      const saved = await tx.execute<{ value: string }>(
        sql`select value from search.settings where key = ${SUSPENDED_TRIGGER_KEY}`,
      );
      const definition = saved.rows[0]?.value;
      const exists = await tx.execute<{ present: boolean }>(sql`
        select exists (select 1 from pg_trigger where tgrelid = 'search.sites'::regclass and tgname = ${INSERT_TRIGGER}) as present`);
      if (definition && !exists.rows[0]?.present) await tx.execute(sql.raw(definition));
      await tx.execute(sql`delete from search.settings where key = ${SUSPENDED_TRIGGER_KEY}`);
      await tx.execute(sql`truncate search.site_bodies, search.site_heads`);
      for (let index = 1; index < parts; index += 1)
        await tx.execute(sql.raw(`drop table if exists ${stageTable(index)}`));
      const ordered = await tx.execute<{
        value: string;
      }>(sql`insert into search.settings (key, value) select ${ORDERED_THROUGH_KEY}, coalesce(max(id), 0)::text from search.sites
        on conflict (key) do update set value = excluded.value returning value`);
      // Empty now: it holds the sites added from here on (by the trigger).
      await tx.execute(sql.raw(`drop index if exists search.${TAIL_INDEX}`));
      await tx.execute(
        sql.raw(
          `create index ${TAIL_INDEX} on search.site_heads using gin (head_vector) where id > ${Number(ordered.rows[0]?.value ?? 0)}`,
        ),
      );
    });
  }

  /**
   * Tokenises the sites of one rank range once, best rank first: the first range into both
   * index relations, the others into a staging table that appendStage adds after it.
   */
  private async indexRankRange(
    db: Database,
    range: RankRange,
    index: number,
    workMem: string,
  ): Promise<void> {
    const inRange = sql.join(
      [
        sql`true`,
        ...(range.from === null
          ? []
          : [sql`(static_rank, id) >= (${range.from.rank}::float8, ${range.from.id}::int)`]),
        ...(range.to === null
          ? []
          : [sql`(static_rank, id) < (${range.to.rank}::float8, ${range.to.id}::int)`]),
      ],
      sql` and `,
    );
    const documents = sql`
      select id, static_rank, domain, domain_label, lower(title) as title_key, site_id,
        search.site_document(title, domain, description, tags, page_text) as v
      from search.sites where ${inRange}
      order by static_rank desc nulls last, id`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('work_mem', ${workMem}, true)`);
      if (index > 0) {
        await tx.execute(
          sql.raw(
            `create unlogged table ${stageTable(index)} (id int, static_rank float8, domain text, domain_label text, title_key text, site_id int, v tsvector)`,
          ),
        );
        await tx.execute(sql`insert into ${sql.raw(stageTable(index))} ${documents}`);
        return;
      }
      // One sort, in the CTE: both inserts read its rows in that order (a CTE scan keeps it).
      await tx.execute(sql`
        with doc as materialized (${documents}), bodies as (
          insert into search.site_bodies (id, static_rank, search_vector)
          select id, static_rank, v from doc
          on conflict (id) do nothing
        )
        insert into search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector, site_id)
        select id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b,c}'), site_id from doc
        on conflict (id) do nothing`);
    });
  }

  /** Appends a staged rank range to both index relations, in rank order, and drops the stage. */
  private async appendStage(db: Database, index: number, workMem: string): Promise<void> {
    const stage = sql.raw(stageTable(index));
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('work_mem', ${workMem}, true)`);
      await tx.execute(sql`
        with doc as materialized (select * from ${stage} order by static_rank desc nulls last, id), bodies as (
          insert into search.site_bodies (id, static_rank, search_vector)
          select id, static_rank, v from doc
          on conflict (id) do nothing
        )
        insert into search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector, site_id)
        select id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b,c}'), site_id from doc
        on conflict (id) do nothing`);
      await tx.execute(sql`drop table ${stage}`);
    });
  }
}

/** The staging table of the index-th rank range of a bulk load. */
function stageTable(index: number): string {
  return `search.site_index_stage_${Math.trunc(index)}`;
}

/**
 * Runs the steps on the given databases (one lane each), each step as soon as a lane is free
 * and the steps it comes after are done; resolves with each step's duration in ms.
 */
export async function runIndexBuildSteps(
  steps: readonly IndexBuildStep[],
  lanes: readonly Database[],
): Promise<Record<string, number>> {
  const pending = [...steps];
  const done = new Set<string>();
  const times: Record<string, number> = {};
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };
  const lane = async (db: Database): Promise<void> => {
    for (;;) {
      const index = pending.findIndex((step) => step.after.every((name) => done.has(name)));
      if (index === -1) {
        if (pending.length === 0) return;
        await changed; // every remaining step waits for one still running elsewhere
        continue;
      }
      const [step] = pending.splice(index, 1);
      if (!step) continue;
      const started = performance.now();
      await step.run(db);
      times[step.name] = Math.round(performance.now() - started);
      done.add(step.name);
      signal();
    }
  };
  await Promise.all(lanes.map(lane));
  return times;
}
