// The reframer used without an LLM: it rewrites the given content through one lens, using the
// site's evidence (scores, trackers, patterns, fixes). Deterministic word-level rewriting and
// composition, not a canned sentence: different content gives different text.
import type { LensType, ReframeResponse } from '@frenly/contracts';
import type { AnalysisReport, ScoredCheck } from '../pipeline/report.js';
import { categoryName } from '../pipeline/evidence/privacy.js';
import type { CheckDimension } from '../pipeline/scoring/weights.js';
import { FRENLINESS_WEIGHTS } from '../pipeline/scoring/weights.js';
import { clip } from '../pipeline/text/snippet.js';

// Intensifiers and marketing adjectives dropped by the clarity lens. Only words whose removal
// keeps the sentence true and grammatical ("leading to" or "just 5 minutes" are left alone).
const HYPE =
  /\b(?:amazing|incredible|revolutionary|best-in-class|world-class|cutting-edge|innovative|seamless(?:ly)?|industry-leading|ultimate|unparalleled|state-of-the-art|next-generation|game-changing|unbeatable|very|really|truly|basically|literally)\s+/gi;

/** A formal verb and its plain equivalent, in every form, so that the tense survives. */
function plainVerb(
  stem: string,
  plain: { base: string; s: string; ing: string; ed: string },
): Array<readonly [RegExp, string]> {
  return [
    [new RegExp(`\\b${stem}es\\b`, 'gi'), plain.s],
    [new RegExp(`\\b${stem}ing\\b`, 'gi'), plain.ing],
    [new RegExp(`\\b${stem}ed\\b`, 'gi'), plain.ed],
    [new RegExp(`\\b${stem}e\\b`, 'gi'), plain.base],
  ];
}
const USE = { base: 'use', s: 'uses', ing: 'using', ed: 'used' };
const HELP = { base: 'help', s: 'helps', ing: 'helping', ed: 'helped' };

