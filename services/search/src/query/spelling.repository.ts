import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { SearchStatements } from '../search/search-statements.js';
import { tsquerySql } from '../search/tsquery.sql.js';
import type { VocabularyWord } from './symspell.js';
import type { WebQuery } from './web-query.js';

/** What the vocabulary looks like now: a change of either number means it changed. */
export interface VocabularyVersion {
  readonly words: number;
  readonly uses: number;
}

/**
 * What spelling correction reads of the index: its vocabulary (search.lexicon: the unstemmed
 * words of titles, domains, descriptions and tags, with how many sites use each) and how many
 * documents a query matches.
 */
@Injectable()
export class SpellingRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly statements: SearchStatements,
  ) {}

  async vocabulary(): Promise<VocabularyWord[]> {
    const result = await this.db.execute<{ word: string; sites: number }>(
      sql`select word, sites from search.lexicon`,
    );
    return result.rows.map((row) => ({ word: row.word, count: Number(row.sites) }));
  }

  /** One pass over the lexicon's rows (a few ms at 100k words), read only on the correction path. */
  async vocabularyVersion(): Promise<VocabularyVersion> {
    const result = await this.db.execute<{ words: number; uses: number }>(
      sql`select count(*)::int as words, coalesce(sum(sites), 0)::float8 as uses from search.lexicon`,
    );
    const row = result.rows[0];
    return { words: Number(row?.words ?? 0), uses: Number(row?.uses ?? 0) };
  }

  /**
   * How many sites' whole documents (search.site_bodies: title, description, URL words, page
   * text) match each query, counted up to `cap`, in one statement. Each count reads the two
   * halves of the GIN index (by id parity, as the search does) and stops at `cap` rows. Runs
   * under the search's statement timeout (SearchStatements).
   */
  async countMatches(queries: readonly WebQuery[], cap: number): Promise<number[]> {
    const tsqueries = queries.map((query) => tsquerySql(query));
    const counts: SQL[] = tsqueries.map((tsquery) =>
      tsquery
        ? sql`(select count(*) from (select 1 from search.site_bodies b
            where (b.search_vector @@ ${tsquery} and b.id % 2 = 0) or (b.search_vector @@ ${tsquery} and b.id % 2 = 1)
            limit ${sql.raw(String(Math.max(1, Math.trunc(cap))))}) m)::int`
        : sql`0`,
    );
    if (counts.length === 0) return [];
    const [row] = await this.statements.rows<{ counts: number[] | string }>(
      sql`select json_build_array(${sql.join(counts, sql`, `)}) as counts`,
    );
    const values =
      typeof row?.counts === 'string' ? (JSON.parse(row.counts) as number[]) : (row?.counts ?? []);
    return values.map(Number);
  }
}
