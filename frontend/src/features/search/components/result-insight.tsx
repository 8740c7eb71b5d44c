import type { SearchResultDto, WebReachability } from '@frenly/contracts';
import {
  BuildingIcon,
  CircleDashedIcon,
  ClockIcon,
  SparklesIcon,
  UsersIcon,
  WifiOffIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FrenlinessBadge } from '../../../components/frenliness-badge';
import { Badge } from '../../../components/ui/badge';
import { analysisPath } from '../../../lib/analysis-path';
import { countOf, formatDate, formatNumber } from '../../../lib/format';
import { approvalPercent, hasVotes } from '../../../lib/frenliness';
import { insightSummary } from '../../../lib/insight-summary';

type InsightSite = Pick<
  SearchResultDto,
  | 'url'
  | 'frenlinessScore'
  | 'analysisData'
  | 'analyzedAt'
  | 'insight'
  | 'domainFacts'
  | 'upvotes'
  | 'downvotes'
  | 'totalStaked'
>;

/** Where a result without an analysis stands, in the words its card uses. */
export type PendingInsight =
  | { kind: 'queued'; badge: string; line: string }
  | { kind: 'unreachable'; badge: string; line: string }
  | { kind: 'not_analysable'; badge: string; line: string };

/**
 * The queue state of a result with no score. The response's `web: 'unreachable'` wins over a
 * per-result `queued`: a queue that cannot reach the web will not deliver in N minutes.
 */
export function pendingInsight(site: InsightSite, web: WebReachability): PendingInsight {
  const insight = site.insight;
  if (insight.state === 'not_analysable')
    // The reason is the server's own sentence (the last crawl's outcome); only a full stop is added.
    return {
      kind: 'not_analysable',
      badge: 'Not analysed',
      line: `Not analysed: ${/[.!?]$/.test(insight.reason) ? insight.reason : `${insight.reason}.`}`,
    };
  if (web === 'unreachable' || insight.state === 'unreachable')
    return {
      kind: 'unreachable',
      badge: 'Cannot be analysed yet',
      line: 'Frenly cannot reach the web from here, so this site cannot be analysed yet',
    };
  const eta = insight.state === 'queued' ? Math.max(1, Math.round(insight.etaMinutes)) : null;
  return {
    kind: 'queued',
    badge: 'Queued for analysis',
    line:
      eta === null ? 'Queued for analysis' : `Queued for analysis — usually ready in ${eta} min`,
  };
}

/**
 * "just now", "3 min ago", "5 h ago", "2 days ago"; a date beyond a month. Coarse on purpose:
 * it says how fresh the insights are, not a timestamp.
 */
export function analysedAgo(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 31) return `${countOf(days, 'day')} ago`;
  return `on ${formatDate(iso)}`;
}

/** The badge row's part: the score when analysed, else the queue state (never a score). */
export function ResultInsightBadge({ site, web }: { site: InsightSite; web: WebReachability }) {
  if (site.frenlinessScore !== null)
    return (
      <FrenlinessBadge
        score={site.frenlinessScore}
        explain={{ findings: insightSummary(site.analysisData) }}
      />
    );
  const pending = pendingInsight(site, web);
  return (
    <>
      <Badge tone="neutral">
        {pending.kind === 'unreachable' ? (
          <WifiOffIcon aria-hidden="true" />
        ) : (
          <CircleDashedIcon aria-hidden="true" />
        )}
        {pending.badge}
      </Badge>
      {pending.kind !== 'unreachable' && (
        <Link
          to={analysisPath(site.url)}
          className="rounded text-xs font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
        >
          Analyse it
        </Link>
      )}
    </>
  );
}

function Line({
  icon,
  children,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <li data-testid={testId} className="flex items-start gap-1.5">
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

const iconClass = 'mt-px size-3.5 shrink-0';

/**
 * What is known about the site under its description, each line saying where it comes from:
 * the analysis' findings and their age, or — before any analysis — the queue state, the
 * community's votes and stakes, and what shipped public data says about the domain.
 */
export function ResultInsightDetails({ site, web }: { site: InsightSite; web: WebReachability }) {
  if (site.frenlinessScore !== null) {
    const summary = insightSummary(site.analysisData);
    return (
      <ul
        data-testid="result-insights"
        className="mt-2 grid gap-1 text-xs font-medium text-slate-600"
      >
        {summary && (
          <Line
            testId="insight-summary"
            icon={<SparklesIcon aria-hidden="true" className={`${iconClass} text-emerald-700`} />}
          >
            {summary}
          </Line>
        )}
        {site.analyzedAt && (
          <Line
            testId="insight-age"
            icon={<ClockIcon aria-hidden="true" className={`${iconClass} text-slate-500`} />}
          >
            Analysed {analysedAgo(site.analyzedAt)}
          </Line>
        )}
      </ul>
    );
  }
  const pending = pendingInsight(site, web);
  const owner = site.domainFacts.owner;
  const voted = hasVotes(site.upvotes, site.downvotes);
  return (
    <ul
      data-testid="result-insights"
      className="mt-2 grid gap-1 text-xs font-medium text-slate-600"
    >
      <Line
        testId="insight-status"
        icon={
          pending.kind === 'unreachable' ? (
            <WifiOffIcon aria-hidden="true" className={`${iconClass} text-slate-500`} />
          ) : (
            <CircleDashedIcon aria-hidden="true" className={`${iconClass} text-slate-500`} />
          )
        }
      >
        {pending.line}
      </Line>
      {(voted || site.totalStaked > 0) && (
        <Line
          testId="insight-community"
          icon={<UsersIcon aria-hidden="true" className={`${iconClass} text-slate-500`} />}
        >
          Community:{' '}
          {[
            voted &&
              `${approvalPercent(site.upvotes, site.downvotes)}% positive of ${countOf(site.upvotes + site.downvotes, 'vote')}`,
            site.totalStaked > 0 && `${formatNumber(site.totalStaked)} bamboo staked`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Line>
      )}
      {owner && (
        <Line
          testId="insight-owner"
          icon={<BuildingIcon aria-hidden="true" className={`${iconClass} text-slate-500`} />}
        >
          {/* Being listed says who owns the domain, not that this page tracks: no more is claimed. */}
          <span title={`Ghostery TrackerDB ${owner.sourceVersion}`}>
            Domain owned by {owner.name} (Ghostery TrackerDB)
          </span>
        </Line>
      )}
    </ul>
  );
}
