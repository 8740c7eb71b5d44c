import type { BrowserObservation } from './browser-observation.js';
import { BrowserTierError, BrowserTierErrorCode } from './browser-tier.error.js';
import { observeSite, type PageObserver } from './observe-site.js';

function observation(url: string, innerLinks: string[] = []): BrowserObservation {
  return { requestedUrl: url, finalUrl: url, innerLinks } as unknown as BrowserObservation;
}

describe(observeSite.name, () => {
  it('visits the homepage, then its first same-site link, sharing one budget', async () => {
    const calls: [string, number | undefined][] = [];
    const tier: PageObserver = {
      observe: async (url, options) => {
        calls.push([url, options?.budgetMs]);
        return observation(
          url,
          url === 'https://shop.example/'
            ? ['https://shop.example/basket', 'https://shop.example/about']
            : [],
        );
      },
    };
    const site = await observeSite(tier, 'https://shop.example/', 10_000);
    expect(site.innerPage?.finalUrl).toBe('https://shop.example/basket');
    expect(site.innerPageSkipped).toBeNull();
    expect(calls[0]).toEqual(['https://shop.example/', 6_000]);
    expect(calls[1]?.[0]).toBe('https://shop.example/basket');
    expect(calls[1]?.[1]).toBeGreaterThan(9_000);
  });

  it('says why there is no inner page: no link, or it failed to load', async () => {
    const lonely: PageObserver = { observe: async (url) => observation(url) };
    expect(await observeSite(lonely, 'https://shop.example/', 10_000)).toMatchObject({
      innerPage: null,
      innerPageSkipped: 'the homepage links to no other page of the site',
    });
    const failing: PageObserver = {
      observe: async (url) => {
        if (url !== 'https://shop.example/')
          throw new BrowserTierError(
            BrowserTierErrorCode.NavigationFailed,
            'The browser could not load it',
          );
        return observation(url, ['https://shop.example/gone']);
      },
    };
    expect(await observeSite(failing, 'https://shop.example/', 10_000)).toMatchObject({
      innerPage: null,
      innerPageSkipped: 'The browser could not load it',
    });
  });

  it('lets a homepage that cannot load fail the visit', async () => {
    const down: PageObserver = {
      observe: async () => {
        throw new BrowserTierError(BrowserTierErrorCode.NavigationFailed, 'refused');
      },
    };
    await expect(observeSite(down, 'https://shop.example/', 10_000)).rejects.toBeInstanceOf(
      BrowserTierError,
    );
  });
});
