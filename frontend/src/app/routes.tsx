import { Suspense } from 'react';
import { Outlet, useSearchParams, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/use-auth';
import { AppExtras, OfflineBanner } from '../features/pwa/app-extras';
import { useLiveUpdates } from '../features/realtime/use-live-updates';
import {
  AnalysisPage,
  BrowserPage,
  DashboardPage,
  LandingPage,
  ScoresPage,
  SearchHomePage,
  SearchResultsPage,
} from './screens';

/** `?q=` on any address shows the results and wins over every route (spec §2). */
export function hasSearchQuery(params: URLSearchParams): boolean {
  return (params.get('q') ?? '').trim() !== '';
}

/**
 * The frame of every screen: a spinner while the authentication check runs, the results
 * screen whenever `?q=` is set, otherwise the routed screen; live updates while signed in.
 */
export function RootLayout() {
  const { isChecking, isSignedIn } = useAuth();
  const [params] = useSearchParams();
  useLiveUpdates(isSignedIn);
  if (isChecking) return <PageSpinner label="Checking your session" />;
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={<PageSpinner />}>
        {hasSearchQuery(params) ? <SearchResultsPage /> : <Outlet />}
      </Suspense>
      <AppExtras />
    </>
  );
}

/** `/`, and any path the table does not name: search home if signed in, otherwise landing. */
function HomeOrLanding() {
  const { isSignedIn } = useAuth();
  return isSignedIn ? <SearchHomePage /> : <LandingPage />;
}

/** `/dashboard`: the signed-in dashboard; visitors get the landing screen. */
function DashboardOrLanding() {
  const { user } = useAuth();
  return user ? <DashboardPage user={user} /> : <LandingPage />;
}

/** The primary route table (spec §2) plus /dashboard (ARCHITECTURE.md). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeOrLanding /> },
      { path: 'search', element: <SearchHomePage /> },
      { path: 'browser', element: <BrowserPage /> },
      { path: 'analysis', element: <AnalysisPage /> },
      { path: 'home', element: <LandingPage /> },
      { path: 'dashboard', element: <DashboardOrLanding /> },
      // "How scores work", linked from every explained score badge (beyond the spec's table).
      { path: 'scores', element: <ScoresPage /> },
      { path: '*', element: <HomeOrLanding /> },
    ],
  },
];