// Each replacement keeps the meaning: jargon out, nothing the site did not say put in.
const PLAIN_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\butili[sz]ation\b/gi, 'use'],
  ...plainVerb('utili[sz]', USE),
  ...plainVerb('leverag', USE),
  [/\b(your|the|a|this|each) purchase\b/gi, '$1 order'],
  ...plainVerb('purchas', { base: 'buy', s: 'buys', ing: 'buying', ed: 'bought' }),
  ...plainVerb('commenc', { base: 'start', s: 'starts', ing: 'starting', ed: 'started' }),
  ...plainVerb('facilitat', HELP),
  ...plainVerb('demonstrat', { base: 'show', s: 'shows', ing: 'showing', ed: 'showed' }),
  ...plainVerb('terminat', { base: 'end', s: 'ends', ing: 'ending', ed: 'ended' }),
  ...plainVerb('requir', { base: 'need', s: 'needs', ing: 'needing', ed: 'needed' }),
  ...plainVerb('optimi[sz]', { base: 'improve', s: 'improves', ing: 'improving', ed: 'improved' }),
  [/\bempowers\b/gi, 'helps'],
  [/\bempowering\b/gi, 'helping'],
  [/\bempowered\b/gi, 'helped'],
  [/\bempower\b/gi, 'help'],
  [/\bobtains\b/gi, 'gets'],
  [/\bobtaining\b/gi, 'getting'],
  [/\bobtained\b/gi, 'got'],
  [/\bobtain\b/gi, 'get'],
  [/\bapproximately\b/gi, 'about'],
  [/\bin order to\b/gi, 'to'],
  [/\bsolutions\b/gi, 'tools'],
  [/\bassistance\b/gi, 'help'],
  [/\bnumerous\b/gi, 'many'],
  [/\bprior to\b/gi, 'before'],
  [/\bsubsequently\b/gi, 'later'],
  [/\badditional\b/gi, 'more'],
  [/\bsufficient\b/gi, 'enough'],
  [/\bregarding\b/gi, 'about'],
];
// The love lens speaks of people rather than market roles; it adds no praise of its own.
const WARM_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bcustomers\b/gi, 'the people it serves'],
  [/\busers\b/gi, 'people'],
  [/\bconsumers\b/gi, 'people'],
];
const BIG_CLAIM =
  /\b(?:best|#1|number one|guaranteed?|100%|never|always|free|unbeatable|perfect|leading|only)\b/i;

export interface ReframeInput {
  readonly lens: LensType;
  readonly content: string;
  /** The site's latest analysis; null when it has none yet. */
  readonly report: AnalysisReport | null;
  /** Shown name of the site when there is no report. */
  readonly domain: string;
}

const LENS_DIMENSIONS: Record<LensType, readonly CheckDimension[]> = {
  love: ['accessibility'],
  clarity: ['clarity'],
  growth: ['accessibility', 'clarity', 'lowFriction', 'joyFactor', 'privacy', 'security'],
  trust: ['security', 'privacy'],
  joy: ['joyFactor', 'lowFriction'],
};

export function reframeLocally(input: ReframeInput): ReframeResponse {
  const sentences = sentencesOf(input.content);
  const [head = input.domain, ...rest] = sentences;
  const title = stripEnd(head);
  switch (input.lens) {
    case 'love':
      return { reframedContent: love(title, rest, input), actionableAdvice: adviceFor(input) };
    case 'clarity':
      return { reframedContent: clarity(title, rest, input), actionableAdvice: adviceFor(input) };
    case 'growth':
      return { reframedContent: growth(title, rest, input), actionableAdvice: adviceFor(input) };
    case 'trust':
      return { reframedContent: trust(sentences, input), actionableAdvice: adviceFor(input) };
    case 'joy':
      return { reframedContent: joy(title, rest, input), actionableAdvice: adviceFor(input) };
  }
}

function love(title: string, rest: readonly string[], input: ReframeInput): string {
  const body = rest.map((sentence) => ensureEnd(rewrite(sentence, WARM_WORDS)));
  const parts = [`${title}, seen from the side of the people who visit it.`, ...body];
  if (!input.report) {
    parts.push(
      `Frenly has not analysed ${input.domain} yet, so it cannot say how the site treats them.`,
    );
    return parts.join(' ');
  }
  // Only strengths whose evidence was checked; where there are none, say so rather than flatter.
  const strengths = input.report.strengths
    .slice(0, 2)
    .map((strength) => lowerFirst(stripEnd(strength)));
  parts.push(
    strengths.length > 0
      ? `What Frenly found that treats visitors well: ${joinAnd(strengths)}.`
      : 'Frenly found nothing yet that it can single out as treating visitors well.',
  );
  return parts.join(' ');
}

function clarity(title: string, rest: readonly string[], input: ReframeInput): string {
  const plain = rest.flatMap((sentence) => splitLong(plainly(sentence))).map(ensureEnd);
  const readability = input.report?.evidence.checks.find(
    (check) => check.id === 'clarity.readability',
  );
  const parts = [`In plain words: ${stripEnd(plainly(title))}.`, ...plain];
  if (readability && readability.score !== null) parts.push(`(${readability.detail})`);
  return parts.join(' ');
}

// A superlative that carries the sentence ("at unbeatable prices") is kept as the site's own
// claim rather than dropped (which would leave "at prices") or softened into another claim.
const CLAIMED = /\b(unbeatable|incredible|amazing|unparalleled) (prices|deals|value|quality)\b/gi;

/** Hype dropped and jargon replaced; a sentence that began with a dropped word starts with a capital. */
function plainly(text: string): string {
  const claimed = text.replace(
    CLAIMED,
    (_match, adjective: string, noun: string) =>
      `${noun.toLowerCase()} it calls “${adjective.toLowerCase()}”`,
  );
  const dropped = claimed.replace(HYPE, '');
  const rewritten = rewrite(dropped, PLAIN_WORDS);
  return /^[A-Z]/.test(text) ? upperFirst(rewritten) : rewritten;
}

function growth(title: string, rest: readonly string[], input: ReframeInput): string {
  const today = rest[0] ? ` ${ensureEnd(rest[0])}` : '';
  const steps = topFixes(input, LENS_DIMENSIONS.growth, 2).map((fix) => lowerFirst(stripEnd(fix)));
  const claims = rest.filter((sentence) => BIG_CLAIM.test(sentence)).slice(0, 1);
  const parts = [`${title} today:${today}`];
  parts.push(
    steps.length > 0
      ? `To grow from here: ${steps.join('; then ')}.`
      : `To grow from here: say concretely what ${title} offers and who it helps.`,
  );
  if (claims[0]) parts.push(`Back up the claim “${clip(stripEnd(claims[0]), 80)}” with evidence.`);
  return parts.join(' ');
}

function trust(sentences: readonly string[], input: ReframeInput): string {
  const report = input.report;
  const said = `What ${report?.domain ?? input.domain} says: “${clip(sentences.join(' '), 220)}”`;
  if (!report) return `${said} Frenly has not analysed this site yet, so none of it is verified.`;
  const facts: string[] = [];
  facts.push(
    report.isVerified ? 'it is served over valid HTTPS' : 'it is not served over valid HTTPS',
  );
  const trackers = report.evidence.privacy.trackers;
  facts.push(
    trackers.length === 0
      ? 'no trackers were found'
      : `${trackers.length} tracking ${trackers.length === 1 ? 'organisation sees' : 'organisations see'} each visit (${trackers
          .slice(0, 3)
          .map((t) => `${t.organization}, ${categoryName(t.category)}`)
          .join('; ')})`,
  );
  const patterns = report.evidence.manipulation;
  facts.push(
    patterns.length === 0
      ? 'no manipulative design was detected'
      : `manipulative design was found (${patterns
          .slice(0, 2)
          .map((p) => `${p.name.toLowerCase()}: “${clip(p.evidence, 60)}”`)
          .join('; ')})`,
  );
  const claims = sentences
    .filter((sentence) => BIG_CLAIM.test(sentence))
    .slice(0, 2)
    .map((sentence) => `“${clip(stripEnd(sentence), 70)}”`);
  const parts = [
    said,
    `What Frenly checked: ${facts.join('; ')}. Frenliness ${report.frenlinessScore}/100.`,
  ];
  if (claims.length > 0) parts.push(`Claims to verify yourself: ${claims.join(', ')}.`);
  return parts.join(' ');
}

function joy(title: string, rest: readonly string[], input: ReframeInput): string {
  const lively = rest.map((sentence, index) =>
    index === 0 ? `${stripEnd(sentence)}!` : ensureEnd(sentence),
  );
  const joyful =
    input.report?.evidence.checks
      .filter(
        (check) =>
          (check.dimension === 'joyFactor' || check.dimension === 'lowFriction') &&
          check.strength &&
          check.score !== null &&
          check.score >= 0.99,
      )
      .map((check) => lowerFirst(check.strength as string))
      .slice(0, 2) ?? [];
  const parts = [`Meet ${title}!`, ...lively];
  if (joyful.length > 0) parts.push(`The bright side of a visit: ${joinAnd(joyful)}.`);
  else if (input.report)
    parts.push(
      `Joy factor ${input.report.uxScore.joyFactor}/100: there is room to make a visit lighter.`,
    );
  return parts.join(' ');
}

function adviceFor(input: ReframeInput): string {
  if (!input.report) return `Analyse ${input.domain} to get advice based on evidence.`;
  if (input.lens === 'trust' && input.report.evidence.manipulation[0]) {
    const finding = input.report.evidence.manipulation[0];
    return `Remove the ${finding.name.toLowerCase()} (“${clip(finding.evidence, 80)}”): it costs trust.`;
  }
  const [fix] = topFixes(input, LENS_DIMENSIONS[input.lens], 1);
  return (
    fix ??
    input.report.improvements[0] ??
    `Keep it up: ${input.report.domain} already does well on ${input.lens}.`
  );
}

function topFixes(
  input: ReframeInput,
  dimensions: readonly CheckDimension[],
  count: number,
): string[] {
  const checks = input.report?.evidence.checks ?? [];
  return checks
    .filter(
      (check): check is ScoredCheck & { fix: string; score: number } =>
        dimensions.includes(check.dimension) &&
        check.score !== null &&
        check.score < 0.99 &&
        Boolean(check.fix),
    )
    .map((check) => ({
      fix: check.fix,
      lost: check.weight * FRENLINESS_WEIGHTS[check.dimension] * (1 - check.score),
      id: check.id,
    }))
    .sort((a, b) => b.lost - a.lost || a.id.localeCompare(b.id))
    .slice(0, count)
    .map((entry) => entry.fix);
}

export function sentencesOf(content: string): string[] {
  return content
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function rewrite(text: string, table: ReadonlyArray<readonly [RegExp, string]>): string {
  let result = text;
  for (const [pattern, replacement] of table) {
    result = result.replace(pattern, (match: string, ...groups: unknown[]) => {
      const first = typeof groups[0] === 'string' ? groups[0] : '';
      const text = replacement.replace('$1', first);
      return match[0] === match[0]?.toUpperCase() ? upperFirst(text) : text;
    });
  }
  return result.replace(/\s{2,}/g, ' ').trim();
}

function splitLong(sentence: string): string[] {
  const words = sentence.split(' ');
  if (words.length <= 12) return [sentence];
  const parts = sentence.split(/,\s+and\s+|;\s+|,\s+which\s+|\s+-\s+/);
  return parts.length > 1 ? parts.map((part) => upperFirst(stripEnd(part.trim()))) : [sentence];
}

function stripEnd(text: string): string {
  return text.replace(/[\s.!?:;,]+$/, '');
}

function ensureEnd(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function lowerFirst(text: string): string {
  return text.length > 1 && text[1] !== text[1]?.toUpperCase()
    ? `${text[0]?.toLowerCase()}${text.slice(1)}`
    : text;
}

function upperFirst(text: string): string {
  return text.length === 0 ? text : `${text[0]?.toUpperCase()}${text.slice(1)}`;
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
