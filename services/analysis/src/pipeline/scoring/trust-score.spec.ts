import { communityIsNegative, deriveTrustScore, type TrustInputs } from './trust-score.js';

const strong: TrustInputs = {
  frenlinessScore: 85,
  verifiedHttps: true,
  securityScore: 80,
  manipulativePatterns: 0,
  community: null,
};

describe(deriveTrustScore.name, () => {
  it('is high for a strong, verified, honest site', () => {
    expect(deriveTrustScore(strong)).toBe('high');
  });

  it.each<[string, Partial<TrustInputs>, string]>([
    ['score under 75', { frenlinessScore: 74 }, 'medium'],
    ['weak security', { securityScore: 59 }, 'medium'],
    ['one manipulative pattern', { manipulativePatterns: 1 }, 'medium'],
    ['score under 40', { frenlinessScore: 39 }, 'low'],
    ['no valid HTTPS', { verifiedHttps: false }, 'low'],
    ['three manipulative patterns', { manipulativePatterns: 3 }, 'low'],
    [
      'mostly down votes',
      { community: { upvotes: 1, downvotes: 4, supportTotal: 0, concernTotal: 0 } },
      'low',
    ],
    [
      'concern stakes twice support',
      { community: { upvotes: 0, downvotes: 0, supportTotal: 50, concernTotal: 100 } },
      'low',
    ],
    [
      'a few down votes only',
      { community: { upvotes: 0, downvotes: 4, supportTotal: 0, concernTotal: 0 } },
      'high',
    ],
  ])('%s -> %s', (_name, change, expected) => {
    expect(deriveTrustScore({ ...strong, ...change })).toBe(expected);
  });
});

describe(communityIsNegative.name, () => {
  it('needs enough votes or bamboo before the balance counts', () => {
    expect(
      communityIsNegative({ upvotes: 0, downvotes: 4, supportTotal: 0, concernTotal: 99 }),
    ).toBe(false);
    expect(
      communityIsNegative({ upvotes: 3, downvotes: 7, supportTotal: 0, concernTotal: 0 }),
    ).toBe(true);
    expect(communityIsNegative(null)).toBe(false);
  });
});
