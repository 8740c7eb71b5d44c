import {
  siteTrustScore,
  type AnalysisResponse,
  type UserDto,
  type VoteType,
} from '@frenly/contracts';
import { GaugeIcon, SearchCheckIcon, ShieldCheckIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { isUnauthorized } from '../../../api/http-error';
import { reportMutationFailure } from '../../../lib/mutation-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuth } from '../../auth/use-auth';
import { StakeDialog } from '../../ledger/components/stake-dialog';
import { ledgerApi, useSiteCommunityQuery } from '../../ledger/ledger.api';
import { useStakeAction, useVoteAction } from '../../ledger/use-site-actions';
import { toast } from '../../toasts/toast-store';
import {
  ANALYSIS_COMPLETE_TOAST,
  ANALYSIS_FAILED_TOAST,
  normaliseAnalysisUrl,
  URL_REQUIRED_TOAST,
} from '../analysis-rules';
import { analysisFailureView, type AnalysisFailureView } from '../analysis-failure';
import { analysisIdOf, useAnalysisQuery, useAnalyzeSiteMutation } from '../analysis.api';
import { browserStatusOf } from '../analysis-evidence';
import { documentArrivedFromThisSite, isInAppNavigation } from '../arrival';
import { useRefetchWhilePending } from '../use-refetch-while-pending';
import { AnalysisHeader } from '../components/analysis-header';
import { BrowserCheck } from '../components/browser-check';
import { CommunitySidebar } from '../components/community-sidebar';
import { FindingsList } from '../components/findings-list';
import { LensPanel } from '../components/lens-panel';
import { SignInWall } from '../components/sign-in-wall';
import {
  FrenlinessScoreCard,
  SiteCard,
  TransparencyInsights,
  UxScorecard,
} from '../components/site-overview';

/** The Frenly Analyzer: sign-in wall for visitors, the analysis tool for signed-in users. */
export default function AnalysisPage() {
  useDocumentTitle('Frenly Analyzer');
  const { user } = useAuth();
  if (!user) return <SignInWall />;
  return <Analyzer user={user} />;
}

function Analyzer({ user }: { user: UserDto }) {
  const [params, setParams] = useSearchParams();
  const { key: locationKey } = useLocation();
  const urlParam = params.get('url');
  // A `url` from another site's link waits for the user: an analysis spends their budget.
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const [text, setText] = useState(urlParam ?? '');
  const [result, setResult] = useState<AnalysisResponse | null>(null);
  const [failure, setFailure] = useState<AnalysisFailureView | null>(null);
  const [analyze, { isLoading }] = useAnalyzeSiteMutation();
  const ranFor = useRef<string | null>(null);
  const inputId = useId();

  async function run(url: string, httpsWasAdded = false) {
    setFailure(null);
    try {
      const response = await analyze({ url }).unwrap();
      setResult(response);
      toast(ANALYSIS_COMPLETE_TOAST);
    } catch (error) {
      console.error('Failed to analyze the website', error);
      reportMutationFailure(error, ANALYSIS_FAILED_TOAST);
      // The toast fades; the reason stays on the page (a 401 signs in again instead).
      if (!isUnauthorized(error)) {
        setResult(null);
        setFailure(analysisFailureView(error, url, httpsWasAdded));
      }
    }
  }

  // A `url` parameter runs the analysis on arrival (spec §2), once per value, when this site
  // sent the user here (an in-app link, or a page load the gateway marked same-site); another
  // site's link only fills the box and offers a button.
  useEffect(() => {
    if (urlParam === null || urlParam === ranFor.current) return;
    ranFor.current = urlParam;
    const url = normaliseAnalysisUrl(urlParam);
    setText(urlParam);
    if (!url) return;
    if (isInAppNavigation(locationKey) || documentArrivedFromThisSite()) {
      setAwaitingConfirmation(null);
      void run(url, !/^https?:\/\//i.test(urlParam.trim()));
    } else {
      setAwaitingConfirmation(url);
    }
  }, [urlParam]);

  function confirmArrival(url: string) {
    setAwaitingConfirmation(null);
    void run(url);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const httpsWasAdded = !/^https?:\/\//i.test(text.trim());
    const url = normaliseAnalysisUrl(text);
    if (!url) {
      toast(URL_REQUIRED_TOAST);
      return;
    }
    setText(url);
    setAwaitingConfirmation(null);
    ranFor.current = url;
    setParams({ url }, { replace: true });
    void run(url, httpsWasAdded);
  }

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-slate-50">
        <AnalysisHeader user={user} />
        <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
          <section
            aria-labelledby="analyze-heading"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h1
              id="analyze-heading"
              className="text-2xl font-semibold tracking-tight text-slate-900"
            >
              Analyze Any Website
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              The Frenly Analyzer checks a site’s trackers, design patterns, accessibility and
              clarity, and explains its score.
            </p>
            <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row">
              <label htmlFor={inputId} className="sr-only">
                Website URL
              </label>
              <Input
                id={inputId}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="example.com"
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="h-11 sm:flex-1"
              />
              <Button type="submit" size="lg" className="h-11" disabled={isLoading}>
                <SparklesIcon aria-hidden="true" />
                {isLoading ? 'Analyzing...' : 'Analyze'}
              </Button>
            </form>
            {awaitingConfirmation && !isLoading ? (
              <ArrivalConfirmation
                url={awaitingConfirmation}
                onConfirm={() => confirmArrival(awaitingConfirmation)}
              />
            ) : null}
          </section>

          <div className="mt-6">
            {isLoading ? (
              <AnalyzingPlaceholder />
            ) : result ? (
              <AnalysisResult key={result.site.id} initial={result} />
            ) : failure ? (
              <AnalysisFailure view={failure} />
            ) : (
              <IdleExplainer />
            )}
          </div>
        </main>
      </div>
    </TooltipProvider>
  );
}

function AnalysisFailure({ view }: { view: AnalysisFailureView }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-rose-200 bg-rose-50 p-5 text-rose-950"
      data-testid="analysis-failure"
    >
      <p className="font-semibold break-words">{view.title}</p>
      <p className="mt-1 text-sm break-words">{view.reason}</p>
      {view.httpHint && <p className="mt-2 text-sm break-words">{view.httpHint}</p>}
    </div>
  );
}

