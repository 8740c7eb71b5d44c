import type { SearchResponse } from '@frenly/contracts';
import { ChevronLeftIcon, ChevronRightIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { countOf } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountArea } from '../../auth/components/account-area';
import { StakeDialog } from '../../ledger/components/stake-dialog';
import { useMyVotes, useStakeAction, useVoteAction } from '../../ledger/use-site-actions';
import { ResultCard, ResultPlaceholder } from '../components/result-card';
import { SearchBox } from '../components/search-box';
import { useSearchQuery } from '../search.api';
import { pageFrom, searchLocation } from '../search-text';
import { searchErrorView } from '../search-error';
import { useRunSearch } from '../use-run-search';

export const RESULT_PLACEHOLDERS = 5;

/** Results for `?q=` (which wins over the path, spec §2). */
export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = pageFrom(params.get('page'));
  useDocumentTitle(`${q} – Frenly Search`);
  const runSearch = useRunSearch();
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    // A new query arrived by navigation: the box shows it.
    setShownQ(q);
    setText(q);
  }
  const { data, isFetching, isError, error, refetch } = useSearchQuery({ q, page });
  const { castVote } = useVoteAction();
  const { stakeTarget, openStake, onStakeDialogChange } = useStakeAction();
  const myVotes = useMyVotes(data?.results.map((site) => site.id) ?? []);
  const showPlaceholders = isFetching && (!data || data.query !== q || data.page !== page);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusTopOnPageChange(page, heading);

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-slate-50">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap">
            <Logo />
            <div className="order-3 w-full sm:order-none sm:w-auto sm:flex-1">
              <SearchBox size="compact" value={text} onChange={setText} onSearch={runSearch} />
            </div>
            <div className="ml-auto sm:ml-0">
              <AccountArea />
            </div>
          </div>
        </header>

        <main className="mx-auto max-w-3xl px-4 py-5 sm:py-6">
          <h1 ref={heading} tabIndex={-1} className="sr-only">
            Search results for {q}
          </h1>
          {showPlaceholders ? (
            <div role="status" aria-busy="true" className="grid gap-4">
              <span className="sr-only">Loading results</span>
              <p className="h-5 w-64 max-w-full animate-pulse rounded bg-slate-200" />
              {Array.from({ length: RESULT_PLACEHOLDERS }, (_, i) => (
                <ResultPlaceholder key={i} />
              ))}
            </div>
          ) : isError ? (
            <SearchFailure error={error} onRetry={() => void refetch()} />
          ) : data && data.results.length > 0 ? (
            <>
              <p className="mb-1 text-sm text-slate-600" aria-live="polite">
                About {countOf(data.total, 'result')} with AI transparency insights
              </p>
              <PendingInsightsNote results={data.results} web={data.web} />
              {data.correctedQuery && (
                <p className="mb-3 text-sm text-slate-700">
                  Showing results for{' '}
                  <strong className="font-semibold">{data.correctedQuery}</strong>
                </p>
              )}
              <div className="mt-3 grid gap-4">
                {data.results.map((site) => (
                  <ResultCard
                    key={site.url}
                    site={site}
                    myVote={myVotes && (myVotes[String(site.id)] ?? null)}
                    onVote={(siteId, type) => void castVote(siteId, type)}
                    onStake={openStake}
                    web={data.web}
                  />
                ))}
              </div>
              <Pagination q={q} page={data.page} limit={data.limit} total={data.total} />
            </>
          ) : (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
              <SearchXIcon aria-hidden="true" className="size-10 text-slate-400" />
              <p className="mt-4 text-lg font-semibold text-slate-900">No results found</p>
              <p className="mt-1 text-sm text-slate-600">
                Try different keywords or check your spelling.
              </p>
            </div>
          )}
        </main>
        <StakeDialog site={stakeTarget} onOpenChange={onStakeDialogChange} />
      </div>
    </TooltipProvider>
  );
}

/**
 * Keeps the spec's "with AI transparency insights" line true: when some results on this page
 * have no analysis yet, it says so (each of those cards says what is known and why).
 */
function PendingInsightsNote({
  results,
  web,
}: {
  results: SearchResponse['results'];
  web: SearchResponse['web'];
}) {
  const pending = results.filter((site) => site.frenlinessScore === null).length;
  if (pending === 0) return null;
  const which =
    pending === results.length
      ? `No result on this page has been analysed yet`
      : `${pending} of ${results.length} results on this page have not been analysed yet`;
  return (
    <p data-testid="pending-insights-note" className="mb-1 text-xs text-slate-500">
      {web === 'unreachable'
        ? `${which}: Frenly cannot reach the web from here.`
        : `${which}; ${pending === 1 ? 'its card says' : 'their cards say'} what is known so far.`}
    </p>
  );
}

/** A failed search in words people understand, with "Try again" only where it can help. */
function SearchFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const view = searchErrorView(error);
  return (
    <div role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-5 text-rose-900">
      <p className="font-semibold">{view.title}</p>
      <p className="mt-1 text-sm break-words">{view.detail}</p>
      {view.retryable && (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * Moving to another results page starts at the top with focus on the results heading, as a
 * new page would (the router keeps the scroll position otherwise).
 */
function useFocusTopOnPageChange(page: number, heading: RefObject<HTMLHeadingElement | null>) {
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [page, heading]);
}

function Pagination({
  q,
  page,
  limit,
  total,
}: {
  q: string;
  page: number;
  limit: number;
  total: number;
}) {
  const lastPage = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (lastPage <= 1) return null;
  const to = (p: number) => `${searchLocation(q)}${p > 1 ? `&page=${p}` : ''}`;
  return (
    <nav aria-label="Result pages" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={to(page - 1)}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">Page {page}</span>
      {page < lastPage ? (
        <Button asChild variant="outline" size="sm">
          <Link to={to(page + 1)}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
