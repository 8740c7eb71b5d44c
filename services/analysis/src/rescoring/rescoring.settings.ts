import { SCORING_VERSION } from '../pipeline/scoring/weights.js';

/** How stored analyses follow the scoring version (rescoring/). */
export interface RescoringSettings {
  /** Analyses scored again per minute across every analysis process (slots in the job store); 0 = off. */
  readonly sitesPerMinute: number;
  /** How often each process looks for analyses scored under an older version (0 = never: tests). */
  readonly sweepEveryMs: number;
  /** The running scorer's version: SCORING_VERSION. Tests set a newer one to stand for a release. */
  readonly scoringVersion: number;
}

export const DEFAULT_RESCORING_SETTINGS: RescoringSettings = {
  // A re-score is the pipeline without the fetch (tens of ms for a typical page, ~0.4 s for 2 MB):
  // 120 a minute keeps it a small share of one core while a release works through the catalogue.
  sitesPerMinute: 120,
  // Well inside the budget's one-minute window: slots given back are taken again within 15 s (a
  // sweep every 60 s met leases a moment before they lapsed and queued every other minute: 72 a
  // minute measured against a bound of 120). A round with nothing to do is two small queries.
  sweepEveryMs: 15_000,
  scoringVersion: SCORING_VERSION,
};

/** Injection token of the resolved RescoringSettings. */
export const RESCORING_SETTINGS = Symbol('RESCORING_SETTINGS');

export function resolveRescoringSettings(
  overrides: Partial<RescoringSettings> = {},
): RescoringSettings {
  const settings = { ...DEFAULT_RESCORING_SETTINGS, ...overrides };
  for (const key of ['sitesPerMinute', 'sweepEveryMs', 'scoringVersion'] as const) {
    const value = settings[key];
    if (!Number.isInteger(value) || value < (key === 'scoringVersion' ? 1 : 0))
      throw new Error(`Rescoring setting ${key} must be a whole number (got ${value})`);
  }
  return settings;
}
