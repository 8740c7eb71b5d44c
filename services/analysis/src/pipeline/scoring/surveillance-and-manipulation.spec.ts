// Scoring version 2: surveillance and manipulation weigh as a visitor weighs them. The issue's
// example — a shop with Google, Meta and Hotjar and many manipulative patterns scored 46 "Mixed"
// — must read as a site to approach with care, whatever the rest of the page does well.
import { readFileSync } from 'node:fs';
import { analyzePage } from '../analyze-page.js';
import type { PageSnapshot } from '../snapshot.js';
import { TrackerCatalog } from '../trackers/tracker-catalog.js';
import { bandOf } from './insights.js';
import { FRENLINESS_CAPS, trackedAndManipulated } from './weights.js';

const fixture = (path: string): string =>
  readFileSync(new URL(`../../../test/fixtures/${path}.html`, import.meta.url), 'utf8');
const snapshotOf = (html: string): PageSnapshot => ({
  requestedUrl: 'https://shop.example/',
  finalUrl: 'https://shop.example/',
  status: 200,
  headers: {},
  html,
  tls: true,
  certificateValid: true,
  redirects: 0,
  bytes: html.length,
});

const AD_TAGS =
  '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script src="https://connect.facebook.net/en_US/fbevents.js"></script>';
const PRESSURE =
  '<p>Only 2 left in stock!</p><p>17 people are viewing this right now</p><p>Sale ends in 09:59 minutes</p>';
const calmPage = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>Linen shirts</title><meta name="viewport" content="width=device-width">${head}</head><body><main><h1>Linen shirts</h1><p>Washed linen shirts in five colours, cut loose and sewn in Porto.</p>${body}</main></body></html>`;

describe('surveillance and manipulation (scoring version 2)', () => {
  let catalog: TrackerCatalog;
  beforeAll(async () => {
    catalog = await TrackerCatalog.load();
  });

  it('the dark shop (Google, Meta, Hotjar and many manipulative patterns) over valid HTTPS is a site to approach with care, not "mixed"', () => {
    const report = analyzePage(snapshotOf(fixture('sites/dark-shop')), catalog);
    expect(report.frenlinessScore).toBeLessThan(40);
    expect(bandOf(report.frenlinessScore)).toBe('a site to approach with care');
    expect(report.capsApplied).toContain(FRENLINESS_CAPS.trackedAndManipulated.reason);
    expect(report.trustScore).toBe('low');
  });

  it('two advertisers and two kinds of pressure on an otherwise calm page: under 40', () => {
    const report = analyzePage(snapshotOf(calmPage(AD_TAGS, PRESSURE)), catalog);
    expect(
      report.evidence.privacy.trackers.filter((tracker) => tracker.category === 'advertising')
        .length,
    ).toBe(2);
    expect(
      new Set(report.evidence.manipulation.map((finding) => finding.pattern)).size,
    ).toBeGreaterThanOrEqual(2);
    expect(report.frenlinessScore).toBeLessThanOrEqual(FRENLINESS_CAPS.trackedAndManipulated.max);
    expect(report.reasoning).toContain(FRENLINESS_CAPS.trackedAndManipulated.reason);
  });

  it('advertisers alone cap the score below "friendly"; the same page without them is not capped', () => {
    const tracked = analyzePage(snapshotOf(calmPage(AD_TAGS, '')), catalog);
    const clean = analyzePage(snapshotOf(calmPage('', '')), catalog);
    expect(tracked.frenlinessScore).toBeLessThanOrEqual(
      FRENLINESS_CAPS.muchAdvertisingTracking.max,
    );
    expect(tracked.capsApplied).toContain(FRENLINESS_CAPS.muchAdvertisingTracking.reason);
    expect(clean.capsApplied).toEqual([]);
    expect(clean.frenlinessScore).toBeGreaterThan(tracked.frenlinessScore);
  });

  it('combines advertisers and manipulation as documented', () => {
    expect(trackedAndManipulated(2, 2)).toBe(true);
    expect(trackedAndManipulated(1, 3)).toBe(true);
    expect(trackedAndManipulated(1, 2)).toBe(false);
    expect(trackedAndManipulated(5, 0)).toBe(false);
    expect(trackedAndManipulated(0, 9)).toBe(false);
  });
});
