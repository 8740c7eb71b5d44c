import { lazy } from 'react';

/** Every screen is its own chunk (route-level code splitting). */
const loaders = {
  searchHome: () => import('../features/search/routes/search-home-page'),
  searchResults: () => import('../features/search/routes/search-results-page'),
  browser: () => import('../features/browser/routes/browser-page'),
  analysis: () => import('../features/analysis/routes/analysis-page'),
  landing: () => import('../features/landing/routes/landing-page'),
  dashboard: () => import('../features/dashboard/routes/dashboard-page'),
};

export const SearchHomePage = lazy(loaders.searchHome);
export const SearchResultsPage = lazy(loaders.searchResults);
export const BrowserPage = lazy(loaders.browser);
export const AnalysisPage = lazy(loaders.analysis);
export const LandingPage = lazy(loaders.landing);
export const DashboardPage = lazy(loaders.dashboard);

/**
 * Starts loading the chunk the first screen needs while the authentication check runs,
 * instead of after it (`/` and unknown paths depend on the answer: both candidates load).
 */
export function preloadScreenFor(pathname: string, search: string): void {
  const wanted = (() => {
    if ((new URLSearchParams(search).get('q') ?? '').trim()) return [loaders.searchResults];
    switch (pathname.replace(/\/+$/, '') || '/') {
      case '/search':
        return [loaders.searchHome];
      case '/browser':
        return [loaders.browser];
      case '/analysis':
        return [loaders.analysis];
      case '/home':
        return [loaders.landing];
      case '/dashboard':
        return [loaders.dashboard, loaders.landing];
      default:
        return [loaders.searchHome, loaders.landing];
    }
  })();
  for (const load of wanted) void load().catch(() => {}); // React.lazy reports failures when it renders.
}
