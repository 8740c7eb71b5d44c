import type { BrowserObservation } from './browser-observation.js';
import { BrowserTierError } from './browser-tier.error.js';

/** What the tier saw on a site: the homepage, and one inner page when there was one in time. */
export interface SiteObservation {
  readonly homepage: BrowserObservation;
  readonly innerPage: BrowserObservation | null;
  /** Why there is no inner page (no same-site link, out of time, it failed to load). */
  readonly innerPageSkipped: string | null;
}

/** The one method of BrowserTier this needs (a fake in unit tests). */
export interface PageObserver {
  observe(url: string, options?: { readonly budgetMs?: number }): Promise<BrowserObservation>;
}

/** Below this, an inner page is not worth starting (a context, a load and the checks). */
const MIN_INNER_BUDGET_MS = 2_000;
/** The homepage's share of the site budget; the inner page gets the rest, and whatever it left. */
const HOMEPAGE_SHARE = 0.6;

/**
 * Blacklight's visit: the homepage, then the first same-site link of its rendered DOM, within one
 * budget for both. A homepage that cannot be loaded throws (BrowserTierError); an inner page that
 * cannot is reported as skipped, with the reason.
 */
export async function observeSite(
  tier: PageObserver,
  homepageUrl: string,
  budgetMs: number,
): Promise<SiteObservation> {
  const started = Date.now();
  const homepage = await tier.observe(homepageUrl, {
    budgetMs: Math.round(budgetMs * HOMEPAGE_SHARE),
  });
  const next = homepage.innerLinks[0];
  if (!next)
    return {
      homepage,
      innerPage: null,
      innerPageSkipped: 'the homepage links to no other page of the site',
    };
  const left = budgetMs - (Date.now() - started);
  if (left < MIN_INNER_BUDGET_MS) {
    return {
      homepage,
      innerPage: null,
      innerPageSkipped: `no time left for ${next} within the ${budgetMs} ms budget`,
    };
  }
  try {
    return {
      homepage,
      innerPage: await tier.observe(next, { budgetMs: left }),
      innerPageSkipped: null,
    };
  } catch (error) {
    if (!(error instanceof BrowserTierError)) throw error;
    return { homepage, innerPage: null, innerPageSkipped: error.message };
  }
}
