import { BACKGROUND_PRIORITY, analysisFairness, analysisGroupLimits } from './analysis-fairness.js';

describe(analysisFairness.name, () => {
  const url = 'https://Shop.Example.org:8443/item?id=1';

  it("gives a user's k-th analysis in flight priority k, grouped by user and by host", () => {
    expect(analysisFairness(url, { kind: 'user', userId: 'u1', inFlight: 1 })).toEqual({
      priority: 1,
      groups: { user: 'user-u1', host: 'shop.example.org' },
    });
    expect(analysisFairness(url, { kind: 'user', userId: 'u1', inFlight: 3 }).priority).toBe(3);
  });

  it("puts background work after every user's, in a group of its own that no user id can name", () => {
    const background = analysisFairness(url, { kind: 'background' });
    expect(background).toEqual({
      priority: BACKGROUND_PRIORITY,
      groups: { user: 'background', host: 'shop.example.org' },
    });
    expect(
      analysisFairness(url, { kind: 'user', userId: 'background', inFlight: 1 }).groups.user,
    ).not.toBe('background');
    expect(
      analysisFairness(url, { kind: 'user', userId: 'u1', inFlight: 10_000 }).priority,
    ).toBeLessThan(BACKGROUND_PRIORITY);
  });

  it('limits running analyses per user and per host from the settings', () => {
    expect(analysisGroupLimits({ maxRunningPerUser: 1, maxRunningPerHost: 2 })).toEqual({
      user: 1,
      host: 2,
    });
  });
});
