/** Spec §4/§9: the Frenliness score bands, their colour, icon and the Community Alert. */
export type ScoreBand = 'best' | 'good' | 'fair' | 'poor';

export const SCORE_BAND_THRESHOLDS = { best: 80, good: 60, fair: 40 } as const;

export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BAND_THRESHOLDS.best) return 'best';
  if (score >= SCORE_BAND_THRESHOLDS.good) return 'good';
  if (score >= SCORE_BAND_THRESHOLDS.fair) return 'fair';
  return 'poor';
}

/** Shield for the best band, warning triangle below 80. */
export function scoreIcon(score: number): 'shield' | 'warning' {
  return scoreBand(score) === 'best' ? 'shield' : 'warning';
}

/** The Community Alert shows below 40. */
export function showsCommunityAlert(score: number | null): boolean {
  return score !== null && score < SCORE_BAND_THRESHOLDS.fair;
}

/**
 * What raised the Community Alert, in words: the spec's alert text speaks of concerns, but the
 * rule is the automated score, so the card says that, and adds the community's own signal only
 * when there is one.
 */
export function communityAlertTrigger(site: {
  frenlinessScore: number | null;
  upvotes: number;
  downvotes: number;
}): string {
  const parts = [
    `Shown because Frenly's analysis scored this site ${site.frenlinessScore ?? '–'} out of 100 (alerts show below ${SCORE_BAND_THRESHOLDS.fair}).`,
  ];
  if (site.downvotes > 0) {
    const votes = `${site.downvotes} ${site.downvotes === 1 ? 'person has' : 'people have'} voted it down`;
    parts.push(site.upvotes > 0 ? `${votes}, ${site.upvotes} up.` : `${votes}.`);
  }
  return parts.join(' ');
}

/** "No votes yet" rather than a 0% that reads as "everyone dislikes it". */
export function hasVotes(upvotes: number, downvotes: number): boolean {
  return upvotes + downvotes > 0;
}

export const BAND_LABEL: Record<ScoreBand, string> = {
  best: 'Very frenly',
  good: 'Frenly',
  fair: 'Mixed',
  poor: 'Unfrenly',
};

/** The band's range in words: "80–100", "under 40". */
export function bandRange(band: ScoreBand): string {
  switch (band) {
    case 'best':
      return `${SCORE_BAND_THRESHOLDS.best}–100`;
    case 'good':
      return `${SCORE_BAND_THRESHOLDS.good}–${SCORE_BAND_THRESHOLDS.best - 1}`;
    case 'fair':
      return `${SCORE_BAND_THRESHOLDS.fair}–${SCORE_BAND_THRESHOLDS.good - 1}`;
    case 'poor':
      return `under ${SCORE_BAND_THRESHOLDS.fair}`;
  }
}

/** Where the app explains its scores. */
export const HOW_SCORES_WORK_PATH = '/scores';

/** Bar colour of a 0–100 value in the same bands (scores and UX bars). */
export const BAND_BAR_CLASS: Record<ScoreBand, string> = {
  best: 'bg-emerald-600',
  good: 'bg-lime-600',
  fair: 'bg-amber-500',
  poor: 'bg-rose-600',
};

/** Spec §9: upvotes / (upvotes + downvotes), the denominator at least 1, rounded, as a percent. */
export function approvalPercent(upvotes: number, downvotes: number): number {
  return Math.round((upvotes / Math.max(1, upvotes + downvotes)) * 100);
}
