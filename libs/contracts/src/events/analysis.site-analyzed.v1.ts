import type { AnalysisData, TrustScore, UxScore } from '../http/site.js';

/** An analysis finished. Key: the site's canonical URL (the site id may not exist yet). */
export interface SiteAnalyzedV1 {
  url: string;
  domain: string;
  title: string;
  description: string;
  frenlinessScore: number;
  trustScore: TrustScore;
  isVerified: boolean;
  uxScore: UxScore;
  analysisData: AnalysisData;
  engine: 'heuristic' | 'llm';
  analyzedAt: string;
  /** Added in place (optional): the analysis row id, the URL after redirects, the scoring weights' version. */
  analysisId?: string;
  finalUrl?: string;
  scoringVersion?: number;
  /** Main language of the page (BCP 47 primary subtag), when declared. */
  language?: string | null;
  /** Catalogue id of the site, when the analysis knew it (crawled sites); added in place (optional). */
  siteId?: number;
}
