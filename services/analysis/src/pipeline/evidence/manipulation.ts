// Manipulative ("dark") design patterns in the taxonomy of Mathur et al., "Dark Patterns at
// Scale" (CSCW 2019): sneaking, urgency, misdirection, social proof, scarcity, obstruction and
// forced action. Detection favours precision over recall: every rule needs wording (or a DOM
// state) that ordinary pages do not use, and every finding quotes its evidence. Ordinary shop
// text ("Add to cart", "Free returns", "Only $19", "In stock", "No thanks") matches nothing.
import type { PageFacts, TextSegment } from '../scan/page-facts.js';
import { clip, snippetAround } from '../text/snippet.js';

export const MATHUR_CATEGORIES = ['sneaking', 'urgency', 'misdirection', 'social-proof', 'scarcity', 'obstruction', 'forced-action'] as const;
export type MathurCategory = (typeof MATHUR_CATEGORIES)[number];

export interface PatternType {
  readonly id: string;
  readonly category: MathurCategory;
  /** Mathur et al.'s name for the pattern. */
  readonly name: string;
  /** How much one occurrence costs the honesty score (0..1). */
  readonly severity: number;
}

export const PATTERN_TYPES = {
  countdown: { id: 'countdown-timer', category: 'urgency', name: 'Countdown timer', severity: 0.25 },
  limitedTime: { id: 'limited-time-message', category: 'urgency', name: 'Limited-time message', severity: 0.15 },
  lowStock: { id: 'low-stock-message', category: 'scarcity', name: 'Low-stock message', severity: 0.2 },
  highDemand: { id: 'high-demand-message', category: 'scarcity', name: 'High-demand message', severity: 0.15 },
  activity: { id: 'activity-notification', category: 'social-proof', name: 'Activity notification', severity: 0.2 },
  confirmshaming: { id: 'confirmshaming', category: 'misdirection', name: 'Confirmshaming', severity: 0.3 },
  trickQuestion: { id: 'trick-question', category: 'misdirection', name: 'Trick question', severity: 0.3 },
  visualInterference: { id: 'visual-interference', category: 'misdirection', name: 'Visual interference (terms in tiny print)', severity: 0.15 },
  preChecked: { id: 'pre-checked-opt-in', category: 'sneaking', name: 'Pre-checked opt-in', severity: 0.25 },
  sneakIntoBasket: { id: 'sneak-into-basket', category: 'sneaking', name: 'Sneak into basket', severity: 0.35 },
  hiddenCosts: { id: 'hidden-costs', category: 'sneaking', name: 'Hidden costs', severity: 0.3 },
  hardToCancel: { id: 'hard-to-cancel', category: 'obstruction', name: 'Hard to cancel', severity: 0.3 },
  forcedEnrollment: { id: 'forced-enrollment', category: 'forced-action', name: 'Forced enrollment', severity: 0.3 },
} as const satisfies Record<string, PatternType>;

export interface ManipulationFinding {
  readonly pattern: string;
  readonly category: MathurCategory;
  readonly name: string;
  readonly severity: number;
  /** The quote from the page that shows it. */
  readonly evidence: string;
  /** Where it was seen: page text, a button or link, a checkbox, a countdown element. */
  readonly source: 'text' | 'button' | 'checkbox' | 'countdown' | 'dialog';
}

interface TextRule {
  readonly type: PatternType;
  readonly pattern: RegExp;
}

const NUMBER_WORD = '(?:\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a few)';
const TIME_LEFT = '(?:\\d{1,2}\\s*:\\s*\\d{2}(?:\\s*:\\s*\\d{2})?|\\d+\\s*(?:d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)\\b)';

