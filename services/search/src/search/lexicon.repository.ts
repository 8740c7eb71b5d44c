import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

/** The catalogue's words, for typo correction (pg_trgm similarity over search.lexicon). */
@Injectable()
export class LexiconRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * For each term the catalogue does not know: its most similar known word (at least
   * `minSimilarity`, ties to the more common word), or undefined. Known terms are absent.
   */
  async correctionsFor(terms: readonly string[], minSimilarity: number, statementTimeoutMs: number): Promise<Map<string, string | undefined>> {
    const corrections = new Map<string, string | undefined>();
    if (terms.length === 0) return corrections;
    const values = sql.join(
      terms.map((term) => sql`(${term}::text)`),
      sql`, `,
    );
    const rows = await this.db.transaction(async (tx) => {
      // The % operator (GIN-indexed) uses this threshold; local to the transaction.
      await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(minSimilarity)}, true),
        set_config('statement_timeout', ${String(statementTimeoutMs)}, true), set_config('jit', 'off', true)`);
      const result = await tx.execute<{ term: string; known: boolean; best: string | null }>(sql`
        select t.term,
          exists (select 1 from search.lexicon l where l.word = t.term) as known,
          (select l.word from search.lexicon l
            where l.word % t.term and l.word <> t.term
            order by similarity(l.word, t.term) desc, l.sites desc, l.word
            limit 1) as best
        from (values ${values}) as t(term)`);
      return result.rows;
    });
    for (const row of rows) if (!row.known) corrections.set(row.term, row.best ?? undefined);
    return corrections;
  }
}
