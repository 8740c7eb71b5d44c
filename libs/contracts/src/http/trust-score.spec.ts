import {
  analysisTrustInputsOf,
  communityIsNegative,
  deriveTrustScore,
  siteTrustScore,
  type CommunitySignals,
  type TrustedSite,
  type TrustInputs,
} from './trust-score.js';

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

const negativeVotes: CommunitySignals = {
  upvotes: 1,
  downvotes: 9,
  supportTotal: 0,
  concernTotal: 0,
};

/** A site as a screen carries it: compact (search) and full (analysis) analysisData hold the same fields. */
function analysedSite(
  security: number,
  patterns: readonly string[],
  change: Partial<TrustedSite> = {},
): TrustedSite {
  return {
    frenlinessScore: 85,
    isVerified: true,
    analysisData: {
      frenliness: { reasoning: '', improvements: [], manipulativePatterns: [] },
      ux: { details: { strengths: [] } },
      dimensions: { security, privacy: 90 },
      evidence: {
        manipulation: patterns.map((pattern) => ({ pattern, category: 'urgency', evidence: 'x' })),
      },
    },
    ...change,
  };
}

describe(analysisTrustInputsOf.name, () => {
  it("reads score, verified HTTPS, security and the distinct pattern kinds from the site's analysis", () => {
    expect(
      analysisTrustInputsOf(analysedSite(70, ['countdown', 'countdown', 'confirmshaming'])),
    ).toEqual({
      frenlinessScore: 85,
      verifiedHttps: true,
      securityScore: 70,
      manipulativePatterns: 2,
    });
  });

  it('has no inputs for a site not analysed, or an analysis without them', () => {
    expect(analysisTrustInputsOf(analysedSite(70, [], { frenlinessScore: null }))).toBeUndefined();
    expect(analysisTrustInputsOf(analysedSite(70, [], { analysisData: null }))).toBeUndefined();
    const legacy = analysedSite(70, []);
    expect(
      analysisTrustInputsOf({
        ...legacy,
        analysisData: { ...legacy.analysisData!, dimensions: undefined },
      }),
    ).toBeUndefined();
  });
});

describe(siteTrustScore.name, () => {
  it("derives from the site's analysis and today's community, whatever was fixed at analysis time", () => {
    expect(siteTrustScore(analysedSite(80, []), null, 'low')).toBe('high');
    expect(siteTrustScore(analysedSite(80, []), negativeVotes, 'high')).toBe('low');
    expect(siteTrustScore(analysedSite(50, []), null, 'high')).toBe('medium');
  });

  it('keeps the analysis-time score of an analysis without inputs, turned low by a negative community', () => {
    const legacy = analysedSite(80, [], { analysisData: null });
    expect(siteTrustScore(legacy, null, 'medium')).toBe('medium');
    expect(siteTrustScore(legacy, negativeVotes, 'high')).toBe('low');
    expect(siteTrustScore({ ...legacy, frenlinessScore: null }, negativeVotes, null)).toBeNull();
  });
});
