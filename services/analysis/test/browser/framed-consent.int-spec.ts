import type { BrowserTier } from '../../src/browser/index.js';
import {
  browserTierOver,
  homepageFindings,
  html,
  script,
  startFixtureWeb,
  type FixtureWeb,
} from './fixture-web.js';

const BUTTON = 'font-size:16px;padding:10px 18px;background:#0a58ca;color:#fff;border:0';

/** A page whose consent banner is a frame from another site, drawn over the bottom of the page. */
function framedPage(title: string, frameUrl: string, extra = ''): string {
  return `<!doctype html><html lang="en"><title>${title}</title><main><h1>${title}</h1><p>Today's news.</p></main>
    <div style="position:fixed;bottom:0;left:0;right:0;height:240px;background:#fff">
      <iframe src="${frameUrl}" title="Cookie consent" style="width:100%;height:100%;border:0"></iframe>
    </div>${extra}</html>`;
}

/**
 * Consent banners drawn inside a frame (as some consent platforms serve them): Frenly's browser
 * looks for the reject control inside the frame, as it does in the page. Real Chromium, fixture
 * web on loopback; the frame comes from another site than the page.
 */
describe('consent banners inside frames (real Chromium, fixture web)', () => {
  let web: FixtureWeb;
  let sut: BrowserTier;

  beforeAll(async () => {
    web = await startFixtureWeb({
      // Accept on the banner; reject only behind "Manage options"; analytics before any choice.
      'framed-deep.test': (_path, _request, response) =>
        html(
          response,
          framedPage(
            'Deep framed consent',
            'http://consent-frame.test/deep',
            '<script src="https://www.google-analytics.com/analytics.js"></script>',
          ),
        ),
      // Reject beside accept, drawn alike; no tracker.
      'framed-fair.test': (_path, _request, response) =>
        html(response, framedPage('Fair framed consent', 'http://consent-frame.test/fair')),
      // An embedded frame that talks about cookies but is part of the page, not drawn over it.
      'framed-article.test': (_path, _request, response) =>
        html(
          response,
          `<!doctype html><html lang="en"><title>Recipes</title><main><h1>Recipes</h1>
           <iframe src="http://consent-frame.test/recipe" title="Recipe" style="width:600px;height:300px"></iframe></main></html>`,
        ),
      'consent-frame.test': (path, _request, response) => {
        if (path === '/deep')
          return html(
            response,
            `<!doctype html><html lang="en"><body><p>We use cookies to improve your experience and for marketing.</p>
             <button style="${BUTTON}" onclick="fetch('/accepted')">Accept all</button>
             <button style="${BUTTON}" onclick="document.getElementById('prefs').hidden = false">Manage options</button>
             <div id="prefs" hidden><p>Choose which cookies we may use.</p>
               <button style="${BUTTON}" onclick="fetch('/denied')">Deny</button></div></body></html>`,
          );
        if (path === '/fair')
          return html(
            response,
            `<!doctype html><html lang="en"><body><p>We use cookies to remember your settings.</p>
             <button style="${BUTTON}" onclick="fetch('/denied')">Reject all</button>
             <button style="${BUTTON}" onclick="fetch('/accepted')">Accept all</button></body></html>`,
          );
        if (path === '/recipe')
          return html(
            response,
            `<!doctype html><html lang="en"><body><p>Chocolate chip cookies: butter, sugar, flour.</p>
             <button style="${BUTTON}">Print</button> <button style="${BUTTON}">More options</button></body></html>`,
          );
        response.writeHead(204).end();
      },
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

  it('finds the reject control two clicks deep inside the frame, and trackers contacted before any choice', async () => {
    const seen = await sut.observe('http://framed-deep.test/');

    expect(seen.design?.consent).toMatchObject({
      bannerVisible: true,
      inspected: true,
      frameHost: 'consent-frame.test',
      rejectClicks: 2,
      rejectText: 'Deny',
      path: ['Manage options'],
      trackersBeforeChoice: ['Google'],
    });
    // Frenly opened the next layer only: it never answered the banner.
    expect(web.hits).not.toContain('consent-frame.test/accepted');
    expect(web.hits).not.toContain('consent-frame.test/denied');
    const { checks } = site(seen);
    expect(checks).toEqual([
      expect.objectContaining({
        id: 'friction.cookie-consent',
        score: 0.25,
        detail: expect.stringContaining(
          ', drawn in a frame from consent-frame.test, offers "Deny" only after 1 more click ("Manage options"), so rejecting takes 2 clicks, in a real browser. Trackers were contacted before any consent choice: Google.',
        ),
      }),
    ]);
  }, 25_000);

  it('accuses a fair banner in a frame of nothing', async () => {
    const seen = await sut.observe('http://framed-fair.test/');

    expect(seen.design?.consent).toMatchObject({
      bannerVisible: true,
      inspected: true,
      frameHost: 'consent-frame.test',
      rejectClicks: 1,
      rejectText: 'Reject all',
      path: [],
      trackersBeforeChoice: [],
    });
    expect(seen.design?.deEmphasisedDeclines).toEqual([]);
    expect(web.hits).not.toContain('consent-frame.test/denied');
    const { checks, manipulation } = site(seen);
    expect(checks).toEqual([
      expect.objectContaining({
        score: 0.8,
        detail: expect.stringContaining(
          'drawn in a frame from consent-frame.test, offers "Reject all" on its first layer, in a real browser. No tracker was contacted before a consent choice.',
        ),
      }),
    ]);
    expect(checks[0]?.detail).not.toMatch(/Trackers were contacted|only after|could not reach/);
    expect(manipulation).toEqual([]);
  }, 25_000);

  it('takes no frame that is part of the page for a banner, cookies in its text or not', async () => {
    const seen = await sut.observe('http://framed-article.test/');

    expect(seen.design?.consent ?? null).toBeNull();
    expect(site(seen)).toEqual({ checks: [], manipulation: [] });
  }, 25_000);
});
