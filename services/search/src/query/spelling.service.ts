import { Injectable } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { correctQuery, type QueryCorrection } from './query-corrector.js';
import { SpellingRepository, type VocabularyVersion } from './spelling.repository.js';
import { SymSpellIndex } from './symspell.js';
import { correctableTerms, type WebQuery } from './web-query.js';

/** Matches are counted up to this many: enough to tell a good correction from a poor one. */
const MATCH_CAP = 200;
/**
 * A dictionary of fewer words than this (a small index, built in milliseconds) is rebuilt as
 * soon as the vocabulary has changed, the request waiting for it; a larger one is rebuilt in
 * the background, the request keeping the dictionary it has, and at most once per
 * REBUILD_SPACING build times (100k words: about a second, docs/search-ranking.md §2), so that
 * an index that keeps changing is not re-read constantly.
 */
const BLOCKING_WORDS = 20_000;
const REBUILD_SPACING = 20;

interface Dictionary {
  readonly index: SymSpellIndex;
  readonly version: VocabularyVersion;
  /** When its build finished and how long it took (performance.now(), ms). */
  readonly builtAt: number;
  readonly buildMs: number;
}

/**
 * Whole-query spelling correction against the index's own vocabulary: an in-memory SymSpell
 * dictionary of search.lexicon, built on first use and rebuilt when the lexicon has changed
 * (its word count or total uses; checked on each correction, a few ms, only on the correction
 * path, which runs for queries that found almost nothing).
 */
@Injectable()
export class SpellingService {
  private dictionary?: Dictionary;
  private building?: Promise<Dictionary>;
  /** When a large dictionary's vocabulary version was last read (performance.now(), ms). */
  private checkedAt = 0;
  private readonly logger: JsonLogger;

  constructor(
    private readonly repository: SpellingRepository,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('SpellingService');
  }

  /** The best-matching correction of `query` (see correctQuery). */
  async correct(query: WebQuery): Promise<QueryCorrection> {
    const index = await this.currentIndex();
    return correctQuery(query, index, (queries) => this.countMatches(queries, index));
  }

  /**
   * Each query's matches up to MATCH_CAP. A lone word that MATCH_CAP sites or more use (the
   * lexicon's count: every one of those sites holds the word, so matches it) is MATCH_CAP
   * without asking the index: counting a common word's matches decodes all of them first
   * (13 ms for "train" at 1M sites), and a correction weighs several candidates.
   */
  private async countMatches(
    queries: readonly WebQuery[],
    index: SymSpellIndex,
  ): Promise<number[]> {
    const known = queries.map((query) => {
      const word = loneWordOf(query);
      return word !== undefined && index.countOf(word) >= MATCH_CAP ? MATCH_CAP : undefined;
    });
    const asked = queries.filter((_, i) => known[i] === undefined);
    const counted = asked.length > 0 ? await this.repository.countMatches(asked, MATCH_CAP) : [];
    let next = 0;
    return known.map((count) => count ?? counted[next++] ?? 0);
  }

  /**
   * Whether the vocabulary knows every word of `query` that a correction could change: false
   * when one is unknown (most likely misspelt). Undefined while no dictionary is built: it is
   * built by the first correction, never for this question.
   */
  knowsEveryWord(query: WebQuery): boolean | undefined {
    const index = this.dictionary?.index;
    if (!index) return undefined;
    return correctableTerms(query).every((term) => index.countOf(term) > 0);
  }

  private async currentIndex(): Promise<SymSpellIndex> {
    const held = this.dictionary;
    if (!held) return (await this.rebuild()).index;
    const large = held.index.size >= BLOCKING_WORDS;
    if (this.building && large) return held.index;
    // A large lexicon's version costs a scan (about 40 ms at 100k words): read it once per spacing.
    if (
      large &&
      performance.now() - Math.max(held.builtAt, this.checkedAt) < REBUILD_SPACING * held.buildMs
    )
      return held.index;
    this.checkedAt = performance.now();
    const version = await this.repository.vocabularyVersion();
    if (version.words === held.version.words && version.uses === held.version.uses)
      return held.index;
    const next = this.rebuild();
    if (version.words < BLOCKING_WORDS) return (await next).index;
    next.catch((error: unknown) =>
      this.logger.exception('spelling dictionary rebuild failed', error),
    );
    return held.index;
  }

  /** One build at a time: callers meanwhile share it. */
  private rebuild(): Promise<Dictionary> {
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<Dictionary> {
    const started = performance.now();
    // The version first: a word added while reading is then seen as a change next time.
    const version = await this.repository.vocabularyVersion();
    const index = SymSpellIndex.build(await this.repository.vocabulary());
    const builtAt = performance.now();
    const dictionary = { index, version, builtAt, buildMs: builtAt - started };
    this.dictionary = dictionary;
    return dictionary;
  }
}

/** The word of a query that is one plain word ("train"; not a phrase, prefix, exclusion or OR). */
function loneWordOf(query: WebQuery): string | undefined {
  const [clause, ...more] = query.clauses;
  const [atom, ...others] = clause?.alternatives ?? [];
  if (!atom || more.length > 0 || others.length > 0 || query.site !== undefined) return undefined;
  return atom.kind === 'term' && !atom.negated && !atom.prefix ? atom.text : undefined;
}
