import type { AnalysisEngine, SiteDto, UxScore } from '@frenly/contracts';
import {
  BadgeCheckIcon,
  CircleAlertIcon,
  ExternalLinkIcon,
  LightbulbIcon,
  ShieldCheckIcon,
  ThumbsUpIcon,
  TriangleAlertIcon,
  type LucideIcon,
} from 'lucide-react';
import { FrenlinessBadge } from '../../../components/frenliness-badge';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';
import { BAND_BAR_CLASS, BAND_LABEL, scoreBand } from '../../../lib/frenliness';
import { transparentPracticesText } from '../analysis-rules';
import { EngineNote } from './engine-note';
import { ScoreBar } from './score-bar';

/** Site card: domain, description, Verified and Claimed badges. */
export function SiteCard({ site }: { site: SiteDto }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 text-xl font-semibold break-all text-slate-900">{site.domain}</h2>
          {site.isVerified && (
            <Badge tone="verified">
              <BadgeCheckIcon aria-hidden="true" />
              Verified
            </Badge>
          )}
          {site.isClaimed && (
            <Badge tone="info">
              <ShieldCheckIcon aria-hidden="true" />
              Claimed
            </Badge>
          )}
        </div>
        {site.title && site.title !== site.domain && (
          <p className="font-medium text-slate-800">{site.title}</p>
        )}
      </CardHeader>
      <CardContent>
        {site.description && (
          <p className="text-sm leading-relaxed text-slate-700">{site.description}</p>
        )}
        <a
          href={site.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex max-w-full items-center gap-1 rounded text-sm text-emerald-800 hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
        >
          <span className="truncate">{site.url}</span>
          <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}

/** The Frenliness score out of 100, its bar and the reasoning. */
export function FrenlinessScoreCard({ site }: { site: SiteDto }) {
  const score = site.frenlinessScore;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Frenliness Score</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {score === null ? (
          <p className="text-sm text-slate-600">Not yet analysed.</p>
        ) : (
          <>
            <div className="flex flex-wrap items-end gap-3">
              <p className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
                {score}
                <span className="text-lg font-medium text-slate-500">/100</span>
              </p>
              <FrenlinessBadge score={score} className="mb-1.5" explain={{}} />
              <span className="mb-1.5 text-sm text-slate-600">{BAND_LABEL[scoreBand(score)]}</span>
            </div>
            <Progress
              value={score}
              aria-label={`Frenliness score: ${score} out of 100`}
              indicatorClassName={BAND_BAR_CLASS[scoreBand(score)]}
            />
          </>
        )}
        {site.analysisData?.frenliness?.reasoning && (
          <p className="text-sm leading-relaxed text-slate-700">
            {site.analysisData.frenliness.reasoning}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export const UX_DIMENSIONS: { key: keyof UxScore; label: string }[] = [
  { key: 'accessibility', label: 'Accessibility' },
  { key: 'clarity', label: 'Clarity' },
  { key: 'joyFactor', label: 'Joy Factor' },
  { key: 'lowFriction', label: 'Low Friction' },
];

export function UxScorecard({ uxScore }: { uxScore: UxScore }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>UX Scorecard</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {UX_DIMENSIONS.map(({ key, label }) => (
          <ScoreBar key={key} label={label} value={uxScore[key]} />
        ))}
      </CardContent>
    </Card>
  );
}

interface InsightBoxProps {
  title: string;
  text: string;
  icon: LucideIcon;
  tone: 'emerald' | 'sky' | 'amber' | 'rose';
}

const toneClasses: Record<InsightBoxProps['tone'], { box: string; icon: string }> = {
  emerald: { box: 'border-emerald-200 bg-emerald-50/70', icon: 'text-emerald-700' },
  sky: { box: 'border-sky-200 bg-sky-50/70', icon: 'text-sky-700' },
  amber: { box: 'border-amber-200 bg-amber-50/70', icon: 'text-amber-700' },
  rose: { box: 'border-rose-200 bg-rose-50/70', icon: 'text-rose-700' },
};

function InsightBox({ title, text, icon: Icon, tone }: InsightBoxProps) {
  return (
    <div className={cn('rounded-xl border p-4', toneClasses[tone].box)}>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Icon aria-hidden="true" className={cn('size-4', toneClasses[tone].icon)} />
        {title}
      </h3>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{text}</p>
    </div>
  );
}

/** The four 'AI Transparency Insights' boxes (spec §2). */
export function TransparencyInsights({ site, engine }: { site: SiteDto; engine?: AnalysisEngine }) {
  const data = site.analysisData;
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Transparency Insights</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <InsightBox
          title="Transparent Practices"
          text={transparentPracticesText(site)}
          icon={ShieldCheckIcon}
          tone="emerald"
        />
        <InsightBox
          title="User-Friendly Design"
          text={data?.ux?.details?.strengths?.[0] ?? 'No particular strengths recorded.'}
          icon={ThumbsUpIcon}
          tone="sky"
        />
        <InsightBox
          title="Improvement Opportunities"
          text={data?.frenliness?.improvements?.[0] ?? 'No improvements suggested.'}
          icon={LightbulbIcon}
          tone="amber"
        />
        <InsightBox
          title="Concerns Detected"
          text={data?.frenliness?.manipulativePatterns?.[0] ?? 'No manipulative patterns detected.'}
          icon={data?.frenliness?.manipulativePatterns?.[0] ? TriangleAlertIcon : CircleAlertIcon}
          tone="rose"
        />
        <div className="sm:col-span-2">
          <EngineNote engine={engine} />
        </div>
      </CardContent>
    </Card>
  );
}
