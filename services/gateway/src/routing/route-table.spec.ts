import { findRoute, isBackendPath } from './route-table.js';

describe('route table', () => {
  it.each([
    ['/api/search', 'search'],
    ['/api/search?q=cats', 'search'],
    ['/api/search/trending', 'search'],
    ['/api/stakes', 'ledger'],
    ['/api/stakes/user', 'ledger'],
    ['/api/ledger/balance', 'ledger'],
    ['/api/sites/42/vote', 'ledger'],
    ['/api/sites/42/community', 'ledger'],
    ['/api/sites/analyze', 'analysis'],
    ['/api/sites/42/reframe', 'analysis'],
    ['/ws', 'realtime'],
    ['/api/auth/user', 'gateway'],
    ['/api/push/subscribe', 'gateway'],
    ['/api/push/public-key', 'gateway'],
    ['/api/auth/providers', 'gateway'],
    ['/auth/dev/callback', 'gateway'],
    ['/api/login', 'gateway'],
    ['/api/logout', 'gateway'],
    ['/auth/github', 'gateway'],
    ['/auth/logout', 'gateway'],
    ['/api/meta', 'gateway'],
  ])('%s belongs to %s', (path, owner) => {
    expect(findRoute(path)?.owner).toBe(owner);
  });

  it.each([
    '/api/searching',
    '/api/sites/42',
    '/api/sites/42/vote/extra',
    '/api/sites//vote',
    '/wsx',
    '/',
    '/dashboard',
  ])('%s belongs to nobody in particular', (path) => {
    expect(findRoute(path)).toBeUndefined();
  });

  it("never forwards a service's internal routes (search's site ids, the ledger's community figures)", () => {
    for (const path of [
      '/internal/site-ids',
      '/internal/site-ids/',
      '/api/internal/site-ids',
      '/internal/community',
      '/api/internal/community',
    ])
      expect(findRoute(path)).toBeUndefined();
  });

  it('tells backend paths from frontend paths', () => {
    expect(
      ['/api/x', '/auth/github', '/ws', '/health/ready', '/metrics'].every(isBackendPath),
    ).toBe(true);
    expect(['/', '/search', '/dashboard', '/apiary', '/assets/app.js'].some(isBackendPath)).toBe(
      false,
    );
  });
});
