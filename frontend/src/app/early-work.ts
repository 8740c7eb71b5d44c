import { pageFrom } from '../features/search/search-text';
import { searchApi } from '../features/search/search.api';
import { preloadScreenFor } from './screens';
import type { AppStore } from './store';

/**
 * Work that can start before the first render: the first screen's chunk and, for `?q=`, the
 * results, so that neither waits for the authentication check to finish (boot.ts asked for
 * both files early; this makes them part of the app).
 */
export function startEarlyWork(
  store: AppStore,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  preloadScreenFor(location.pathname, location.search);
  const params = new URLSearchParams(location.search);
  const q = (params.get('q') ?? '').trim();
  if (q) {
    store.dispatch(
      searchApi.util.prefetch('search', { q, page: pageFrom(params.get('page')) }, {}),
    );
  }
}
