import { preloadKind } from './preload-kind.js';

describe(preloadKind.name, () => {
  it('maps what a preload fetches to a resource kind', () => {
    expect(preloadKind(['preload'], 'script')).toBe('script');
    expect(preloadKind(['preload'], 'IMAGE')).toBe('img');
    expect(preloadKind(['preload'], 'style')).toBe('stylesheet');
    expect(preloadKind(['preload'], 'document')).toBe('iframe');
    expect(preloadKind(['modulepreload'], undefined)).toBe('script');
    expect(preloadKind(['prefetch'], undefined)).toBe('preload');
  });
});
