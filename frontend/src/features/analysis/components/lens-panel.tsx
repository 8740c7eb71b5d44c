import type { LensType, SiteDto } from '@frenly/contracts';
import {
  EyeIcon,
  HeartIcon,
  LightbulbIcon,
  ShieldCheckIcon,
  SmileIcon,
  SproutIcon,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { reportMutationFailure } from '../../../lib/mutation-errors';
import {
  DEFAULT_LENS,
  LENS_LABELS,
  LENS_TYPES,
  REFRAME_FAILED_TOAST,
  reframeContent,
} from '../analysis-rules';
import { useReframeMutation } from '../analysis.api';
import { EngineNote } from './engine-note';

const LENS_ICONS: Record<LensType, LucideIcon> = {
  love: HeartIcon,
  clarity: EyeIcon,
  growth: SproutIcon,
  trust: ShieldCheckIcon,
  joy: SmileIcon,
};

/** Content Reframing Lenses: choosing a lens selects it and asks for a reframe (spec §4). */
export function LensPanel({ site }: { site: SiteDto }) {
  const [lens, setLens] = useState<LensType>(DEFAULT_LENS);
  // The default lens is only shown as chosen once the user has chosen one.
  const [chosen, setChosen] = useState(false);
  const [reframe, { data, isLoading, reset }] = useReframeMutation();

  async function choose(next: LensType) {
    setLens(next);
    setChosen(true);
    reset();
    try {
      await reframe({ siteId: site.id, lensType: next, content: reframeContent(site) }).unwrap();
    } catch (error) {
      console.error('Failed to reframe content', error);
      reportMutationFailure(error, REFRAME_FAILED_TOAST);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Content Reframing Lenses</CardTitle>
        <CardDescription>See this site’s message rewritten through a kinder lens.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="group" aria-label="Lenses" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {LENS_TYPES.map((type) => {
            const Icon = LENS_ICONS[type];
            const selected = chosen && type === lens;
            return (
              <button
                key={type}
                type="button"
                aria-pressed={selected}
                disabled={isLoading}
                onClick={() => void choose(type)}
                className={cn(
                  'flex items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70',
                  selected
                    ? 'border-emerald-700 bg-emerald-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-emerald-400 hover:bg-emerald-50',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {LENS_LABELS[type]}
              </button>
            );
          })}
        </div>
        <div aria-live="polite">
          {isLoading ? (
            <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
              <Spinner className="size-5" label="Reframing" />
              Reframing content...
            </div>
          ) : data ? (
            <div className="grid gap-3">
              <div className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-4">
                <h3 className="text-sm font-semibold text-emerald-900">{LENS_LABELS[lens]} lens</h3>
                <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line text-slate-800">
                  {data.reframedContent}
                </p>
              </div>
              {data.actionableAdvice && (
                <div className="rounded-xl border border-amber-200 bg-amber-50/60 p-4">
                  <h3 className="flex items-center gap-2 text-sm font-semibold text-amber-950">
                    <LightbulbIcon aria-hidden="true" className="size-4 text-amber-700" />
                    Actionable Advice
                  </h3>
                  <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line text-slate-800">
                    {data.actionableAdvice}
                  </p>
                </div>
              )}
              <EngineNote engine={data.engine} model={data.model} />
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              Choose a lens to reframe this site’s content.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
