import { observation, siteObservation } from '../../../test/unit/browser-observation.factory.js';
import { plainShopReport } from '../../../test/unit/analysis.factories.js';
import type { ContactedTracker } from '../../browser/index.js';
import type { AnalysisReport } from '../report.js';
import { SCORING_VERSION } from '../scoring/weights.js';
import { TrackerCatalog } from '../trackers/tracker-catalog.js';
import { BROWSER_ONLY_CHECKS, withBrowserPending, withoutBrowser } from './browser-status.js';
import { enrichReport } from './enrich-report.js';
import type { FindingSource } from './finding-source.js';
import { FINDING_SOURCES } from './sources/index.js';

const URL_ = 'https://shop.example/';
const CHECKED_AT = '2026-11-27T06:00:00.000Z';

const doubleClick: ContactedTracker = {
  organization: 'Google',
  names: ['DoubleClick'],
  categories: ['advertising'],
  hosts: ['ad.doubleclick.net'],
  requests: 2,
  initiators: ['https://www.googletagmanager.com/gtm.js'],
};
const hotjar: ContactedTracker = {
  organization: 'Hotjar',
  names: ['Hotjar'],
  categories: ['site_analytics'],
  hosts: ['script.hotjar.com'],
  requests: 1,
  initiators: [],
};

let html: AnalysisReport;
let catalog: TrackerCatalog;

beforeAll(async () => {
  html = withBrowserPending(await plainShopReport(URL_));
  catalog = await TrackerCatalog.load();
});

function enrich(site = siteObservation(observation(URL_)), sources?: readonly FindingSource[]) {
  return enrichReport(html, site, {
    catalog,
    screenshotUrl: '/api/analyses/a1/screenshot',
    checkedAt: CHECKED_AT,
    ...(sources ? { sources } : {}),
  });
}

