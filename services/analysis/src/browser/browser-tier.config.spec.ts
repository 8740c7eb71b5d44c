import { loadConfig } from '@frenly/config';
import { browserTierVars } from './browser-tier.config.js';
import { BrowserTier } from './browser-tier.js';

describe('browser tier configuration', () => {
  it('defaults to one browser, a 15 s page budget, 4 crawled sites a minute and Chromium found automatically', () => {
    expect(loadConfig(browserTierVars, {})).toEqual({
      FRENLY_CHROMIUM_PATH: undefined,
      BROWSER_POOL_SIZE: 1,
      BROWSER_PAGE_BUDGET_MS: 15_000,
      BROWSER_CRAWL_SITES_PER_MINUTE: 4,
    });
    expect(
      loadConfig(browserTierVars, { BROWSER_CRAWL_SITES_PER_MINUTE: '0' })
        .BROWSER_CRAWL_SITES_PER_MINUTE,
    ).toBe(0);
    expect(() => loadConfig(browserTierVars, { BROWSER_CRAWL_SITES_PER_MINUTE: '-1' })).toThrow(
      /BROWSER_CRAWL_SITES_PER_MINUTE/,
    );
    expect(() => loadConfig(browserTierVars, { BROWSER_POOL_SIZE: '9' })).toThrow(
      /BROWSER_POOL_SIZE must be between 0 and 8/,
    );
  });

  it('says why the tier is off: switched off, or no Chromium where configured', () => {
    expect(
      BrowserTier.availability({ FRENLY_CHROMIUM_PATH: '/bin/sh', BROWSER_POOL_SIZE: 0 }),
    ).toEqual({
      available: false,
      reason: 'the browser tier is switched off (BROWSER_POOL_SIZE=0)',
    });
    expect(
      BrowserTier.availability({
        FRENLY_CHROMIUM_PATH: '/nonexistent/chromium',
        BROWSER_POOL_SIZE: 1,
      }),
    ).toEqual({
      available: false,
      reason: 'FRENLY_CHROMIUM_PATH /nonexistent/chromium is not an executable file',
    });
    expect(
      BrowserTier.availability({ FRENLY_CHROMIUM_PATH: '/bin/sh', BROWSER_POOL_SIZE: 1 }),
    ).toEqual({
      available: true,
      chromiumPath: '/bin/sh',
    });
  });

  it('takes its address policy from the safe fetcher variables', () => {
    const options = BrowserTier.optionsFrom(
      {
        FRENLY_CHROMIUM_PATH: undefined,
        BROWSER_POOL_SIZE: 2,
        BROWSER_PAGE_BUDGET_MS: 8_000,
        FRENLY_FETCH_ALLOWLIST: ['127.0.0.1:4001'],
        FRENLY_RESOLVE: ['*=127.0.0.1:4001'],
      },
      '/usr/bin/chromium',
    );
    expect(options).toMatchObject({
      chromiumPath: '/usr/bin/chromium',
      poolSize: 2,
      pageBudgetMs: 8_000,
      allowList: ['127.0.0.1:4001'],
      resolve: ['*=127.0.0.1:4001'],
    });
  });
});
