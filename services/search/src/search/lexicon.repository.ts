import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

// Most typos are at least this similar to the word meant ("moble" and "mobile": 0.44): looked up
// first, among few candidate words.
const CLOSE_SIMILARITY = 0.4;

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
    const rows = await this.db.transaction(async (tx) => {
      // A close typo (similarity ≥ 0.4) is found among few candidate words; only the terms with
      // none are looked up again at the least similarity, among many more. Same best word.
      // The % operator (GIN-indexed) uses pg_trgm.similarity_threshold; all settings are local to the transaction.
      await tx.execute(sql`select set_config('statement_timeout', ${String(statementTimeoutMs)}, true), set_config('jit', 'off', true),
        set_config('pg_trgm.similarity_threshold', ${String(Math.max(minSimilarity, CLOSE_SIMILARITY))}, true)`);
      const close = await this.lookup(tx, terms);
      const far = close.filter((row) => !row.known && row.best === null).map((row) => row.term);
      if (far.length === 0 || minSimilarity >= CLOSE_SIMILARITY) return close;
      await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(minSimilarity)}, true)`);
      const wider = new Map((await this.lookup(tx, far)).map((row) => [row.term, row]));
      return close.map((row) => wider.get(row.term) ?? row);
    });
    for (const row of rows) if (!row.known) corrections.set(row.term, row.best ?? undefined);
    return corrections;
  }

  /** Whether each term is a catalogue word, and if not its most similar word at the transaction's similarity threshold or more. */
  private async lookup(tx: Transaction, terms: readonly string[]): Promise<{ term: string; known: boolean; best: string | null }[]> {
    const values = sql.join(
      terms.map((term) => sql`(${term}::text)`),
      sql`, `,
    );
    // Only unknown terms are looked up by similarity (a lookup reads many candidate words).
    const result = await tx.execute<{ term: string; known: boolean; best: string | null }>(sql`
      select t.term, t.known,
        case when not t.known then (select l.word from search.lexicon l
          where l.word % t.term and l.word <> t.term
          order by similarity(l.word, t.term) desc, l.sites desc, l.word
          limit 1) end as best
      from (select v.term, exists (select 1 from search.lexicon l where l.word = v.term) as known
            from (values ${values}) as v(term)) t`);
    return result.rows;
  }
}
