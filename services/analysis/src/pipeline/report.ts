import type {
  BrowserCheckStatus,
  FindingSeenBy,
  NotCheckedEntry,
  TrustScore,
  UxScore,
} from '@frenly/contracts';
import type { BrowserEvidence } from './enrich/browser-evidence.js';
import type { CheckResult } from './evidence/check.js';
import type { CookieConsentEvidence } from './evidence/friction.js';
import type { ManipulationFinding } from './evidence/manipulation.js';
import type { PrivacyEvidence, TrackerFinding } from './evidence/privacy.js';
import type { SecurityEvidence } from './evidence/security.js';
import type { CheckDimension, Dimension } from './scoring/weights.js';

/** How a finding was seen; absent in reports from before the browser tier (read from the HTML). */
export interface SeenBy {
  readonly seenBy?: FindingSeenBy;
}

export interface ScoredCheck extends CheckResult, SeenBy {
  readonly dimension: CheckDimension;
  readonly weight: number;
}

export type DimensionScores = Readonly<Record<Dimension, number>>;

/** Everything one analysis found and concluded. Stored as JSON; deterministic for a given snapshot. */
export interface AnalysisReport {
  readonly scoringVersion: number;
  readonly url: string;
  readonly finalUrl: string;
  readonly domain: string;
  readonly title: string;
  readonly description: string;
  readonly language: string | null;
  /** Fetched over valid HTTPS and analysed. */
  readonly isVerified: boolean;
  readonly frenlinessScore: number;
  /** Frenliness before caps, and the caps that lowered it. */
  readonly uncappedScore: number;
  readonly capsApplied: readonly string[];
  readonly uxScore: UxScore;
  readonly dimensions: DimensionScores;
  /** As of the analysis (community signals known then); answers recompute it with today's. */
  readonly trustScore: TrustScore;
  readonly reasoning: string;
  readonly strengths: readonly string[];
  readonly improvements: readonly string[];
  readonly manipulativePatterns: readonly string[];
  /** One line for result cards: "4 trackers · 2 manipulative patterns · accessibility 92". */
  readonly summary: string;
  /** The browser tier's part (pipeline/enrich): pending, done, unavailable or failed, and why. */
  readonly browser?: BrowserCheckStatus;
  /** What this report does not cover because the browser tier could not run, and why. */
  readonly notChecked?: readonly NotCheckedEntry[];
  readonly screenshotUrl?: string | null;
  readonly evidence: {
    readonly checks: readonly ScoredCheck[];
    readonly manipulation: readonly (ManipulationFinding & SeenBy)[];
    readonly privacy: Omit<PrivacyEvidence, 'trackers'> & {
      readonly trackers: readonly (TrackerFinding & SeenBy)[];
    };
    /** What the real browser recorded beyond the checks (cookies, scripts, axe), once done. */
    readonly browser?: BrowserEvidence;
    readonly security: SecurityEvidence;
    readonly cookieConsent: CookieConsentEvidence;
    readonly page: {
      readonly status: number;
      readonly bytes: number;
      readonly redirects: number;
      readonly words: number;
      readonly images: number;
      readonly links: number;
      readonly forms: number;
      readonly scripts: number;
    };
  };
}
