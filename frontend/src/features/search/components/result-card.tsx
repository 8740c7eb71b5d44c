import type { SearchResultDto, VoteType, WebReachability } from '@frenly/contracts';
import {
  BadgeCheckIcon,
  LeafIcon,
  ShieldIcon,
  SparklesIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { formatNumber } from '../../../lib/format';
import { communityAlertTrigger, showsCommunityAlert } from '../../../lib/frenliness';
import { VoteButtons } from '../../ledger/components/vote-buttons';
import { analysisPath } from '../../../lib/analysis-path';
import { MoreFromSiteLink } from './more-from-site-link';
import { ResultInsightBadge, ResultInsightDetails } from './result-insight';
import { ResultSnippet } from './result-snippet';

interface ResultCardProps {
  /** The signed-in user's vote on this site (null: none); undefined for visitors. */
  myVote?: VoteType | null;
  /** A page: its url, title and snippet; its id, votes, stakes and insights are its site's. */
  site: SearchResultDto;
  onVote: (siteId: number, type: VoteType) => void;
  onStake: (site: SearchResultDto) => void;
  /** The search answer's `web`: 'unreachable' turns every queue state into "cannot reach the web". */
  web?: WebReachability;
}

/** One search result (a page) with its site's transparency insights (spec §2). */
export function ResultCard({ site, myVote, onVote, onStake, web = 'reachable' }: ResultCardProps) {
  const score = site.frenlinessScore;
  // Two pages of one site share its id: the heading's id must not.
  const headingId = useId();
  // Within one site's results already (site:), "More from this site" would lead back here.
  const [params] = useSearchParams();
  const withinSite = /(^|\s)site:/i.test(params.get('q') ?? '');
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 max-w-full truncate text-sm text-slate-600" title={site.url}>
          {site.url}
        </p>
        <div className="flex flex-wrap items-center gap-1.5">
          <ResultInsightBadge site={site} web={web} />
          {site.isVerified && (
            <Badge tone="verified">
              <BadgeCheckIcon aria-hidden="true" />
              Verified
            </Badge>
          )}
          {site.trustScore === 'high' && (
            <Badge tone="info">
              <ShieldIcon aria-hidden="true" />
              High Trust
            </Badge>
          )}
        </div>
      </div>

      <h2 id={headingId} className="mt-2 text-lg leading-snug font-semibold break-words">
        <a
          href={site.url}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded text-emerald-900 hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
        >
          {site.title || site.domain}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </h2>
      <ResultSnippet snippet={site.snippet} fallback={site.description} />
      {!withinSite && site.moreFromSite && (
        <MoreFromSiteLink siteQuery={site.siteQuery} domain={site.domain} />
      )}

      <ResultInsightDetails site={site} web={web} />

      {showsCommunityAlert(score) && (
        <div
          role="note"
          className="mt-3 flex gap-2.5 rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-700" />
          <p>
            <strong className="font-semibold">Community Alert</strong>
            <br />
            This site has received concerns about its practices and transparency.
            <span className="mt-1 block text-xs text-rose-800" data-testid="alert-trigger">
              {communityAlertTrigger(site)}
            </span>
          </p>
        </div>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <VoteButtons
          current={myVote}
          upvotes={site.upvotes}
          downvotes={site.downvotes}
          onVote={(type) => onVote(site.id, type)}
          siteName={site.domain}
        />
        <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">
          <Tooltip content="Stake your bamboo on this site; the number is what the community has staked so far">
            <Button variant="secondary" size="sm" onClick={() => onStake(site)}>
              <LeafIcon aria-hidden="true" />
              Stake Bamboo ({formatNumber(site.totalStaked)})
            </Button>
          </Tooltip>
          <Button asChild variant="outline" size="sm">
            <Link to={analysisPath(site.siteUrl)}>
              <SparklesIcon aria-hidden="true" />
              AI Deep Analysis
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

export function ResultPlaceholder() {
  return (
    <div
      data-testid="result-placeholder"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
      <div className="mt-3 h-5 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full animate-pulse rounded bg-slate-100" />
      <div className="mt-1.5 h-4 w-5/6 animate-pulse rounded bg-slate-100" />
      <div className="mt-4 h-8 w-1/2 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
