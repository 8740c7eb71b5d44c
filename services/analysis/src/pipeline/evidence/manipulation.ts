// Manipulative ("dark") design patterns in the taxonomy of Mathur et al., "Dark Patterns at
// Scale" (CSCW 2019): sneaking, urgency, misdirection, social proof, scarcity, obstruction and
// forced action. Wording is found by the text detector in ../dark-patterns (rules over
// normalised text, measured on a labelled set); this module adds what only the DOM shows
// (countdown elements, pre-checked boxes, terms in tiny print, a sign-up wall) and quotes the
// evidence of every finding. Precision first: ordinary shop text ("Add to cart", "Free returns",
// "Only $19", "In stock", "No thanks") matches nothing.
import {
  detectManipulativeTextInEach,
  detectManipulativeTextInNormalised,
  type TextFinding,
} from '../dark-patterns/detect-manipulative-text.js';
import { normaliseText } from '../dark-patterns/normalise-text.js';
import {
  PATTERN_TYPES,
  type MathurCategory,
  type PatternType,
} from '../dark-patterns/pattern-types.js';
import type { PageFacts } from '../scan/page-facts.js';
import { clip, snippetAround } from '../text/snippet.js';

export {
  MATHUR_CATEGORIES,
  PATTERN_TYPES,
  type MathurCategory,
  type PatternType,
} from '../dark-patterns/pattern-types.js';

export interface ManipulationFinding {
  readonly pattern: string;
  readonly category: MathurCategory;
  /** The pattern's category first, then those of other patterns in the same message ("Hurry! Only 2 left": scarcity and urgency). */
  readonly categories: readonly MathurCategory[];
  readonly name: string;
  readonly severity: number;
  /** The quote from the page that shows it. */
  readonly evidence: string;
  /** Where it was seen: page text, a button or link, a checkbox, a countdown element. */
  readonly source: 'text' | 'button' | 'checkbox' | 'countdown' | 'dialog';
}

const MARKETING_OPT_IN =
  /\b(?:newsletters?|marketing|promotion(?:al)?s?|special offers?|offers? (?:and|&) (?:news|updates)|deals|partners?|third[- ]part(?:y|ies)|share my|sms|text messages|subscribe|mailing list|email me|send me|keep me (?:informed|updated|posted)|news and updates)\b/i;
const NOT_MARKETING =
  /\b(?:remember me|keep me (?:signed|logged) in|stay (?:signed|logged) in|same as|terms|agree to the)\b/i;
const PAID_ADD_ON =
  /\b(?:insurance|protection(?: plan)?|warranty|donat(?:e|ion)|gift[- ]wrap(?:ping)?|priority (?:processing|handling|shipping|boarding)|express (?:shipping|delivery)|add[- ]on|carbon offset|tip\b|extended support)\b/i;
const PRICE = /[$€£¥]\s?\d|\d(?:[.,]\d{2})?\s?(?:usd|eur|gbp|€|\$|£)/i;
const TINY_PRINT_TERMS =
  /\b(?:auto(?:matically)?[- ]?renew\w*|renews? automatically|recurring (?:charge|payment|billing|fee)|will be (?:charged|billed)|non-?refundable|cancellation fee|cancel anytime\*?)\b/i;
const COUNTDOWN_TIME =
  /\d{1,2}\s*:\s*\d{2}|\b\d+\s*(?:d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)\b/i;
const SALE_CONTEXT =
  /\b(?:ends?|expir\w*|left|remaining|hurry|offer|sale|deal|discount|price|promo\w*|save|off)\b/i;
const GUEST_CHECKOUT =
  /\b(?:guest checkout(?! is (?:not|un))|check ?out as (?:a )?guest|continue as (?:a )?guest)\b/i;

/** Findings beyond this many per pattern add no new information. */
const MAX_PER_PATTERN = 3;

