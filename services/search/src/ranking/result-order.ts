/** A scored candidate (its v2 score from ranking.sql.ts). */
export interface ScoredCandidate {
  readonly id: number;
  readonly domain: string;
  readonly score: number;
}

/**
 * The result order of ranking v2 (docs/search-ranking.md, section 3): at most `perDomain`
 * results of each domain first, then the rest; each part by score descending, then id.
 * Duplicates (a site found by two tiers, with the same score) count once.
 */
export function orderResults(candidates: readonly ScoredCandidate[], perDomain: number): ScoredCandidate[] {
  const unique = [...new Map(candidates.map((candidate) => [candidate.id, candidate])).values()];
  const byScore = (a: ScoredCandidate, b: ScoredCandidate) => b.score - a.score || a.id - b.id;
  const seen = new Map<string, number>();
  const first: ScoredCandidate[] = [];
  const rest: ScoredCandidate[] = [];
  for (const candidate of unique.sort(byScore)) {
    const count = (seen.get(candidate.domain) ?? 0) + 1;
    seen.set(candidate.domain, count);
    (count <= perDomain ? first : rest).push(candidate);
  }
  return [...first, ...rest];
}