const TEXT_RULES: readonly TextRule[] = [
  // Urgency
  { type: PATTERN_TYPES.countdown, pattern: new RegExp(`\\b(?:offer|deal|sale|discount|price|promotion|promo|ends?|expires?|closes?|ending)\\s+(?:ends?\\s+|expires?\\s+)?in\\s*:?\\s*${TIME_LEFT}`, 'i') },
  {
    type: PATTERN_TYPES.limitedTime,
    pattern:
      /\b(?:limited[- ]time (?:offer|only|deal|sale|price)|today only|only today|for today only|ends (?:today|tonight|at midnight|soon)|last chance to (?:buy|get|save|order|grab)|(?:offer|deal|sale|price|discount) (?:ends|expires) (?:today|tonight|soon|at midnight)|act now|(?<!(?:no need to|don'?t|do not|never|no|not) )hurry(?: up)?\s*[!,:]|before it'?s too late)(?=\W|$)/i,
  },
  // Scarcity
  {
    type: PATTERN_TYPES.lowStock,
    pattern: new RegExp(
      `\\b(?:only\\s+${NUMBER_WORD}\\s+(?:items?\\s+|units?\\s+|pieces?\\s+|seats?\\s+|rooms?\\s+|tickets?\\s+|spots?\\s+|left\\s+)?(?:left|remaining)\\b|\\d{1,3}\\s+(?:items?\\s+|units?\\s+)?(?:left|remaining)\\s+in\\s+stock\\b|(?:almost|nearly)\\s+(?:gone|sold out)\\b|(?:hurry,?\\s+)?stock is (?:running|very) low\\b)`,
      'i',
    ),
  },
  {
    type: PATTERN_TYPES.highDemand,
    pattern:
      /\b(?:(?:is|are|items? in|in) (?:very )?high demand|selling fast|selling out fast|\d{1,5}\s+(?:other\s+)?(?:people|persons|shoppers|customers|users|visitors|others)\s+(?:are\s+)?(?:viewing|looking at|watching)\s+(?:this|it|right now)|\d{1,5}\s+(?:people|others|shoppers)\s+(?:have|has)\s+(?:this|it)\s+in\s+(?:their|the)\s+(?:carts?|baskets?)|booked\s+\d{1,5}\s+times\s+(?:today|in the (?:last|past)))/i,
  },
  // Social proof
  {
    type: PATTERN_TYPES.activity,
    pattern:
      /(?:\b[A-Z][a-z]{1,15}\s+(?:[A-Z]\.\s+)?(?:from|in)\s+[A-Z][A-Za-z.'-]{1,20}(?:[ ,]+[A-Z][A-Za-z.'-]{1,20}){0,2}\s+(?:just\s+|recently\s+)?(?:bought|purchased|ordered|booked|signed up|subscribed)\b|\bsomeone (?:in|from) [A-Z][\w.'-]{1,20}(?: [A-Z][\w.'-]{1,20}){0,2}\s+(?:just\s+)?(?:bought|purchased|ordered|booked)\b|\b\d{1,6}\s+(?:people|customers|shoppers|users|others)\s+(?:have\s+)?(?:bought|purchased|ordered|booked)\s+(?:this\s+|it\s+)?(?:in the (?:last|past) \d{1,3} (?:minutes?|hours?|days?)|today|this (?:hour|morning)))/,
  },
  // Sneaking
  {
    type: PATTERN_TYPES.hiddenCosts,
    pattern:
      /\b(?:(?:service|processing|handling|booking|convenience|administration|admin|resort|cleaning|platform) fees?\b[^.]{0,40}?\b(?:added|applied|charged|calculated|shown|payable)\s+(?:at|during|on)\s+(?:checkout|check-out|the (?:final|last|payment) (?:step|page))|(?:additional|extra) (?:fees|charges|costs) (?:may )?(?:apply|will be added)[^.]{0,30}?\b(?:at|during) checkout)\b/i,
  },
  // Misdirection
  {
    type: PATTERN_TYPES.trickQuestion,
    pattern: /\b(?:un(?:check|tick)|(?:do not|don'?t) (?:check|tick)|(?:check|tick)) (?:this|the) box if you (?:do not|don'?t|would not|wouldn'?t|prefer not to)\b/i,
  },
  // Obstruction
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern:
      /\b(?:to cancel(?: your)?(?: subscription| membership| account| plan| contract)?,?\s+(?:you must |please |you need to |you'?ll need to |simply )?(?:call|phone|telephone|ring|mail us|post|write to|send (?:us )?a (?:letter|fax)|visit (?:a|one of our|our) (?:store|branch|office|club))|cancell?ations?(?: requests?)?\s+(?:are |is )?(?:only )?(?:possible |accepted )?(?:by|via|through) (?:phone|telephone|mail|post|letter|fax|registered mail)(?: only)?)\b/i,
  },
  // Forced action
  {
    type: PATTERN_TYPES.forcedEnrollment,
    pattern:
      /\b(?:you must |you need to |you have to |please |required to )?(?:create an account|sign up|register|log ?in|sign in|subscribe)\s+(?:to|in order to)\s+(?:continue reading|keep reading|read (?:this|the|more|full)\b|view (?:this|the) (?:article|content|page|price|deal|offer)|see (?:the )?(?:price|prices|full (?:article|content))|access (?:this|the) (?:content|article|page)|(?:proceed to )?check ?out\b|download\b|continue to (?:the )?(?:site|content|article))/i,
  },
];

const CONFIRMSHAMING = [
  /^no,?\s*(?:thanks|thank you)?[,.!]?\s*i\s*(?:don'?t|do not|'m not|am not|prefer|'d rather|would rather|hate|like|enjoy)\b/i,
  /\bi (?:don'?t|do not) (?:want|like|need|care about) (?:to )?(?:save|saving|savings|discounts?|deals?|free\b|money|offers?|rewards?|better|exclusive|to be (?:happy|healthy|smart|informed))/i,
  /\bi(?:'?d| would)? (?:rather|prefer to) (?:pay|paying) (?:full|more|the full)\b/i,
  /\bi (?:prefer|like) (?:paying|to pay) (?:full|more)\b/i,
  /\bno,? i(?:'m| am) (?:not interested in|fine with(?:out)?) (?:saving|savings|discounts|deals|free|being|missing)/i,
  /\bi(?:'?ll| will) (?:pass on|stay|remain) (?:uninformed|ignorant|behind|(?:the )?savings|(?:the )?discount)/i,
  /\b(?:i hate|i'?m not a fan of) (?:saving|money|deals|discounts|fun|free)/i,
  /\bno,? i (?:don'?t|do not) (?:want|like) (?:to )?(?:be )?(?:better|smarter|healthier|happier|special)\b/i,
];

const MARKETING_OPT_IN = /\b(?:newsletters?|marketing|promotion(?:al)?s?|special offers?|offers? (?:and|&) (?:news|updates)|deals|partners?|third[- ]part(?:y|ies)|share my|sms|text messages|subscribe|mailing list|email me|send me|keep me (?:informed|updated|posted)|news and updates)\b/i;
const NOT_MARKETING = /\b(?:remember me|keep me (?:signed|logged) in|stay (?:signed|logged) in|same as|terms|agree to the)\b/i;
const PAID_ADD_ON = /\b(?:insurance|protection(?: plan)?|warranty|donat(?:e|ion)|gift[- ]wrap(?:ping)?|priority (?:processing|handling|shipping|boarding)|express (?:shipping|delivery)|add[- ]on|carbon offset|tip\b|extended support)\b/i;
const PRICE = /[$€£¥]\s?\d|\d(?:[.,]\d{2})?\s?(?:usd|eur|gbp|€|\$|£)/i;
const TINY_PRINT_TERMS = /\b(?:auto(?:matically)?[- ]?renew\w*|renews? automatically|recurring (?:charge|payment|billing|fee)|will be (?:charged|billed)|non-?refundable|cancellation fee|cancel anytime\*?)\b/i;
const COUNTDOWN_TIME = /\d{1,2}\s*:\s*\d{2}|\b\d+\s*(?:d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)\b/i;
const SALE_CONTEXT = /\b(?:ends?|expir\w*|left|remaining|hurry|offer|sale|deal|discount|price|promo\w*|save|off)\b/i;
const GUEST_CHECKOUT = /\b(?:guest checkout|check ?out as (?:a )?guest|continue as (?:a )?guest)\b/i;

/** Findings beyond this many per pattern add no new information. */
const MAX_PER_PATTERN = 3;

export function findManipulativePatterns(facts: PageFacts): ManipulationFinding[] {
  const findings: ManipulationFinding[] = [];
  const perPattern = new Map<string, number>();
  const add = (type: PatternType, evidence: string, source: ManipulationFinding['source']): void => {
    const count = perPattern.get(type.id) ?? 0;
    if (count >= MAX_PER_PATTERN) return;
    // One quote per occurrence: a countdown seen both as text and as a timer element counts once.
    const norm = evidence.replace(/[…“”"]/g, '').toLowerCase();
    const overlaps = (other: string) => {
      const o = other.replace(/[…“”"]/g, '').toLowerCase();
      return o.includes(norm) || norm.includes(o);
    };
    if (findings.some((finding) => finding.pattern === type.id && overlaps(finding.evidence))) return;
    perPattern.set(type.id, count + 1);
    findings.push({ pattern: type.id, category: type.category, name: type.name, severity: type.severity, evidence, source });
  };

  const pageOffersGuestCheckout = facts.segments.some((segment) => GUEST_CHECKOUT.test(segment.text)) || facts.buttons.some((button) => GUEST_CHECKOUT.test(button.name));

  for (const segment of facts.segments) scanSegment(segment, add, pageOffersGuestCheckout);

  // Countdown elements: a timer-like class or id, time digits, and sale wording nearby.
  for (const text of facts.countdownTexts) {
    if (COUNTDOWN_TIME.test(text) && (SALE_CONTEXT.test(text) || facts.segments.some((segment) => segment.hints.includes('countdown') && SALE_CONTEXT.test(segment.text)))) {
      add(PATTERN_TYPES.countdown, clip(text, 140), 'countdown');
    }
  }

  // Confirmshaming lives in the opt-out choice: buttons and links, including those of dialogs
  // that script shows later.
  const choices = [...facts.buttons.map((button) => button.name), ...facts.links.map((link) => link.name)];
  for (const dialog of facts.dialogs) choices.push(...dialog.buttons);
  for (const choice of choices) {
    if (choice.length === 0 || choice.length > 120) continue;
    if (CONFIRMSHAMING.some((rule) => rule.test(choice))) add(PATTERN_TYPES.confirmshaming, clip(choice, 140), 'button');
  }

  for (const box of facts.checkboxes) {
    if (!box.checked || box.hidden || box.label === '') continue;
    if (PAID_ADD_ON.test(box.label) && (PRICE.test(box.label) || /\badd\b/i.test(box.label))) {
      add(PATTERN_TYPES.sneakIntoBasket, `☑ ${clip(box.label, 130)}`, 'checkbox');
    } else if (MARKETING_OPT_IN.test(box.label) && !NOT_MARKETING.test(box.label)) {
      add(PATTERN_TYPES.preChecked, `☑ ${clip(box.label, 130)}`, 'checkbox');
    }
  }

  // A sign-up wall shown at load is forced enrollment whatever its wording.
  for (const dialog of facts.dialogs) {
    if (!dialog.visibleAtLoad || !dialog.hints.includes('paywall')) continue;
    if (/\b(?:sign up|register|create an account|subscribe|log ?in|sign in)\b/i.test(dialog.text)) add(PATTERN_TYPES.forcedEnrollment, clip(dialog.text, 140), 'dialog');
  }

  return findings.sort((a, b) => b.severity - a.severity || a.pattern.localeCompare(b.pattern));
}

function scanSegment(
  segment: TextSegment,
  add: (type: PatternType, evidence: string, source: ManipulationFinding['source']) => void,
  guestCheckout: boolean,
): void {
  const text = segment.text;
  if (text.length < 6) return;
  for (const rule of TEXT_RULES) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    if (rule.type === PATTERN_TYPES.forcedEnrollment && guestCheckout && /check ?out/i.test(match[0])) continue;
    add(rule.type, snippetAround(text, match.index, match[0].length), 'text');
  }
  if (segment.tiny && TINY_PRINT_TERMS.test(text)) {
    const match = TINY_PRINT_TERMS.exec(text);
    add(PATTERN_TYPES.visualInterference, snippetAround(text, match?.index ?? 0, match?.[0].length ?? 0), 'text');
  }
}

/** "Scarcity — Low-stock message: “Only 2 left in stock”" */
export function describeFinding(finding: ManipulationFinding): string {
  const category = finding.category.replace('-', ' ');
  return `${category[0]?.toUpperCase()}${category.slice(1)} — ${finding.name}: “${finding.evidence}”`;
}
