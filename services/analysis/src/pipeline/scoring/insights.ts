// Reasoning, strengths and improvements written from the evidence, deterministically.
import { categoryName, type PrivacyEvidence } from '../evidence/privacy.js';
import type { ManipulationFinding } from '../evidence/manipulation.js';
import type { SecurityEvidence } from '../evidence/security.js';
import type { DimensionScores, ScoredCheck } from '../report.js';
import { FRENLINESS_WEIGHTS, type Dimension } from './weights.js';

const DIMENSION_LABELS: Record<Dimension, string> = {
  accessibility: 'accessibility',
  clarity: 'clarity',
  lowFriction: 'low friction',
  joyFactor: 'joy factor',
  privacy: 'privacy',
  security: 'security',
  honesty: 'honest design',
};

export const MAX_STRENGTHS = 6;
export const MAX_IMPROVEMENTS = 8;

export function bandOf(score: number): string {
  if (score >= 80) return 'a friendly site';
  if (score >= 60) return 'mostly friendly, with room to improve';
  if (score >= 40) return 'a mixed experience';
  return 'a site to approach with care';
}

/** Passed checks that say something good, most important first. */
export function strengthsOf(
  checks: readonly ScoredCheck[],
  manipulation: readonly ManipulationFinding[],
): string[] {
  const strengths = checks
    .filter((check) => check.score !== null && check.score >= 0.99 && check.strength)
    .sort((a, b) => impact(b) - impact(a) || a.id.localeCompare(b.id))
    .map((check) => check.strength as string);
  if (manipulation.length === 0)
    strengths.splice(Math.min(2, strengths.length), 0, 'No manipulative design patterns detected');
  return strengths.slice(0, MAX_STRENGTHS);
}

/** Failed or partial checks, by how many Frenliness points they cost. */
export function improvementsOf(checks: readonly ScoredCheck[]): string[] {
  return checks
    .filter((check) => check.score !== null && check.score < 0.99 && check.fix)
    .map((check) => ({ check, lost: impact(check) * (1 - (check.score ?? 1)) }))
    .filter(({ lost }) => lost > 0)
    .sort((a, b) => b.lost - a.lost || a.check.id.localeCompare(b.check.id))
    .slice(0, MAX_IMPROVEMENTS)
    .map(({ check }) => check.fix as string);
}

function impact(check: ScoredCheck): number {
  return check.weight * FRENLINESS_WEIGHTS[check.dimension];
}

export interface ReasoningInput {
  readonly domain: string;
  readonly frenlinessScore: number;
  readonly dimensions: DimensionScores;
  readonly capsApplied: readonly string[];
  readonly privacy: PrivacyEvidence;
  readonly security: SecurityEvidence;
  readonly manipulation: readonly ManipulationFinding[];
  readonly improvements: readonly string[];
  /** 'browser' once the browser tier's findings are merged in (pipeline/enrich): the words say so. */
  readonly tier?: 'html' | 'browser';
}

export function reasoningOf(input: ReasoningInput): string {
  const sentences: string[] = [];
  sentences.push(
    `${input.domain} scores ${input.frenlinessScore}/100 for Frenliness: ${bandOf(input.frenlinessScore)}.`,
  );

  const ranked = (Object.keys(input.dimensions) as Dimension[])
    .map((dimension) => ({ dimension, score: input.dimensions[dimension] }))
    .sort((a, b) => b.score - a.score || a.dimension.localeCompare(b.dimension));
  const best = ranked
    .slice(0, 2)
    .map((entry) => `${DIMENSION_LABELS[entry.dimension]} (${entry.score})`);
  const worst = ranked[ranked.length - 1];
  sentences.push(
    `Strongest: ${best.join(' and ')}; weakest: ${worst ? `${DIMENSION_LABELS[worst.dimension]} (${worst.score})` : 'none'}.`,
  );

  const trackers = input.privacy.trackers;
  if (trackers.length === 0) {
    sentences.push(
      input.tier === 'browser'
        ? 'No third-party tracker was contacted when the site ran in a real browser.'
        : "No third-party trackers were found in the page's HTML.",
    );
  } else {
    const named = trackers
      .slice(0, 4)
      .map((tracker) => `${tracker.organization} (${categoryName(tracker.category)})`);
    const seen = [...new Set(trackers.flatMap((tracker) => tracker.seen))].sort().join(' and ');
    sentences.push(
      `It shares visits with ${trackers.length === 1 ? 'one tracking organisation' : `${trackers.length} tracking organisations`} (seen ${seen}): ${named.join(', ')}${trackers.length > 4 ? ', and more' : ''}.`,
    );
  }

  if (input.manipulation.length === 0) {
    sentences.push('No manipulative design patterns were detected.');
  } else {
    const kinds = [...new Set(input.manipulation.map((finding) => finding.name.toLowerCase()))];
    const first = input.manipulation[0];
    sentences.push(
      `Manipulative design found in the page's text: ${kinds.join(', ')}${first ? ` (for example “${first.evidence}”)` : ''}.`,
    );
  }

  const security = input.security;
  sentences.push(
    security.certificateValid
      ? `The connection is encrypted with a valid certificate${security.hstsMaxAge !== null ? ' and HSTS' : ''}${security.csp ? ', and a Content-Security-Policy is set' : ''}.`
      : 'The page is not served over valid HTTPS.',
  );
  // How all of this was seen: the HTML tier reads the page's HTML and response headers and runs none of its scripts.
  sentences.push(
    input.tier === 'browser'
      ? "The site was visited in a real browser: trackers, cookies, scripts and accessibility are what that browser saw; the rest was read from the page's HTML and response headers."
      : "All of this was seen in the page's HTML and response headers, without running its scripts.",
  );
  if (input.capsApplied.length > 0)
    sentences.push(`The score is capped because ${input.capsApplied.join(' and ')}.`);
  const next = input.improvements[0];
  if (next)
    sentences.push(`First thing to improve: ${next.charAt(0).toLowerCase()}${next.slice(1)}`);
  return sentences.join(' ');
}
