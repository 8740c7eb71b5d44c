import { ShieldCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { Badge } from './ui/badge';
import { scoreBand, scoreIcon } from '../lib/frenliness';

/** "Frenliness 85" in its band's colour, with a shield at 80+ and a warning triangle below. */
export function FrenlinessBadge({ score, className }: { score: number; className?: string }) {
  const Icon = scoreIcon(score) === 'shield' ? ShieldCheckIcon : TriangleAlertIcon;
  return (
    <Badge tone={scoreBand(score)} className={className} data-band={scoreBand(score)}>
      <Icon aria-hidden="true" data-icon={scoreIcon(score)} />
      Frenliness {score}
    </Badge>
  );
}
