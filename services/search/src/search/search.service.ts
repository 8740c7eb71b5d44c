import { Inject, Injectable } from '@nestjs/common';
import { siteTrustScore, type SearchResponse, type SearchResultDto } from '@frenly/contracts';
import { MetricsService } from '@frenly/platform';
import {
  CLOCK,
  SEARCH_SETTINGS,
  type Clock,
  type SearchSettings,
} from '../config/search.settings.js';
import {
  applyCorrections,
  correctableTerms,
  exactMatchText,
  expandTerms,
  formatWebQuery,
  hasExclusion,
  hasPhrase,
  hasPositiveClause,
  parseWebQuery,
  withinSite,
  type WebQuery,
} from '../query/web-query.js';
import { SpellingService } from '../query/spelling.service.js';
import { QueryLogWriter } from '../trending/query-log.writer.js';
import { VisitorHasher } from '../trending/visitor-hash.js';
import { ResultInsights, type HitInsight } from './result-insights.js';
import { withinDeadline } from './search-deadline.js';
import { SearchRepository, type SearchHit } from './search.repository.js';
import { EMPTY_TSQUERY, indexOnlyTsquerySql, tsquerySql } from './tsquery.sql.js';

export interface SearchRequestParams {
  /** Trimmed, not blank (validated at the edge). */
  q: string;
  page: number;
  limit: number;
}

/** Who searched: trending counts a signed-in user once, and a signed-out client once per network. */
export interface Visitor {
  ip: string;
  userId?: string;
}

interface Outcome {
  hits: SearchHit[];
  total: number;
  totalIsEstimate: boolean;
  /** Matches holding every word (the rest of `total` are partial matches). */
  fullMatches: number;
}

// Words this short are not completed as prefixes ("a*" would match half the index).
const MIN_PREFIX_LENGTH = 3;