/** How often a site the ledger has not learnt yet is asked for again (it learns one in a second or so). */
const COMMUNITY_PENDING_POLL_MS = 1_000;

function AnalysisResult({ initial }: { initial: AnalysisResponse }) {
  // The stored analysis as it is now: the answer seeded this cache entry, and the live
  // analysis_update of the browser tier refetches it with the richer report (or, if that
  // message never comes, the screen asks again itself while the browser check is pending).
  const analysisId = analysisIdOf(initial);
  const { data: current = initial, refetch } = useAnalysisQuery(analysisId ?? '', {
    skip: !analysisId,
  });
  useRefetchWhilePending(
    analysisId !== null && browserStatusOf(current.site.analysisData)?.state === 'pending',
    refetch,
    current,
  );
  const [site, setSite] = useState(initial.site);
  useEffect(() => {
    // A richer report replaces scores and evidence; the counts keep what votes changed since.
    if (current !== initial)
      setSite((shown) => ({ ...current.site, upvotes: shown.upvotes, downvotes: shown.downvotes }));
  }, [current, initial]);
  // A site an analysis has just added may not be in the ledger yet (`pending`: its figures are
  // zero and votes and stakes on it would be refused): ask again until it is, and keep voting
  // and staking closed meanwhile.
  const communityPending =
    ledgerApi.endpoints.siteCommunity.useQueryState(site.id).data?.pending === true;
  const community = useSiteCommunityQuery(site.id, {
    pollingInterval: communityPending ? COMMUNITY_PENDING_POLL_MS : 0,
  });
  const { castVote } = useVoteAction();
  const { stakeTarget, openStake, onStakeDialogChange } = useStakeAction();
  const live = community.data;
  // The trust shown follows the community figures shown (the ledger's, once loaded), by the rule
  // search results and the analysis answer use (siteTrustScore).
  const shown = live ? { ...site, trustScore: siteTrustScore(site, live, site.trustScore) } : site;

  async function vote(type: VoteType) {
    const counts = await castVote(site.id, type);
    // Spec §4: the shown site's counts come from the vote's answer.
    if (counts)
      setSite((current) => ({ ...current, upvotes: counts.upvotes, downvotes: counts.downvotes }));
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-4">
        <SiteCard site={shown} />
        <FrenlinessScoreCard site={shown} />
        <UxScorecard uxScore={current.uxScore} />
        <BrowserCheck site={shown} />
        <FindingsList site={shown} />
        <TransparencyInsights site={shown} engine={current.engine} />
        <LensPanel site={shown} />
      </div>
      <CommunitySidebar
        site={site}
        upvotes={live?.upvotes ?? site.upvotes}
        downvotes={live?.downvotes ?? site.downvotes}
        totalStaked={live?.totalStaked ?? site.totalStaked}
        recentStakes={live?.recentStakes ?? initial.recentStakes}
        figuresUnavailable={!live && current.communityUnavailable === true}
        opening={communityPending}
        onVote={(type) => void vote(type)}
        onStake={() => openStake(site)}
      />
      <StakeDialog site={stakeTarget} onOpenChange={onStakeDialogChange} />
    </div>
  );
}

/** Shown instead of running at once when a link from another site brought a `url`. */
function ArrivalConfirmation({ url, onConfirm }: { url: string; onConfirm: () => void }) {
  return (
    <div
      role="region"
      aria-label="Confirm the analysis"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <p className="text-sm text-amber-900 sm:flex-1">
        A link asked to analyze this site. Nothing runs until you confirm.
      </p>
      <Button type="button" onClick={onConfirm} className="max-w-full">
        <span className="truncate">Analyze {url}</span>
      </Button>
    </div>
  );
}

function AnalyzingPlaceholder() {
  return (
    <div
      role="status"
      aria-label="Analyzing"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid gap-4">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
      <div className="grid content-start gap-4">
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
    </div>
  );
}

const STEPS = [
  {
    icon: SearchCheckIcon,
    title: 'Fetched safely',
    text: 'Frenly fetches the page itself, with strict safety limits.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Evidence, not guesses',
    text: 'Trackers, dark patterns and accessibility checks behind every number.',
  },
  {
    icon: GaugeIcon,
    title: 'A score you can read',
    text: 'A 0–100 Frenliness score with the reasons, plus a UX scorecard.',
  },
];

function IdleExplainer() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {STEPS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-slate-200 bg-white p-5">
          <Icon aria-hidden="true" className="size-5 text-emerald-700" />
          <h2 className="mt-2 font-medium text-slate-900">{title}</h2>
          <p className="mt-1 text-sm text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}
