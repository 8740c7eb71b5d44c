import type { UserDto } from '@frenly/contracts';
import {
  ArrowRightIcon,
  GlobeIcon,
  LeafIcon,
  LogOutIcon,
  SearchIcon,
  SparklesIcon,
  TrendingUpIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BambooBalance } from '../../auth/components/user-chip';
import { greetingName } from '../../auth/user-names';
import { useUserStakesQuery } from '../../ledger/ledger.api';
import { useTrendingQuery } from '../../search/search.api';
import { searchLocation } from '../../search/search-text';
import { mostRecentStakes } from '../recent-stakes';
import { BambooExplainer } from '../../ledger/components/bamboo-explainer';
import { analysisPath } from '../../../lib/analysis-path';

export const DASHBOARD_SIGN_OUT_PATH = '/auth/logout';

const TOOLS = [
  {
    to: '/search',
    icon: SearchIcon,
    title: 'Frenly Search',
    text: 'Search the web with transparency insights.',
  },
  {
    to: '/browser',
    icon: GlobeIcon,
    title: 'Frenly Browser',
    text: 'A browser that keeps your searches with Frenly.',
  },
  {
    to: '/analysis',
    icon: SparklesIcon,
    title: 'Frenly Analyzer',
    text: 'Score any website and reframe its content.',
  },
];

/** The signed-in dashboard at /dashboard. */
export default function DashboardPage({ user }: { user: UserDto }) {
  useDocumentTitle('Frenly Dashboard');
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <div className="flex items-center gap-2">
            <BambooBalance amount={user.bambooBalance ?? 0} />
            <Button asChild variant="ghost" size="sm">
              <a href={DASHBOARD_SIGN_OUT_PATH}>
                <LogOutIcon aria-hidden="true" />
                Sign Out
              </a>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Frenly Dashboard
        </h1>
        <p className="mt-1 text-lg text-slate-700">Welcome back, {greetingName(user)}!</p>
        <p className="mt-3 flex items-center gap-2 text-slate-700">
          <LeafIcon aria-hidden="true" className="size-5 text-emerald-700" />
          Your balance:{' '}
          <strong className="font-semibold text-slate-900 tabular-nums">
            {formatNumber(user.bambooBalance ?? 0)} Bamboo
          </strong>
        </p>

        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {TOOLS.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-xs transition-shadow hover:border-emerald-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="mt-3 flex items-center gap-1 font-semibold text-slate-900">
                  {title}
                  <ArrowRightIcon
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-1 text-sm text-slate-600">{text}</span>
              </Link>
            </li>
          ))}
        </ul>

        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <RecentStakesCard />
          <TrendingCard />
        </div>
      </main>
    </div>
  );
}

function RecentStakesCard() {
  const { data, isLoading } = useUserStakesQuery();
  const stakes = mostRecentStakes(data ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LeafIcon aria-hidden="true" className="size-4 text-emerald-700" />
          Recent Stakes
        </CardTitle>
      </CardHeader>
      <CardContent>
        <BambooExplainer className="mb-3" />
        {isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : stakes.length === 0 ? (
          <p className="text-sm text-slate-600">No stakes yet. Start by analyzing some websites!</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {stakes.map((stake) => (
              <li
                key={stake.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2.5"
              >
                <div className="min-w-0">
                  {stake.domain && (
                    <p className="truncate text-sm font-medium text-slate-900">
                      <Link
                        to={analysisPath(stake.url ?? `https://${stake.domain}`)}
                        className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
                      >
                        {stake.domain}
                      </Link>
                    </p>
                  )}
                  <p
                    className={
                      stake.domain ? 'text-xs text-slate-700' : 'text-sm font-medium text-slate-900'
                    }
                  >
                    {formatNumber(stake.amount)} Bamboo on Site #{stake.siteId}
                  </p>
                  <p className="text-xs text-slate-600">{formatDate(stake.createdAt)}</p>
                </div>
                <Badge tone={stake.type === 'support' ? 'best' : 'poor'}>
                  {stake.type === 'support' ? 'Support' : 'Concern'}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TrendingCard() {
  const { data, isLoading } = useTrendingQuery();
  const trending = data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUpIcon aria-hidden="true" className="size-4 text-emerald-700" />
          Trending Searches
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-20" />
        ) : trending.length === 0 ? (
          <p className="text-sm text-slate-600">No trending searches available.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {trending.map((text) => (
              <li key={text}>
                <Link
                  to={`/search${searchLocation(text)}`}
                  className="inline-block rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700 hover:border-emerald-300 hover:bg-emerald-50 hover:text-emerald-900 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
                >
                  {text}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
