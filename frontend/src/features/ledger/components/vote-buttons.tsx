import type { VoteType } from '@frenly/contracts';
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { formatNumber } from '../../../lib/format';

interface VoteButtonsProps {
  upvotes: number;
  downvotes: number;
  disabled?: boolean;
  onVote: (type: VoteType) => void;
  siteName: string;
}

/** Thumbs up and down with their counts. */
export function VoteButtons({ upvotes, downvotes, disabled, onVote, siteName }: VoteButtonsProps) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`Votes for ${siteName}`}>
      <Tooltip content="This site treats people well">
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => onVote('up')}
          className="text-slate-700 hover:text-emerald-800"
        >
          <ThumbsUpIcon aria-hidden="true" />
          <span className="sr-only">{`Vote up ${siteName}: `}</span>
          <span data-testid="upvotes">{formatNumber(upvotes)}</span>
          <span className="sr-only"> up votes</span>
        </Button>
      </Tooltip>
      <Tooltip content="This site has problems">
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => onVote('down')}
          className="text-slate-700 hover:text-rose-800"
        >
          <ThumbsDownIcon aria-hidden="true" />
          <span className="sr-only">{`Vote down ${siteName}: `}</span>
          <span data-testid="downvotes">{formatNumber(downvotes)}</span>
          <span className="sr-only"> down votes</span>
        </Button>
      </Tooltip>
    </div>
  );
}
