import type { VoteType } from '@frenly/contracts';
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';

interface VoteButtonsProps {
  /** null: not known right now (shown as a dash, never as 0). */
  upvotes: number | null;
  downvotes: number | null;
  /** The signed-in user's vote (null: none); undefined for visitors, who have none to show. */
  current?: VoteType | null;
  disabled?: boolean;
  onVote: (type: VoteType) => void;
  siteName: string;
}

/** Thumbs up and down with their counts. */
export function VoteButtons({
  upvotes,
  downvotes,
  current,
  disabled,
  onVote,
  siteName,
}: VoteButtonsProps) {
  const pressed = (type: VoteType) => (current === undefined ? undefined : current === type);
  const announcement = useVoteAnnouncement(current, siteName);
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`Votes for ${siteName}`}>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      <Tooltip content="This site treats people well">
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          aria-pressed={pressed('up')}
          onClick={() => onVote('up')}
          className={cn(
            'text-slate-700 hover:text-emerald-800',
            current === 'up' && 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-300',
          )}
        >
          <ThumbsUpIcon aria-hidden="true" />
          <span className="sr-only">{`Vote up ${siteName}: `}</span>
          <span data-testid="upvotes">{countOrDash(upvotes)}</span>
          <span className="sr-only"> up votes</span>
        </Button>
      </Tooltip>
      <Tooltip content="This site has problems">
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          aria-pressed={pressed('down')}
          onClick={() => onVote('down')}
          className={cn(
            'text-slate-700 hover:text-rose-800',
            current === 'down' && 'bg-rose-50 text-rose-800 ring-1 ring-rose-300',
          )}
        >
          <ThumbsDownIcon aria-hidden="true" />
          <span className="sr-only">{`Vote down ${siteName}: `}</span>
          <span data-testid="downvotes">{countOrDash(downvotes)}</span>
          <span className="sr-only"> down votes</span>
        </Button>
      </Tooltip>
    </div>
  );
}

const countOrDash = (count: number | null): string => (count === null ? '–' : formatNumber(count));

/**
 * What a screen reader hears when the user's vote changes, above all when voting the same way
 * again removed it (which the pressed state alone does not announce).
 */
function useVoteAnnouncement(current: VoteType | null | undefined, siteName: string): string {
  const previous = useRef(current);
  const [message, setMessage] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = current;
    if (before === undefined || current === undefined || before === current) return;
    setMessage(
      current === null
        ? `Your ${before} vote on ${siteName} was removed.`
        : `You voted ${current} on ${siteName}.`,
    );
  }, [current, siteName]);
  return message;
}
