import type { TrustScore, UxScore } from '@frenly/contracts';
import type { CheckResult } from './evidence/check.js';
import type { CookieConsentEvidence } from './evidence/friction.js';
import type { ManipulationFinding } from './evidence/manipulation.js';
import type { PrivacyEvidence } from './evidence/privacy.js';
import type { SecurityEvidence } from './evidence/security.js';
import type { CheckDimension, Dimension } from './scoring/weights.js';

export interface ScoredCheck extends CheckResult {
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
  readonly evidence: {
    readonly checks: readonly ScoredCheck[];
    readonly manipulation: readonly ManipulationFinding[];
    readonly privacy: PrivacyEvidence;
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
