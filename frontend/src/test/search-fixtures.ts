import type { SearchResponse, SearchResultDto } from '@frenly/contracts';

/** A queued, unanalysed result of site `id` (site<id>.example), with `fields` over it. */
export function searchResult(id: number, fields: Partial<SearchResultDto> = {}): SearchResultDto {
  return {
    id,
    url: `https://site${id}.example/`,
    siteUrl: `https://site${id}.example/`,
    siteQuery: `site:site${id}.example`,
    moreFromSite: false,
    snippet: [],
    title: `Site ${id}`,
    description: '',
    domain: `site${id}.example`,
    frenlinessScore: 70,
    trustScore: 'medium',
    upvotes: 0,
    downvotes: 0,
    isVerified: false,
    isClaimed: false,
    totalStaked: 0,
    analysisData: null,
    indexedAt: '2026-11-01T00:00:00Z',
    analyzedAt: null,
    insight: { state: 'queued', etaMinutes: 1 },
    domainFacts: { owner: null },
    ...fields,
  };
}

/** The first page of `query`'s answer, holding `results`. */
export function searchPage(query: string, results: SearchResultDto[]): SearchResponse {
  return {
    query,
    results,
    total: results.length,
    totalIsEstimate: false,
    page: 1,
    limit: 10,
    correctedQuery: null,
    web: 'reachable',
  };
}
