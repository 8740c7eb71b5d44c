import { Progress } from '../../../components/ui/progress';
import { BAND_BAR_CLASS, scoreBand } from '../../../lib/frenliness';

/** A labelled 0–100 bar coloured by band. */
export function ScoreBar({ label, value }: { label: string; value: number }) {
  const rounded = Math.round(value);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-700">{rounded}/100</span>
      </div>
      <Progress
        value={rounded}
        aria-label={`${label}: ${rounded} out of 100`}
        indicatorClassName={BAND_BAR_CLASS[scoreBand(rounded)]}
      />
    </div>
  );
}
