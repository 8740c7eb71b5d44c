import { lazy } from 'react';
import { firstScreensFor, type ScreenName } from './first-screen';

/** Every screen is its own chunk (route-level code splitting). */
const loaders = {
  searchHome: () => import('../features/search/routes/search-home-page'),
  searchResults: () => import('../features/search/routes/search-results-page'),
  browser: () => import('../features/browser/routes/browser-page'),
  analysis: () => import('../features/analysis/routes/analysis-page'),
  landing: () => import('../features/landing/routes/landing-page'),
  dashboard: () => import('../features/dashboard/routes/dashboard-page'),
  scores: () => import('../features/scores/routes/scores-page'),
} satisfies Record<ScreenName, () => Promise<unknown>>;

export const SearchHomePage = lazy(loaders.searchHome);
export const SearchResultsPage = lazy(loaders.searchResults);
export const BrowserPage = lazy(loaders.browser);
export const AnalysisPage = lazy(loaders.analysis);
export const LandingPage = lazy(loaders.landing);
export const DashboardPage = lazy(loaders.dashboard);
export const ScoresPage = lazy(loaders.scores);

/**
 * Starts loading the chunk(s) the first screen needs while the authentication check runs,
 * instead of after it (boot.ts has usually asked for their files already).
 */
export function preloadScreenFor(pathname: string, search: string): void {
  for (const screen of firstScreensFor(pathname, search)) {
    void loaders[screen]().catch(() => {}); // React.lazy reports failures when it renders.
  }
}