function check(report: AnalysisReport, id: string) {
  const found = report.evidence.checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

describe(enrichReport.name, () => {
  it('marks the HTML tier’s findings as read from the HTML while pending', () => {
    expect(html.browser).toEqual({ state: 'pending' });
    expect(new Set(html.evidence.checks.map((entry) => entry.seenBy))).toEqual(new Set(['html']));
  });

  it('on a plain page: browser-answered checks say so, the rest stay HTML, nothing is claimed', () => {
    const report = enrich();
    expect(report.browser).toEqual({ state: 'done', pages: [URL_], checkedAt: CHECKED_AT });
    expect(report.notChecked).toEqual([]);
    expect(report.screenshotUrl).toBe('/api/analyses/a1/screenshot');
    expect(report.scoringVersion).toBe(SCORING_VERSION);
    expect(check(report, 'privacy.advertising-trackers')).toMatchObject({
      seenBy: 'browser',
      score: 1,
      detail: 'No advertising tracker was contacted in a real browser or referenced by the HTML.',
    });
    expect(check(report, 'security.https').seenBy).toBe('html');
    expect(check(report, 'clarity.readability').seenBy).toBe('html');
    for (const id of [
      'privacy.fingerprinting',
      'privacy.key-logging',
      'privacy.session-recording',
      'a11y.rendered-audit',
    ])
      expect(check(report, id)).toMatchObject({ seenBy: 'browser', score: 1 });
    expect(report.evidence.privacy.trackers).toEqual([]);
    expect(report.reasoning).toContain(
      'No third-party tracker was contacted when the site ran in a real browser.',
    );
    expect(report.reasoning).toContain('visited in a real browser');
    expect(report.reasoning).not.toContain('without running its scripts');
  });

  it('a tracker a tag manager injected: found with its organisation, seen by the browser, and it lowers the score', () => {
    const report = enrich(siteObservation(observation(URL_, { trackers: [doubleClick, hotjar] })));
    expect(report.evidence.privacy.trackers).toEqual([
      expect.objectContaining({
        organization: 'Google',
        category: 'advertising',
        seenBy: 'browser',
        seen: ['contacted in a real browser'],
      }),
      expect.objectContaining({
        organization: 'Hotjar',
        category: 'site_analytics',
        seenBy: 'browser',
      }),
    ]);
    expect(check(report, 'privacy.advertising-trackers')).toMatchObject({
      score: 0.5,
      detail: '1 advertising organisation tracks visitors: Google (contacted in a real browser).',
    });
    expect(report.capsApplied).toContain('an advertising company tracks visitors');
    expect(report.frenlinessScore).toBeLessThanOrEqual(69);
    expect(report.frenlinessScore).toBeLessThan(enrich().frenlinessScore);
    expect(report.summary).toMatch(/^2 trackers/);
  });

  it('trackers of the inner page count once per organisation with those of the homepage', () => {
    const site = siteObservation(
      observation(URL_, { trackers: [doubleClick] }),
      observation(`${URL_}about`, {
        trackers: [{ ...doubleClick, hosts: ['stats.g.doubleclick.net'] }],
      }),
    );
    const report = enrich(site);
    expect(report.evidence.privacy.trackers).toHaveLength(1);
    expect(report.evidence.privacy.trackers[0]?.examples).toEqual([
      'ad.doubleclick.net',
      'stats.g.doubleclick.net',
    ]);
    expect(report.browser?.pages).toEqual([URL_, `${URL_}about`]);
  });

  it('keeps, as read from the HTML, a tracker the HTML references that the browser did not contact', () => {
    const withHtmlTracker: AnalysisReport = {
      ...html,
      evidence: {
        ...html.evidence,
        privacy: {
          ...html.evidence.privacy,
          trackers: [
            {
              organization: 'Meta',
              category: 'advertising',
              names: ['Facebook'],
              examples: ['connect.facebook.net'],
              seen: ["in the page's HTML"],
              seenBy: 'html',
            },
          ],
        },
      },
    };
    // Its script failed to load during the visit (blocked, down): the page still loads it.
    const report = enrichReport(
      withHtmlTracker,
      siteObservation(observation(URL_, { trackers: [hotjar] })),
      { catalog, screenshotUrl: null, checkedAt: CHECKED_AT },
    );
    expect(
      report.evidence.privacy.trackers.map((tracker) => [tracker.organization, tracker.seenBy]),
    ).toEqual([
      ['Meta', 'html'],
      ['Hotjar', 'browser'],
    ]);
    expect(check(report, 'privacy.advertising-trackers')).toMatchObject({
      seenBy: 'browser',
      score: 0.5,
      detail: "1 advertising organisation tracks visitors: Meta (in the page's HTML).",
    });
    // One both saw is reported as contacted in the browser.
    const both = enrichReport(
      withHtmlTracker,
      siteObservation(
        observation(URL_, {
          trackers: [{ ...doubleClick, organization: 'Meta', names: ['Facebook'] }],
        }),
      ),
      { catalog, screenshotUrl: null, checkedAt: CHECKED_AT },
    );
    expect(both.evidence.privacy.trackers).toEqual([
      expect.objectContaining({ organization: 'Meta', seenBy: 'browser' }),
    ]);
  });

  it('third-party cookies, fingerprinting, key logging and session recording become findings with their evidence', () => {
    const site = siteObservation(
      observation(URL_, {
        cookies: [
          {
            name: 'IDE',
            domain: '.doubleclick.net',
            thirdParty: true,
            lifetimeSeconds: 400 * 86_400,
            owner: 'Google',
            category: 'advertising',
            httpOnly: true,
            secure: true,
            sameSite: 'None',
          },
          {
            name: 'cart',
            domain: 'shop.example',
            thirdParty: false,
            lifetimeSeconds: null,
            owner: 'shop.example',
            category: null,
            httpOnly: false,
            secure: true,
            sameSite: 'Lax',
          },
        ],
        fingerprinting: [
          { script: 'https://fp.example/fp.js', techniques: ['canvas', 'webgl'], frames: [URL_] },
        ],
        keyLogging: [
          {
            url: 'https://collect.example/k',
            host: 'collect.example',
            thirdParty: true,
            field: 'email',
            encoding: 'base64',
          },
        ],
        sessionRecording: [
          {
            script: 'https://rec.example/rec.js',
            listeners: ['keydown', 'mousemove'],
            frames: [URL_],
          },
        ],
      }),
    );
    const report = enrich(site);
    expect(check(report, 'privacy.cookies')).toMatchObject({
      seenBy: 'browser',
      score: 0.8,
      detail:
        'In a real browser the visit left 2 cookies, 1 set by other sites (Google) and 1 lasting beyond a day.',
      evidence: ['IDE (doubleclick.net, 400 days, third party)'],
    });
    expect(check(report, 'privacy.fingerprinting')).toMatchObject({
      score: 0.5,
      evidence: ['https://fp.example/fp.js: canvas, webgl'],
    });
    expect(check(report, 'privacy.key-logging')).toMatchObject({
      score: 0,
      evidence: ['email → collect.example (base64)'],
    });
    expect(check(report, 'privacy.key-logging').detail).toContain('sent before any submit');
    expect(check(report, 'privacy.session-recording')).toMatchObject({
      score: 0.5,
      evidence: ['https://rec.example/rec.js'],
    });
    expect(report.dimensions.privacy).toBeLessThan(enrich().dimensions.privacy);
    expect(report.evidence.browser?.cookies).toHaveLength(2);
  });

  it('axe-core on the rendered page supersedes the HTML approximation of the same rule and adds contrast', () => {
    const site = siteObservation(
      observation(URL_, {
        accessibility: {
          axeVersion: '4.10.0',
          passed: 20,
          incomplete: 0,
          violations: [
            {
              id: 'image-alt',
              impact: 'critical',
              help: 'Images must have alternative text',
              helpUrl: '',
              tags: ['wcag2a'],
              nodes: 2,
              examples: ['img.hero'],
            },
            {
              id: 'color-contrast',
              impact: 'serious',
              help: 'Elements must meet minimum color contrast ratio thresholds',
              helpUrl: '',
              tags: ['wcag2aa'],
              nodes: 5,
              examples: ['p.faint'],
            },
          ],
        },
      }),
    );
    const report = enrich(site);
    expect(check(report, 'a11y.image-alt')).toMatchObject({
      seenBy: 'browser',
      score: 0.5,
      detail:
        'In a real browser, axe-core found 2 elements that fail “Images must have alternative text” (image-alt).',
    });
    expect(check(report, 'a11y.rendered-audit')).toMatchObject({
      seenBy: 'browser',
      score: 0.8,
      axeRuleId: 'color-contrast',
    });
    expect(check(report, 'a11y.rendered-audit').detail).toContain(
      'Elements must meet minimum color contrast ratio thresholds (color-contrast, 5 elements)',
    );
    // An HTML check with nothing to check stays n/a: axe's silence proves nothing.
    const notApplicable = html.evidence.checks
      .filter((entry) => entry.axeRuleId && entry.score === null)
      .map((entry) => entry.id);
    for (const id of notApplicable)
      expect(check(report, id)).toMatchObject({ score: null, seenBy: 'html' });
    expect(report.dimensions.accessibility).toBeLessThan(enrich().dimensions.accessibility);
  });

  it('without an axe result (out of time) the HTML accessibility checks stand', () => {
    const report = enrich(siteObservation(observation(URL_, { accessibility: null })));
    expect(check(report, 'a11y.image-alt').seenBy).toBe('html');
    expect(report.evidence.checks.some((entry) => entry.id === 'a11y.rendered-audit')).toBe(false);
  });

  it('merges findings of any added source: a manipulative pattern seen in the browser is scored', () => {
    const countdown: FindingSource = () => ({
      manipulation: [
        {
          pattern: 'countdown-timer',
          category: 'urgency',
          categories: ['urgency'],
          name: 'Countdown timer',
          severity: 0.25,
          evidence: 'Offer ends in 09:59 (reset on reload)',
          source: 'countdown',
        },
      ],
    });
    const report = enrich(undefined, [...FINDING_SOURCES, countdown]);
    expect(report.evidence.manipulation).toContainEqual(
      expect.objectContaining({ pattern: 'countdown-timer', seenBy: 'browser' }),
    );
    expect(report.dimensions.honesty).toBe(75);
    expect(report.capsApplied).toContain('the page uses a manipulative design pattern');
  });

  it('is pure: the same inputs give the same report and the HTML report is left as it was', () => {
    const before = JSON.stringify(html);
    const site = siteObservation(observation(URL_, { trackers: [doubleClick] }));
    expect(enrich(site)).toEqual(enrich(site));
    expect(JSON.stringify(html)).toBe(before);
  });
});

describe(withoutBrowser.name, () => {
  it('lists what was not checked and why, in words for the reader', async () => {
    const report = withoutBrowser(
      await plainShopReport(URL_),
      'unavailable',
      'This Frenly server has no browser installed.',
    );
    expect(report.browser).toEqual({
      state: 'unavailable',
      reason: 'This Frenly server has no browser installed.',
    });
    expect(report.notChecked?.map((entry) => entry.what)).toEqual(BROWSER_ONLY_CHECKS);
    expect(
      report.notChecked?.every(
        (entry) => entry.why === 'This Frenly server has no browser installed.',
      ),
    ).toBe(true);
    expect(report.evidence.checks.every((entry) => entry.seenBy === 'html')).toBe(true);
  });

  it('names the rendered-design checks an HTML-only report did not make', async () => {
    const report = withoutBrowser(await plainShopReport(URL_), 'failed', 'The visit failed.');
    const what = report.notChecked?.map((entry) => entry.what) ?? [];
    // One entry for each thing designFindings can say: reject depth, trackers before consent,
    // a countdown that restarts, options ticked in advance, a de-emphasised decline.
    for (const detector of [
      /clicks rejecting cookies takes/,
      /trackers load before you make a cookie choice/,
      /countdown timer starts over/,
      /ticked in advance/,
      /less visibly than accept/,
    ])
      expect(what).toContainEqual(expect.stringMatching(detector));
  });
});
