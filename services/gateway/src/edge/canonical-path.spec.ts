import { canonicalPath } from './canonical-path.js';
import { rateLimitBucketOf } from './rate-limit-policy.js';

describe(canonicalPath.name, () => {
  it.each([
    ['/api/search?q=x', '/api/search'],
    ['/api/Search', '/api/search'],
    ['/API/SEARCH/', '/api/search/'],
    ['/api//search', '/api/search'],
    ['//api///search', '/api/search'],
    ['/api/%73earch', '/api/search'],
    ['/api/%53EARCH', '/api/search'],
    ['/api/x/../search', '/api/search'],
    ['/api/./search', '/api/search'],
    ['/api\\search', '/api/search'],
    ['http://frenly.example/api/Search?q=1', '/api/search'],
    ['/api/sites/Analyze', '/api/sites/analyze'],
    ['/api/sites/1%2F2', '/api/sites/1%2f2'],
    [undefined, '/'],
    ['*', '/'],
  ])('%j is judged as %j', (target, expected) => {
    expect(canonicalPath(target)).toBe(expected);
  });

  it.each(['/api/Search', '/API/search/', '/api//search', '/api/%53earch', 'http://h/api/SEARCH'])(
    '%j spends the search budget',
    (target) => {
      expect(rateLimitBucketOf('GET', canonicalPath(target))).toBe('search');
    },
  );

  it.each(['/api/sites/Analyze', '/api/SITES/analyze/', '/api//sites/analyze'])(
    '%j spends the analyze budget',
    (target) => {
      expect(rateLimitBucketOf('POST', canonicalPath(target))).toBe('analyze');
    },
  );
});
