// The taxonomy of Mathur et al., "Dark Patterns at Scale" (CSCW 2019): seven categories and the
// pattern types a page's text or DOM can show. Severity is what one occurrence costs the honesty
// score (0..1); docs/analysis-scoring.md lists every type.

export const MATHUR_CATEGORIES = [
  'sneaking',
  'urgency',
  'misdirection',
  'social-proof',
  'scarcity',
  'obstruction',
  'forced-action',
] as const;
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
  countdown: {
    id: 'countdown-timer',
    category: 'urgency',
    name: 'Countdown timer',
    severity: 0.25,
  },
  limitedTime: {
    id: 'limited-time-message',
    category: 'urgency',
    name: 'Limited-time message',
    severity: 0.15,
  },
  lowStock: {
    id: 'low-stock-message',
    category: 'scarcity',
    name: 'Low-stock message',
    severity: 0.2,
  },
  highDemand: {
    id: 'high-demand-message',
    category: 'scarcity',
    name: 'High-demand message',
    severity: 0.15,
  },
  activity: {
    id: 'activity-notification',
    category: 'social-proof',
    name: 'Activity notification',
    severity: 0.2,
  },
  testimonial: {
    id: 'testimonial-of-uncertain-origin',
    category: 'social-proof',
    name: 'Testimonial of uncertain origin',
    severity: 0.1,
  },
  confirmshaming: {
    id: 'confirmshaming',
    category: 'misdirection',
    name: 'Confirmshaming',
    severity: 0.3,
  },
  trickQuestion: {
    id: 'trick-question',
    category: 'misdirection',
    name: 'Trick question',
    severity: 0.3,
  },
  visualInterference: {
    id: 'visual-interference',
    category: 'misdirection',
    name: 'Visual interference (terms in tiny print)',
    severity: 0.15,
  },
  pressuredSelling: {
    id: 'pressured-selling',
    category: 'misdirection',
    name: 'Pressured selling',
    severity: 0.2,
  },
  preChecked: {
    id: 'pre-checked-opt-in',
    category: 'sneaking',
    name: 'Pre-checked opt-in',
    severity: 0.25,
  },
  sneakIntoBasket: {
    id: 'sneak-into-basket',
    category: 'sneaking',
    name: 'Sneak into basket',
    severity: 0.35,
  },
  hiddenCosts: { id: 'hidden-costs', category: 'sneaking', name: 'Hidden costs', severity: 0.3 },
  hiddenSubscription: {
    id: 'hidden-subscription',
    category: 'sneaking',
    name: 'Hidden subscription',
    severity: 0.35,
  },
  hardToCancel: {
    id: 'hard-to-cancel',
    category: 'obstruction',
    name: 'Hard to cancel',
    severity: 0.3,
  },
  forcedEnrollment: {
    id: 'forced-enrollment',
    category: 'forced-action',
    name: 'Forced enrollment',
    severity: 0.3,
  },
} as const satisfies Record<string, PatternType>;
