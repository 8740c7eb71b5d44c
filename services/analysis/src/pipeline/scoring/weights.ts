// Scoring weights, version 2. Documented in docs/analysis-scoring.md (a unit spec keeps the
// page and this table in step). Change a weight = bump SCORING_VERSION and the golden files.

// 2: surveillance and manipulation weigh as a visitor weighs them (advertising caps, a combined
//    cap, harder manipulation caps); only loaded resources are trackers; hidden dialogs never count.
// 3: the browser tier's checks (fingerprinting, key logging, session recording, axe-core on the
//    rendered page); they apply only to reports a real browser enriched, the HTML tier's are unchanged.
export const SCORING_VERSION = 3;

export type CheckDimension =
  'accessibility' | 'clarity' | 'lowFriction' | 'joyFactor' | 'privacy' | 'security';
export type Dimension = CheckDimension | 'honesty';

export interface CheckWeight {
  readonly dimension: CheckDimension;
  readonly weight: number;
}

/** Each dimension's score = 100 × Σ(weight × check score) / Σ(weight), over the checks that apply. */
export const CHECK_WEIGHTS: Readonly<Record<string, CheckWeight>> = {
  'a11y.html-has-lang': { dimension: 'accessibility', weight: 3 },
  'a11y.html-lang-valid': { dimension: 'accessibility', weight: 1 },
  'a11y.document-title': { dimension: 'accessibility', weight: 3 },
  'a11y.image-alt': { dimension: 'accessibility', weight: 10 },
  'a11y.label': { dimension: 'accessibility', weight: 10 },
  'a11y.link-name': { dimension: 'accessibility', weight: 7 },
  'a11y.link-text': { dimension: 'accessibility', weight: 2 },
  'a11y.button-name': { dimension: 'accessibility', weight: 7 },
  'a11y.heading-order': { dimension: 'accessibility', weight: 3 },
  'a11y.page-has-heading-one': { dimension: 'accessibility', weight: 2 },
  'a11y.empty-heading': { dimension: 'accessibility', weight: 1 },
  'a11y.landmark-one-main': { dimension: 'accessibility', weight: 3 },
  'a11y.bypass': { dimension: 'accessibility', weight: 2 },
  'a11y.meta-viewport': { dimension: 'accessibility', weight: 10 },
  'a11y.tabindex': { dimension: 'accessibility', weight: 3 },
  'a11y.duplicate-id': { dimension: 'accessibility', weight: 1 },
  'a11y.frame-title': { dimension: 'accessibility', weight: 3 },
  'a11y.video-caption': { dimension: 'accessibility', weight: 3 },
  'a11y.meta-refresh': { dimension: 'accessibility', weight: 3 },
  'a11y.marquee-blink': { dimension: 'accessibility', weight: 2 },
  'a11y.aria-hidden-body': { dimension: 'accessibility', weight: 2 },
  // axe-core on the rendered page, rules the HTML cannot check (pipeline/enrich; browser only).
  'a11y.rendered-audit': { dimension: 'accessibility', weight: 10 },

  'clarity.readability': { dimension: 'clarity', weight: 10 },
  'clarity.sentence-length': { dimension: 'clarity', weight: 4 },
  'clarity.title-and-description': { dimension: 'clarity', weight: 4 },
  'clarity.heading-structure': { dimension: 'clarity', weight: 6 },
  'clarity.text-to-markup': { dimension: 'clarity', weight: 3 },
  'clarity.wall-of-text': { dimension: 'clarity', weight: 5 },
  'clarity.content-present': { dimension: 'clarity', weight: 4 },

  'friction.interstitials': { dimension: 'lowFriction', weight: 10 },
  'friction.cookie-consent': { dimension: 'lowFriction', weight: 8 },
  'friction.forced-signup': { dimension: 'lowFriction', weight: 8 },
  'friction.form-length': { dimension: 'lowFriction', weight: 5 },
  'friction.autoplay': { dimension: 'lowFriction', weight: 6 },
  'friction.paste-blocking': { dimension: 'lowFriction', weight: 4 },
  'friction.notification-prompt': { dimension: 'lowFriction', weight: 3 },
  'friction.redirects': { dimension: 'lowFriction', weight: 2 },

  'joy.no-ads': { dimension: 'joyFactor', weight: 8 },
  'joy.no-autoplay': { dimension: 'joyFactor', weight: 5 },
  'joy.calm-layout': { dimension: 'joyFactor', weight: 6 },
  'joy.real-content': { dimension: 'joyFactor', weight: 8 },
  'joy.visual-content': { dimension: 'joyFactor', weight: 3 },
  'joy.respects-preferences': { dimension: 'joyFactor', weight: 3 },

  'privacy.advertising-trackers': { dimension: 'privacy', weight: 12 },
  'privacy.analytics-trackers': { dimension: 'privacy', weight: 8 },
  'privacy.social-trackers': { dimension: 'privacy', weight: 5 },
  'privacy.other-trackers': { dimension: 'privacy', weight: 3 },
  'privacy.tracker-count': { dimension: 'privacy', weight: 8 },
  'privacy.third-party-scripts': { dimension: 'privacy', weight: 4 },
  'privacy.third-party-requests': { dimension: 'privacy', weight: 2 },
  'privacy.cookies': { dimension: 'privacy', weight: 3 },
  // Seen only in a real browser (pipeline/enrich): absent from HTML-tier reports.
  'privacy.fingerprinting': { dimension: 'privacy', weight: 8 },
  'privacy.key-logging': { dimension: 'privacy', weight: 10 },
  'privacy.session-recording': { dimension: 'privacy', weight: 6 },

  'security.https': { dimension: 'security', weight: 25 },
  'security.https-redirect': { dimension: 'security', weight: 5 },
  'security.hsts': { dimension: 'security', weight: 10 },
  'security.csp': { dimension: 'security', weight: 10 },
  'security.x-content-type-options': { dimension: 'security', weight: 5 },
  'security.frame-protection': { dimension: 'security', weight: 5 },
  'security.referrer-policy': { dimension: 'security', weight: 3 },
  'security.cookie-flags': { dimension: 'security', weight: 5 },
  'security.subresource-integrity': { dimension: 'security', weight: 3 },
  'security.mixed-content': { dimension: 'security', weight: 5 },
};

