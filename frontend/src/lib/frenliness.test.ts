import { describe, expect, it } from 'vitest';
import {
  approvalPercent,
  communityAlertTrigger,
  hasVotes,
  scoreBand,
  scoreIcon,
  showsCommunityAlert,
} from './frenliness';

describe(scoreBand.name, () => {
  it.each([
    [100, 'best'],
    [80, 'best'],
    [79, 'good'],
    [60, 'good'],
    [59, 'fair'],
    [40, 'fair'],
    [39, 'poor'],
    [0, 'poor'],
  ] as const)('puts %i in the %s band', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe(scoreIcon.name, () => {
  it('shows a shield from 80 and a warning triangle below', () => {
    expect(scoreIcon(80)).toBe('shield');
    expect(scoreIcon(79)).toBe('warning');
    expect(scoreIcon(10)).toBe('warning');
  });
});

describe(showsCommunityAlert.name, () => {
  it('alerts below 40 only, and never for a site not yet analysed', () => {
    expect(showsCommunityAlert(39)).toBe(true);
    expect(showsCommunityAlert(40)).toBe(false);
    expect(showsCommunityAlert(null)).toBe(false);
  });
});

describe(approvalPercent.name, () => {
  it('divides upvotes by all votes and rounds', () => {
    expect(approvalPercent(2, 1)).toBe(67);
    expect(approvalPercent(1, 2)).toBe(33);
    expect(approvalPercent(5, 0)).toBe(100);
  });

  it('keeps the denominator at least 1, so no votes is 0 %', () => {
    expect(approvalPercent(0, 0)).toBe(0);
  });
});

describe(communityAlertTrigger.name, () => {
  it('names the score as the trigger when nobody has voted or staked a concern', () => {
    expect(communityAlertTrigger({ frenlinessScore: 32, upvotes: 0, downvotes: 0 })).toBe(
      "Shown because Frenly's analysis scored this site 32 out of 100 (alerts show below 40).",
    );
  });

  it('adds the community’s down-votes, in singular and plural', () => {
    expect(communityAlertTrigger({ frenlinessScore: 20, upvotes: 0, downvotes: 1 })).toContain(
      '1 person has voted it down.',
    );
    expect(communityAlertTrigger({ frenlinessScore: 20, upvotes: 2, downvotes: 5 })).toContain(
      '5 people have voted it down, 2 up.',
    );
  });
});

describe(hasVotes.name, () => {
  it('is false only when nobody has voted', () => {
    expect(hasVotes(0, 0)).toBe(false);
    expect(hasVotes(0, 1)).toBe(true);
  });
});
