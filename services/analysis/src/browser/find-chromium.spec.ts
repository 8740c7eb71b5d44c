import { findChromium } from './find-chromium.js';

describe(findChromium.name, () => {
  it('takes the configured path when it is executable', () => {
    expect(findChromium('/bin/sh')).toEqual({ found: true, path: '/bin/sh' });
  });

  it('says why when the configured path is not executable (no fallback to another browser)', () => {
    expect(findChromium('/nonexistent/chromium', ['/bin/sh'])).toEqual({
      found: false,
      reason: 'FRENLY_CHROMIUM_PATH /nonexistent/chromium is not an executable file',
    });
  });

  it('finds the first installed candidate, or names where it looked', () => {
    expect(findChromium(undefined, ['/nonexistent/a', '/bin/sh'])).toEqual({
      found: true,
      path: '/bin/sh',
    });
    expect(findChromium(undefined, ['/nonexistent/a'])).toEqual({
      found: false,
      reason: 'no Chromium installed (looked for /nonexistent/a; set FRENLY_CHROMIUM_PATH)',
    });
  });
});