/** Frenliness = Σ weight × dimension score (weights add up to 1), then the caps below. */
export const FRENLINESS_WEIGHTS: Readonly<Record<Dimension, number>> = {
  accessibility: 0.15,
  clarity: 0.1,
  lowFriction: 0.15,
  joyFactor: 0.1,
  privacy: 0.2,
  security: 0.1,
  honesty: 0.2,
};

export interface FrenlinessCap {
  readonly id: string;
  readonly max: number;
  readonly reason: string;
}

/**
 * Ceilings: evidence that no amount of polish elsewhere should outweigh. A visitor who learns that
 * advertisers follow them, or that the page pressures them, does not average that against tidy
 * headings; both together make a page to approach with care (docs/analysis-scoring.md).
 */
export const FRENLINESS_CAPS = {
  anyManipulation: {
    id: 'manipulation-1',
    max: 69,
    reason: 'the page uses a manipulative design pattern',
  },
  muchManipulation: {
    id: 'manipulation-3',
    max: 49,
    reason: 'the page uses three or more kinds of manipulative design',
  },
  pervasiveManipulation: {
    id: 'manipulation-5',
    max: 39,
    reason: 'the page uses five or more kinds of manipulative design',
  },
  advertisingTracking: {
    id: 'advertising-1',
    max: 69,
    reason: 'an advertising company tracks visitors',
  },
  muchAdvertisingTracking: {
    id: 'advertising-2',
    max: 54,
    reason: 'two or more advertising companies track visitors',
  },
  trackedAndManipulated: {
    id: 'advertising-and-manipulation',
    max: 34,
    reason:
      'advertisers track visitors on a page that also pressures them with manipulative design',
  },
  noHttps: { id: 'no-https', max: 69, reason: 'the page is not served over valid HTTPS' },
  poorAccessibility: {
    id: 'accessibility-40',
    max: 59,
    reason: 'the page is hard to use with assistive technology (accessibility under 40)',
  },
  heavyTracking: {
    id: 'privacy-40',
    max: 49,
    reason: 'visitors are heavily tracked (privacy under 40)',
  },
} as const satisfies Record<string, FrenlinessCap>;

/** Advertising organisations and manipulative kinds that together trigger `trackedAndManipulated`: (2, 2) or (1, 3). */
export function trackedAndManipulated(
  advertisingOrganisations: number,
  manipulativeKinds: number,
): boolean {
  return (
    (advertisingOrganisations >= 2 && manipulativeKinds >= 2) ||
    (advertisingOrganisations >= 1 && manipulativeKinds >= 3)
  );
}
