import { TrendingUpIcon } from 'lucide-react';
import { trendingOrFallback } from '../search-text';
import { useTrendingQuery } from '../search.api';

/** "Trending Searches": the trending queries, or the spec's fallback chips when there are none. */
export function TrendingChips({ onPick }: { onPick: (text: string) => void }) {
  const { data } = useTrendingQuery();
  const chips = trendingOrFallback(data);
  return (
    <section aria-labelledby="trending-heading" className="w-full">
      <h2
        id="trending-heading"
        className="mb-3 flex items-center justify-center gap-2 text-sm font-medium text-slate-700"
      >
        <TrendingUpIcon aria-hidden="true" className="size-4 text-emerald-700" />
        Trending Searches
      </h2>
      <ul className="flex flex-wrap justify-center gap-2">
        {chips.map((chip) => (
          <li key={chip}>
            <button
              type="button"
              onClick={() => onPick(chip)}
              className="rounded-full border border-slate-200 bg-white px-3.5 py-1.5 text-sm text-slate-700 shadow-xs hover:border-emerald-300 hover:bg-emerald-50 hover:text-emerald-900 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
            >
              {chip}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
