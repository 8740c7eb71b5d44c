// What the scorer read for an analysis, kept so that a new scoring version can score it again
// without fetching (rescoring/): the fetched page, and what the browser tier saw when it visited.
// Stored as gzipped JSON; screenshots are left out (they are stored with the analysis already and
// no check reads them).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BrowserObservation, SiteObservation } from '../browser/index.js';
import type { PageSnapshot } from '../pipeline/snapshot.js';

/** One analysis's snapshot as the rescoring reads it. */
export interface AnalysisSnapshot {
  readonly page: PageSnapshot;
  /** What the browser tier saw; null until (or unless) it visited. */
  readonly browser: SiteObservation | null;
}

export function encodePage(page: PageSnapshot): Buffer {
  return gzipSync(JSON.stringify(page));
}

export function decodePage(stored: Buffer): PageSnapshot {
  return JSON.parse(gunzipSync(stored).toString('utf8')) as PageSnapshot;
}

/** The observation less its screenshots. */
export function encodeObservation(site: SiteObservation): Buffer {
  const withoutScreenshot = (page: BrowserObservation): BrowserObservation => ({
    ...page,
    screenshotPng: null,
  });
  return gzipSync(
    JSON.stringify({
      ...site,
      homepage: withoutScreenshot(site.homepage),
      innerPage: site.innerPage ? withoutScreenshot(site.innerPage) : null,
    } satisfies SiteObservation),
  );
}

export function decodeObservation(stored: Buffer): SiteObservation {
  return JSON.parse(gunzipSync(stored).toString('utf8')) as SiteObservation;
}
