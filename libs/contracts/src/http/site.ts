import type { BrowserAnalysisFields } from './analysis-browser.js';

export type TrustScore = 'high' | 'medium' | 'low';

export interface UxScore {
  accessibility: number;
  clarity: number;
  joyFactor: number;
  lowFriction: number;
}

export interface AnalysisData extends BrowserAnalysisFields {
  frenliness: {
    reasoning: string;
    improvements: string[];
    manipulativePatterns: string[];
  };
  ux: {
    details: { strengths: string[] };
  };
  [extra: string]: unknown;
}

/** A site as the search results and the analysis screen show it (spec §3). */
export interface SiteDto {
  id: number;
  url: string;
  title: string;
  description: string;
  domain: string;
  /** null until Frenly has analysed the site: never an invented score. */
  frenlinessScore: number | null;
  trustScore: TrustScore | null;
  upvotes: number;
  downvotes: number;
  isVerified: boolean;
  isClaimed: boolean;
  totalStaked: number;
  analysisData: AnalysisData | null;
}