/** Runs a web query against the index, corrects what nothing matched, and logs the search. */
@Injectable()
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly queryLog: QueryLogWriter,
    private readonly visitors: VisitorHasher,
    private readonly metrics: MetricsService,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly insights: ResultInsights,
    private readonly spelling: SpellingService,
  ) {}

  async search(params: SearchRequestParams, visitor: Visitor): Promise<SearchResponse> {
    const parsed = parseWebQuery(params.q);
    const offset = (params.page - 1) * params.limit;
    // A plan gone wrong costs this request a 503, never the pool's connections (search-deadline.ts).
    const { outcome, correctedQuery } = await withinDeadline(this.settings.queryTimeoutMs, () =>
      this.answer(parsed, offset, params.limit),
    );
    this.metrics
      .counter({
        name: 'search_queries_total',
        help: 'Searches answered, by whether a correction was used',
        labelNames: ['corrected'],
      })
      .inc({ corrected: correctedQuery ? 'yes' : 'no' });
    await this.log(params.q, parsed, outcome.total, visitor);
    const insights = await this.insights.describe(outcome.hits);
    // "More from this site" restricts the query as answered (corrected, when it was).
    const answered = correctedQuery ? parseWebQuery(correctedQuery) : parsed;
    const siteQueryOf = (hit: SearchHit) => formatWebQuery(withinSite(answered, hit.domain));
    return {
      query: params.q,
      results: outcome.hits.map((hit) => toResultDto(hit, insights.of(hit), siteQueryOf(hit))),
      total: outcome.total,
      totalIsEstimate: outcome.totalIsEstimate,
      page: params.page,
      limit: params.limit,
      correctedQuery,
      web: insights.web,
    };
  }

  /**
   * The query as typed, then, when it finds almost nothing, corrected as a whole against the
   * index's vocabulary (SpellingService: the combination of candidate spellings that matches
   * best), and the corrected query runs. A word the vocabulary has never seen is most likely
   * misspelt: then the correction comes first, and its counts (the query as typed is one of the
   * spellings counted) tell whether the query as typed finds enough, so that a typo is not
   * ranked only to find almost nothing.
   */
  private async answer(
    parsed: WebQuery,
    offset: number,
    limit: number,
  ): Promise<{ outcome: Outcome; correctedQuery: string | null }> {
    const { correctBelow } = this.settings.ranking;
    const asTyped = async () =>
      (await this.run(parsed, offset, limit, exactMatchText(parsed))).outcome;
    if (correctableTerms(parsed).length === 0)
      return { outcome: await asTyped(), correctedQuery: null };
    const early =
      this.spelling.knowsEveryWord(parsed) === false
        ? await this.spelling.correct(parsed)
        : undefined;
    if (early?.typedMatches !== undefined) {
      if (early.typedMatches < correctBelow) {
        const corrected = await this.runCorrected(parsed, early.corrections, offset, limit);
        if (corrected && corrected.outcome.fullMatches > early.typedMatches)
          return { outcome: corrected.outcome, correctedQuery: corrected.display };
      }
      return { outcome: await asTyped(), correctedQuery: null };
    }
    const outcome = await asTyped();
    if (outcome.fullMatches >= correctBelow) return { outcome, correctedQuery: null };
    const { corrections } = early ?? (await this.spelling.correct(parsed));
    const corrected = await this.runCorrected(parsed, corrections, offset, limit);
    // "Showing results for" only when the correction finds more pages with every word: partial
    // matches of a correction ("python list comprehensive") do not beat those of the query typed.
    if (corrected && corrected.outcome.fullMatches > outcome.fullMatches)
      return { outcome: corrected.outcome, correctedQuery: corrected.display };
    return { outcome, correctedQuery: null };
  }

  private async run(
    query: WebQuery,
    offset: number,
    limit: number,
    exactText: string,
    scoredAs?: WebQuery,
  ): Promise<{ outcome: Outcome }> {
    // "site:example.org" alone lists the site's pages (an empty text query within the site).
    const siteListing = query.clauses.length === 0 && query.site !== undefined;
    const tsquery = hasPositiveClause(query)
      ? tsquerySql(query)
      : siteListing
        ? EMPTY_TSQUERY
        : undefined;
    const indexOnlyQuery = hasPositiveClause(query)
      ? indexOnlyTsquerySql(query)
      : siteListing
        ? EMPTY_TSQUERY
        : undefined;
    if (!tsquery || !indexOnlyQuery)
      return { outcome: { hits: [], total: 0, totalIsEstimate: false, fullMatches: 0 } };
    const { candidateLimit, bodyTierBelow, bodyScanLimit, walkAboveShare } = this.settings.ranking;
    // Paging stops at the candidate window: deeper results are not ranked.
    const pageLimit = Math.max(0, Math.min(limit, candidateLimit - offset));
    const page = await this.repository.rankedPage({
      query: tsquery,
      indexOnlyQuery,
      scoreQuery: scoredAs && hasPositiveClause(scoredAs) ? tsquerySql(scoredAs) : undefined,
      rechecks: hasPhrase(query),
      unpredictable: hasPhrase(query),
      exactText,
      offset,
      limit: pageLimit,
      candidateLimit,
      hasExclusions: hasExclusion(query),
      bodyTierBelow,
      bodyScanLimit,
      walkAboveShare,
      siteDomain: query.site ?? '',
    });
    const outcome = page.complete
      ? {
          hits: page.hits,
          total: page.candidates,
          totalIsEstimate: false,
          fullMatches: page.fullMatches,
        }
      : {
          hits: page.hits,
          total: Math.max(page.candidates, page.estimate),
          totalIsEstimate: true,
          fullMatches: Math.max(page.fullMatches, page.estimate),
        };
    return { outcome };
  }

  /** Corrected words widened to "word OR word* OR correction" (uncorrected unknown ones to "word OR word*"), then searched again. */
  private async runCorrected(
    query: WebQuery,
    corrections: ReadonlyMap<string, string | undefined>,
    offset: number,
    limit: number,
  ): Promise<{ outcome: Outcome; display: string | null } | undefined> {
    if (corrections.size === 0) return undefined;
    const expanded = expandTerms(query, corrections, (term) => term.length >= MIN_PREFIX_LENGTH);
    const readable = applyCorrections(query, corrections);
    // Matched widened, ranked by the words as typed and as corrected (not by the prefix): a word
    // that merely starts like the typo must not outrank the word meant, and a site that holds
    // the word as typed ("wikipedia.org") keeps the credit for it.
    const scoredAs: WebQuery = { clauses: [...query.clauses, ...readable.clauses] };
    const { outcome } = await this.run(expanded, offset, limit, exactMatchText(readable), scoredAs);
    const display = formatWebQuery(readable);
    return { outcome, display: display === formatWebQuery(query) ? null : display };
  }

  private async log(
    query: string,
    parsed: WebQuery,
    resultCount: number,
    visitor: Visitor,
  ): Promise<void> {
    const visitorHash = await this.visitors.hash(visitor);
    this.queryLog.record({
      query,
      normalizedQuery: formatWebQuery(parsed),
      visitorHash,
      resultCount,
      loggedAt: this.clock().toISOString(),
    });
  }
}

function toResultDto(hit: SearchHit, insight: HitInsight, siteQuery: string): SearchResultDto {
  return {
    id: hit.id,
    siteUrl: hit.siteUrl,
    url: hit.url,
    title: hit.title,
    description: hit.description,
    snippet: hit.snippet,
    siteQuery,
    moreFromSite: hit.moreFromSite,
    domain: hit.domain,
    frenlinessScore: hit.frenlinessScore,
    trustScore: siteTrustScore(hit, hit, hit.analysedTrustScore),
    upvotes: hit.upvotes,
    downvotes: hit.downvotes,
    isVerified: hit.isVerified,
    isClaimed: hit.isClaimed,
    totalStaked: hit.totalStaked,
    analysisData: hit.analysisData,
    indexedAt: hit.indexedAt.toISOString(),
    analyzedAt: hit.analyzedAt ? hit.analyzedAt.toISOString() : null,
    insight: insight.insight,
    domainFacts: insight.domainFacts,
  };
}
