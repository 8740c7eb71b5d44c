import type { BrowserTier } from '../../src/browser/index.js';
import { DESIGN_SITES } from './design-sites.js';
import {
  browserTierOver,
  homepageFindings,
  script,
  startFixtureWeb,
  type FixtureWeb,
} from './fixture-web.js';

/**
 * The rendered-design stage against a fixture web on loopback, with this machine's Chromium:
 * consent banners (autoconsent), countdowns sampled and reloaded, pre-checked options, and
 * declines drawn less visibly than accept.
 */
describe('BrowserTier rendered design (real Chromium, fixture web)', () => {
  let web: FixtureWeb;
  let sut: BrowserTier;

  beforeAll(async () => {
    web = await startFixtureWeb({
      ...DESIGN_SITES,
      'www.google-analytics.com': (_path, _request, response) =>
        script(response, '/* analytics */'),
    });
    sut = browserTierOver(web);
  }, 30_000);

  afterAll(async () => {
    await sut?.close();
    await web?.close();
  });

  const site = homepageFindings;
  /** Findings of the first visit of a page, for the stability check (one more visit each). */
  const firstRun = new Map<string, ReturnType<typeof homepageFindings>>();

  it('finds the consent platform, its reject two clicks deep, and trackers contacted before any choice', async () => {
    const seen = await sut.observe('http://consent-deep.test/');

    expect(seen.design?.consent).toEqual({
      cmp: 'Complianz banner',
      bannerVisible: true,
      inspected: true,
      frameHost: null,
      rejectClicks: 2,
      rejectText: 'Deny',
      path: ['Manage options'],
      trackersBeforeChoice: ['Google'],
    });
    // Frenly never answered the banner: the reject control was found, not clicked, nor accept.
    expect(web.hits).not.toContain('consent-deep.test/accepted');
    expect(web.hits).not.toContain('consent-deep.test/denied');
    firstRun.set('http://consent-deep.test/', site(seen));
    const { checks } = site(seen);
    expect(checks).toEqual([
      expect.objectContaining({
        id: 'friction.cookie-consent',
        score: 0.25,
        detail: expect.stringContaining(
          'only after 1 more click ("Manage options"), so rejecting takes 2 clicks, in a real browser. Trackers were contacted before any consent choice: Google.',
        ),
      }),
    ]);
  }, 20_000);

  it('claims neither a hidden reject nor trackers before consent on a fair banner', async () => {
    const seen = await sut.observe('http://consent-fair.test/');

    expect(seen.design?.consent).toMatchObject({
      // No platform's markup: autoconsent's generic heuristic names the banner by its choices.
      cmp: 'HEURISTIC-REJECT',
      bannerVisible: true,
      rejectClicks: 1,
      rejectText: 'Reject all',
      path: [],
      trackersBeforeChoice: [],
    });
    expect(seen.design?.deEmphasisedDeclines).toEqual([]);
    const { checks, manipulation } = site(seen);
    expect(checks[0]?.detail).toContain('No tracker was contacted before a consent choice.');
    expect(checks[0]?.detail).not.toMatch(/Trackers were contacted|only after/);
    expect(manipulation).toEqual([]);
  }, 20_000);

  it('finds a reject drawn much less visibly than accept', async () => {
    const seen = await sut.observe('http://consent-faint.test/');

    expect(seen.design?.deEmphasisedDeclines).toEqual([
      expect.objectContaining({
        accept: 'Accept all',
        decline: 'reject',
        consentBanner: true,
        reasons: expect.arrayContaining([
          'text 11px beside 20px',
          'plain text beside a filled button',
        ]),
      }),
    ]);
    expect(site(seen).manipulation.map((f) => f.pattern)).toEqual(['visual-interference']);
  }, 20_000);

  it('calls a countdown that starts over on reload fake, and a real one not', async () => {
    const fake = await sut.observe('http://timer-fake.test/');
    const real = await sut.observe('http://timer-real.test/');

    expect(fake.design?.timers).toEqual([
      expect.objectContaining({
        text: expect.stringMatching(/^(?:10:00|09:5\d)$/),
        countsDown: true,
        restartsOnReload: true,
      }),
    ]);
    const samples = fake.design?.timers[0]?.samples ?? [];
    expect(fake.design?.timers[0]?.afterReloadSeconds).toBeGreaterThan(
      samples[samples.length - 1]?.seconds ?? Infinity,
    );
    firstRun.set('http://timer-fake.test/', site(fake));
    expect(site(fake).manipulation).toEqual([
      expect.objectContaining({
        pattern: 'countdown-timer',
        name: 'Countdown timer that starts over on reload',
        source: 'countdown',
        evidence: 'a countdown (mm:ss) went down while watched, then started over after a reload',
      }),
    ]);
    expect(real.design?.timers).toEqual([
      expect.objectContaining({ countsDown: true, restartsOnReload: false }),
    ]);
    expect(site(real).manipulation).toEqual([]);
  }, 30_000);

  it('finds the pre-checked paid add-on with its price, and marketing ticked by script', async () => {
    const seen = await sut.observe('http://basket.test/');

    expect(seen.design?.preChecked).toEqual([
      {
        kind: 'paid-add-on',
        control: 'checkbox',
        label: 'Add travel insurance (+€4.99)',
        price: '€4.99',
      },
      {
        kind: 'marketing',
        control: 'checkbox',
        label: 'Send me special offers by email',
        price: null,
      },
    ]);
    expect(site(seen).manipulation.map((f) => [f.pattern, f.name])).toEqual([
      ['sneak-into-basket', 'Paid add-on ticked in advance (€4.99)'],
      ['pre-checked-opt-in', 'Marketing consent ticked in advance'],
    ]);
  }, 20_000);

  it('claims nothing on a plain page (a clock time is no countdown)', async () => {
    const seen = await sut.observe('http://calm.test/');

    expect(seen.design).toEqual({
      consent: null,
      timers: [
        expect.objectContaining({ text: '09:00', countsDown: false, restartsOnReload: null }),
        expect.objectContaining({ text: '17:30', countsDown: false, restartsOnReload: null }),
      ],
      preChecked: [],
      deEmphasisedDeclines: [],
    });
    expect(site(seen)).toEqual({ checks: [], manipulation: [] });
  }, 20_000);

  it('words the same findings on every run of the same page', async () => {
    for (const url of ['http://consent-deep.test/', 'http://timer-fake.test/']) {
      const first = firstRun.get(url) ?? site(await sut.observe(url));
      const again = site(await sut.observe(url));
      expect(again).toEqual(first);
      expect(again.checks.length + again.manipulation.length).toBeGreaterThan(0);
    }
  }, 30_000);
});
