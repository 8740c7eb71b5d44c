import { readFileSync } from 'node:fs';
import { observation, siteObservation } from '../../test/unit/browser-observation.factory.js';
import {
  decodeObservation,
  decodePage,
  encodeObservation,
  encodePage,
  type AnalysisSnapshot,
} from '../analyses/analysis-snapshot.js';
import { analyzePage } from '../pipeline/analyze-page.js';
import {
  BrowserUnavailableReasons,
  enrichReport,
  withBrowserPending,
  withoutBrowser,
} from '../pipeline/enrich/index.js';
import type { PageSnapshot } from '../pipeline/snapshot.js';
import { SCORING_VERSION } from '../pipeline/scoring/weights.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { rescoreReport } from './rescore-report.js';

const URL_ = 'https://shop.example/';
const NEXT = SCORING_VERSION + 1;
let catalog: TrackerCatalog;
let page: PageSnapshot;

beforeAll(async () => {
  catalog = await TrackerCatalog.load();
  const html = readFileSync(
    new URL('../../test/fixtures/sites/dark-shop.html', import.meta.url),
    'utf8',
  );
  page = {
    requestedUrl: URL_,
    finalUrl: URL_,
    status: 200,
    headers: { 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] },
    html,
    tls: true,
    certificateValid: true,
    redirects: 0,
    bytes: html.length,
  };
});

/** The snapshot as the rescoring reads it back from the database. */
function stored(site: AnalysisSnapshot['browser'] = null): AnalysisSnapshot {
  return {
    page: decodePage(encodePage(page)),
    browser: site ? decodeObservation(encodeObservation(site)) : null,
  };
}

describe(rescoreReport.name, () => {
  it('scores an HTML-tier report again from the stored page, keeping why the browser did not visit', () => {
    const original = withoutBrowser(
      analyzePage(page, catalog),
      'unavailable',
      BrowserUnavailableReasons.crawledOverBudget,
    );
    // A stored report whose numbers the snapshot does not support: they are worked out anew.
    const tampered = { ...original, frenlinessScore: 1, summary: 'stale', scoringVersion: 1 };
    const rescored = rescoreReport(tampered, stored(), {
      catalog,
      community: null,
      scoringVersion: NEXT,
    });
    expect(rescored).toEqual({ ...original, scoringVersion: NEXT });
  });

  it('merges the browser tier’s stored findings again, as the visit did, with its time and screenshot', () => {
    const seen = siteObservation(
      observation(URL_, {
        sessionRecording: [
          {
            script: 'https://rec.example/r.js',
            listeners: ['keydown', 'mousemove'],
            frames: [URL_],
          },
        ],
        screenshotPng: Buffer.from('png'),
      }),
    );
    const original = enrichReport(withBrowserPending(analyzePage(page, catalog)), seen, {
      catalog,
      screenshotUrl: '/api/analyses/a1/screenshot',
      checkedAt: '2026-11-27T10:00:00.000Z',
    });
    // The browser's finding weighs in the score: a re-score without it would differ.
    const recording = original.evidence.checks.find((c) => c.id === 'privacy.session-recording');
    expect(recording).toMatchObject({ seenBy: 'browser' });
    expect(recording?.score).toBeLessThan(1);
    const rescored = rescoreReport({ ...original, scoringVersion: 1 }, stored(seen), {
      catalog,
      community: null,
      scoringVersion: NEXT,
    });
    expect(rescored).toEqual({ ...original, scoringVersion: NEXT });
  });

  it('leaves a report alone when its visit is pending or its findings were not kept', () => {
    const html = analyzePage(page, catalog);
    const inputs = { catalog, community: null, scoringVersion: NEXT };
    expect(rescoreReport(withBrowserPending(html), stored(), inputs)).toBeNull();
    const visited = {
      ...html,
      browser: { state: 'done' as const, checkedAt: '2026-11-27T10:00:00.000Z' },
    };
    expect(rescoreReport(visited, stored(), inputs)).toBeNull();
  });
});
