/** Spec §2: when the trending call returns nothing, these chips are shown instead. */
export const FALLBACK_TRENDING = [
  'sustainable fashion',
  'AI ethics',
  'climate change solutions',
  'digital wellness',
];

/** The trimmed query, or null when the text is blank (blank searches are ignored, spec §5). */
export function normaliseSearchText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** The `?q=` part a search navigates to. */
export function searchLocation(text: string): string {
  return `?q=${encodeURIComponent(text)}`;
}

/** The `page` parameter of the results: 1 unless a larger whole number is given. */
export function pageFrom(raw: string | null): number {
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(page) && page > 1 ? page : 1;
}

export function trendingOrFallback(trending: readonly string[] | undefined): readonly string[] {
  return trending && trending.length > 0 ? trending : FALLBACK_TRENDING;
}

/** The API address of a search, exactly as the results screen asks for it. */
export function searchRequestPath(q: string, page?: number): string {
  const params = new URLSearchParams({ q });
  if (page && page > 1) params.set('page', String(page));
  return `/api/search?${params.toString()}`;
}
