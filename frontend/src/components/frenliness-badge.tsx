import { ShieldCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from './ui/badge';
import { Tooltip } from './ui/tooltip';
import {
  BAND_LABEL,
  bandRange,
  HOW_SCORES_WORK_PATH,
  scoreBand,
  scoreIcon,
} from '../lib/frenliness';

interface FrenlinessBadgeProps {
  score: number;
  className?: string;
  /**
   * Make the badge explain itself: a tooltip with its band and the site's main findings, and a
   * link to "How scores work". Left off where the badge only recalls a score (the stake dialog).
   */
  explain?: { findings?: string | null };
}

/** "Frenliness 85" in its band's colour, with a shield at 80+ and a warning triangle below. */
export function FrenlinessBadge({ score, className, explain }: FrenlinessBadgeProps) {
  const band = scoreBand(score);
  const Icon = scoreIcon(score) === 'shield' ? ShieldCheckIcon : TriangleAlertIcon;
  const badge = (
    <Badge tone={band} className={className} data-band={band}>
      <Icon aria-hidden="true" data-icon={scoreIcon(score)} />
      Frenliness {score}
    </Badge>
  );
  if (!explain) return badge;
  const meaning = `${BAND_LABEL[band]} (${bandRange(band)} of 100).`;
  return (
    <Tooltip
      content={
        <span className="grid gap-1">
          <span>{meaning}</span>
          {explain.findings && <span>{explain.findings}</span>}
          <span className="text-slate-300">Select for how scores work.</span>
        </span>
      }
    >
      <Link
        to={HOW_SCORES_WORK_PATH}
        className="rounded-full focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        {badge}
        <span className="sr-only"> {meaning} How scores work</span>
      </Link>
    </Tooltip>
  );
}
