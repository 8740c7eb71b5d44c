import type { SiteDto, StakeDto } from '@frenly/contracts';
import { LeafIcon, UsersIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { formatDate, formatNumber } from '../../../lib/format';
import { approvalPercent, hasVotes } from '../../../lib/frenliness';
import { VoteButtons } from '../../ledger/components/vote-buttons';
import { useMyVotes } from '../../ledger/use-site-actions';

interface CommunitySidebarProps {
  site: SiteDto;
  upvotes: number;
  downvotes: number;
  totalStaked: number;
  recentStakes: StakeDto[];
  /**
   * The figures above are not the community's: the analysis could not ask the ledger, and the
   * ledger's own answer has not come. Shown as unavailable, never as "no votes".
   */
  figuresUnavailable?: boolean;
  /** The ledger is still adding the site: votes and stakes open once it has. */
  opening?: boolean;
  onVote: (type: 'up' | 'down') => void;
  onStake: () => void;
}

/** Community Voice, the Stake Bamboo card and Recent Stakes (spec §2). */
export function CommunitySidebar({
  site,
  upvotes,
  downvotes,
  totalStaked,
  recentStakes,
  figuresUnavailable = false,
  opening = false,
  onVote,
  onStake,
}: CommunitySidebarProps) {
  const approval = approvalPercent(upvotes, downvotes);
  const myVotes = useMyVotes([site.id]);
  return (
    <aside className="grid content-start gap-4" aria-label="Community">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UsersIcon aria-hidden="true" className="size-4 text-emerald-700" />
            Community Voice
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <VoteButtons
            current={myVotes && (myVotes[String(site.id)] ?? null)}
            upvotes={figuresUnavailable ? null : upvotes}
            downvotes={figuresUnavailable ? null : downvotes}
            onVote={onVote}
            siteName={site.domain}
            disabled={opening}
          />
          {opening && (
            <p className="text-sm text-slate-600">
              Voting and staking open in a moment: Frenly is still adding this site.
            </p>
          )}
          {figuresUnavailable ? (
            <p className="text-sm text-slate-600" data-testid="approval">
              Community figures unavailable right now
            </p>
          ) : hasVotes(upvotes, downvotes) ? (
            <div className="grid gap-1.5">
              <p className="text-sm text-slate-700">
                <span
                  className="text-2xl font-semibold text-slate-900 tabular-nums"
                  data-testid="approval"
                >
                  {approval}%
                </span>{' '}
                approval
              </p>
              <Progress value={approval} aria-label={`${approval}% approval`} />
            </div>
          ) : (
            // 0% would read as "everyone dislikes it" when nobody has voted.
            <p className="text-sm text-slate-600" data-testid="approval">
              No votes yet
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LeafIcon aria-hidden="true" className="size-4 text-emerald-700" />
            Stake Bamboo
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm text-slate-700">
            Total staked:{' '}
            <span className="font-semibold text-slate-900 tabular-nums">
              {figuresUnavailable ? 'unavailable right now' : `${formatNumber(totalStaked)} Bamboo`}
            </span>
          </p>
          <Button onClick={onStake} disabled={opening}>
            <LeafIcon aria-hidden="true" />
            Stake Bamboo
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recent Stakes</CardTitle>
        </CardHeader>
        <CardContent>
          {figuresUnavailable ? (
            <p className="text-sm text-slate-600">Recent stakes unavailable right now.</p>
          ) : recentStakes.length === 0 ? (
            <p className="text-sm text-slate-600">
              No stakes yet. Be the first to back or question this site.
            </p>
          ) : (
            <ul className="grid gap-3">
              {recentStakes.map((stake) => (
                <li key={stake.id} className="rounded-lg border border-slate-100 bg-slate-50 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-slate-900 tabular-nums">
                      {formatNumber(stake.amount)} Bamboo
                    </span>
                    <Badge tone={stake.type === 'support' ? 'best' : 'poor'}>
                      {stake.type === 'support' ? 'Support' : 'Concern'}
                    </Badge>
                  </div>
                  {stake.message && (
                    <p className="mt-1.5 text-sm break-words text-slate-700">“{stake.message}”</p>
                  )}
                  <p className="mt-1 text-xs text-slate-600">{formatDate(stake.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </aside>
  );
}