export function findManipulativePatterns(facts: PageFacts): ManipulationFinding[] {
  const findings: ManipulationFinding[] = [];
  const perPattern = new Map<string, number>();
  const add = (
    type: PatternType,
    evidence: string,
    source: ManipulationFinding['source'],
    categories: readonly MathurCategory[] = [type.category],
  ): void => {
    const count = perPattern.get(type.id) ?? 0;
    if (count >= MAX_PER_PATTERN) return;
    // One quote per occurrence: a countdown seen both as text and as a timer element counts once.
    const norm = normaliseText(evidence).replace(/[…"]/g, '').toLowerCase();
    const overlaps = (other: string) => {
      const o = normaliseText(other).replace(/[…"]/g, '').toLowerCase();
      return o.includes(norm) || norm.includes(o);
    };
    if (findings.some((finding) => finding.pattern === type.id && overlaps(finding.evidence)))
      return;
    perPattern.set(type.id, count + 1);
    findings.push({
      pattern: type.id,
      category: type.category,
      categories,
      name: type.name,
      severity: type.severity,
      evidence,
      source,
    });
  };

  // Normalised once: the detector, the guest-checkout test and the tiny-print test all read them.
  const segmentTexts = facts.segments.map((segment) => normaliseText(segment.text));
  const pageOffersGuestCheckout =
    segmentTexts.some((text) => GUEST_CHECKOUT.test(text)) ||
    facts.buttons.some((button) => GUEST_CHECKOUT.test(normaliseText(button.name)));
  // "Sign in to check out" is no forced enrollment where the page also offers guest checkout.
  const addTextFindings = (
    textFindings: readonly TextFinding[],
    source: ManipulationFinding['source'],
  ): void => {
    for (const finding of textFindings) {
      if (
        finding.type === PATTERN_TYPES.forcedEnrollment &&
        pageOffersGuestCheckout &&
        /check ?out/i.test(finding.evidence)
      )
        continue;
      add(finding.type, finding.evidence, source, finding.categories);
    }
  };

  addTextFindings(detectManipulativeTextInNormalised(segmentTexts), 'text');

  // Opt-out choices (confirmshaming lives there), including those of dialogs that script shows
  // later. Each is read on its own: two buttons side by side are not one message.
  const choices = [
    ...facts.buttons.map((button) => button.name),
    ...facts.links.map((link) => link.name),
  ];
  for (const dialog of facts.dialogs) choices.push(...dialog.buttons);
  const readableChoices = [...new Set(choices)].filter(
    (choice) => choice.length > 0 && choice.length <= 120,
  );
  for (const findingsOfChoice of detectManipulativeTextInEach(readableChoices))
    addTextFindings(findingsOfChoice, 'button');

  for (const [index, segment] of facts.segments.entries()) {
    if (!segment.tiny) continue;
    const text = segmentTexts[index] ?? '';
    const match = TINY_PRINT_TERMS.exec(text);
    if (match)
      add(
        PATTERN_TYPES.visualInterference,
        snippetAround(text, match.index, match[0].length),
        'text',
      );
  }

  // Countdown elements: a timer-like class or id, time digits, and sale wording nearby.
  for (const text of facts.countdownTexts) {
    if (
      COUNTDOWN_TIME.test(text) &&
      (SALE_CONTEXT.test(text) ||
        facts.segments.some(
          (segment) => segment.hints.includes('countdown') && SALE_CONTEXT.test(segment.text),
        ))
    ) {
      add(PATTERN_TYPES.countdown, clip(normaliseText(text), 140), 'countdown');
    }
  }

  for (const box of facts.checkboxes) {
    if (!box.checked || box.hidden || box.label === '') continue;
    const label = normaliseText(box.label);
    if (PAID_ADD_ON.test(label) && (PRICE.test(label) || /\badd\b/i.test(label))) {
      add(PATTERN_TYPES.sneakIntoBasket, `☑ ${clip(label, 130)}`, 'checkbox');
    } else if (MARKETING_OPT_IN.test(label) && !NOT_MARKETING.test(label)) {
      add(PATTERN_TYPES.preChecked, `☑ ${clip(label, 130)}`, 'checkbox');
    }
  }

  // A sign-up wall shown at load is forced enrollment whatever its wording.
  for (const dialog of facts.dialogs) {
    if (!dialog.visibleAtLoad || !dialog.hints.includes('paywall')) continue;
    if (/\b(?:sign up|register|create an account|subscribe|log ?in|sign in)\b/i.test(dialog.text))
      add(PATTERN_TYPES.forcedEnrollment, clip(normaliseText(dialog.text), 140), 'dialog');
  }

  return findings.sort((a, b) => b.severity - a.severity || a.pattern.localeCompare(b.pattern));
}

/** "Scarcity and urgency — Low-stock message: “Hurry! Only 2 left”" */
export function describeFinding(finding: ManipulationFinding): string {
  const names = (finding.categories.length > 0 ? finding.categories : [finding.category]).map(
    (category) => category.replace('-', ' '),
  );
  const list =
    names.length === 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
  return `${list[0]?.toUpperCase() ?? ''}${list.slice(1)} — ${finding.name}: “${finding.evidence}”`;
}
