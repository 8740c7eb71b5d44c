import { createStaticResolver } from '@frenly/safe-fetch';
import type { AnalysisResponse } from '@frenly/contracts';
import { makeSelfSignedCertificate } from '@frenly/testing';
import { AnalysisContext } from './support/analysis-context.js';
import { FixtureServer } from './support/fixture-server.js';
import { expectGolden, goldenOf } from './support/golden.js';

const SECURE_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; script-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'set-cookie': 'session=abc; Path=/; Secure; HttpOnly; SameSite=Lax',
};

interface Evidence {
  checks: { id: string; axeRuleId?: string; score: number | null }[];
  manipulation: { pattern: string; category: string; evidence: string }[];
  privacy: { trackers: { organization: string; category: string }[]; consentManagers: string[] };
  cookieConsent: { kind: string };
}

function evidenceOf(response: AnalysisResponse): Evidence {
  return (response.site.analysisData as unknown as { evidence: Evidence }).evidence;
}

function failing(response: AnalysisResponse): string[] {
  return evidenceOf(response)
    .checks.filter((check) => check.score !== null && check.score < 1)
    .map((check) => check.id);
}

describe('POST /api/sites/analyze', () => {
  let ctx: AnalysisContext;
  let web: FixtureServer;
  let secure: FixtureServer;
  let canary: FixtureServer;

  beforeAll(async () => {
    const cert = makeSelfSignedCertificate(['secure.frenly.test']);
    [web, secure, canary] = await Promise.all([
      FixtureServer.start(),
      FixtureServer.start({ tls: cert }),
      FixtureServer.start(),
    ]);
    secure.page('/', 'friendly-blog', SECURE_HEADERS);
    web
      .page('/dark-shop', 'dark-shop', {
        'set-cookie': ['_track=1; Path=/; Max-Age=31536000', 'cart=2; Path=/'],
      })
      .page('/plain-shop', 'plain-shop')
      .page('/inaccessible', 'inaccessible')
      .page('/news', 'news-wall')
      .page('/busy', 'plain-shop', {}, 400)
      .page('/cached', 'friendly-blog')
      .route('/to-https', {
        status: 301,
        headers: { location: secure.url('secure.frenly.test', '/') },
      })
      .route('/redirect-metadata', {
        status: 302,
        headers: { location: 'http://169.254.169.254/latest/meta-data/' },
      })
      .route('/redirect-canary', {
        status: 302,
        headers: { location: `http://127.0.0.1:${canary.port}/` },
      })
      .route('/huge', {
        headers: { 'content-type': 'text/html' },
        body: `<html><body>${'<p>filler text</p>'.repeat(400_000)}</body></html>`,
      })
      .route('/trickle', {
        handler: (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html' });
          const timer = setInterval(() => res.write('<p>.</p>'), 200);
          res.on('close', () => clearInterval(timer));
        },
      })
      .route('/data.json', { headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
      .route('/gone', { status: 404, body: 'no' });
    canary.route('/', { body: 'secret', headers: { 'content-type': 'text/html' } });

    ctx = await AnalysisContext.start({
      settings: {
        fetchAllowList: [web.allowEntry, secure.allowEntry],
        fetchResolver: createStaticResolver({
          'shop.frenly.test': ['127.0.0.1'],
          'secure.frenly.test': ['127.0.0.1'],
          'internal.frenly.test': ['10.1.2.3'],
          'rebind.frenly.test': ['93.184.216.34', '192.168.1.20'],
        }),
        fetchCa: cert.cert,
        fetchTimeoutMs: 1_500,
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await Promise.all([web?.close(), secure?.close(), canary?.close()]);
  });

  describe('fixture sites: expected findings, scores held in golden files', () => {
    it('a calm, accessible blog over valid HTTPS with strict headers: verified, high trust, no trackers or patterns', async () => {
      const res = await ctx.analyze(secure.url('secure.frenly.test', '/'));
      expect(res.status).toBe(200);
      const body = res.body as AnalysisResponse;
      expect(body.site).toMatchObject({
        domain: 'secure.frenly.test',
        isVerified: true,
        trustScore: 'high',
        isClaimed: false,
        title: 'Slow Gardening — growing food without hurry',
      });
      expect(body.site.description).toBe(
        'A calm guide to growing vegetables on a balcony, with plain steps and no gadgets.',
      );
      expect(body.engine).toBe('heuristic');
      expect(body.site.analysisData?.frenliness.manipulativePatterns).toEqual([]);
      expect(body.site.analysisData?.ux.details.strengths).toEqual(
        expect.arrayContaining([
          'Encrypted connection (HTTPS) with a valid certificate',
          "No third-party trackers in the page's HTML",
        ]),
      );
      expect(body.site.analysisData?.frenliness.reasoning).toMatch(
        /^secure\.frenly\.test scores \d+\/100 for Frenliness/,
      );
      expect(body.site.frenlinessScore).toBeGreaterThanOrEqual(85);
      expect(evidenceOf(body).privacy.trackers).toEqual([]);
      expectGolden('friendly-blog', goldenOf(body));
    });

    it('a manipulative shop: every dark pattern found with its quote, trackers named by organisation, low trust', async () => {
      const res = await ctx.analyze(web.url('shop.frenly.test', '/dark-shop'));
      expect(res.status).toBe(200);
      const body = res.body as AnalysisResponse;
      const evidence = evidenceOf(body);
      expect([...new Set(evidence.manipulation.map((finding) => finding.pattern))].sort()).toEqual([
        'activity-notification',
        'confirmshaming',
        'countdown-timer',
        'hard-to-cancel',
        'hidden-costs',
        // '17 people are viewing this right now' is an activity notification (social proof), as the dark-patterns detector labels it.
        'limited-time-message',
        'low-stock-message',
        'pre-checked-opt-in',
        'sneak-into-basket',
        'visual-interference',
      ]);
      expect(
        evidence.manipulation.find((finding) => finding.pattern === 'low-stock-message')?.evidence,
      ).toBe('Only 2 left in stock - order soon.');
      expect(
        evidence.manipulation.find((finding) => finding.pattern === 'confirmshaming')?.evidence,
      ).toBe("No thanks, I don't want to save money");
      expect(body.site.analysisData?.frenliness.manipulativePatterns).toContain(
        'Scarcity — Low-stock message: “Only 2 left in stock - order soon.”',
      );
      expect(evidence.privacy.trackers).toEqual([
        // Read from the HTML: this service runs without the browser tier (its own specs: test/browser/).
        {
          organization: 'Google',
          category: 'advertising',
          names: expect.any(Array),
          examples: expect.any(Array),
          seen: expect.any(Array),
          seenBy: 'html',
        },
        {
          organization: 'Meta',
          category: 'advertising',
          names: expect.any(Array),
          examples: expect.any(Array),
          seen: expect.any(Array),
          seenBy: 'html',
        },
        {
          organization: 'Hotjar',
          category: 'site_analytics',
          names: ['Hotjar'],
          examples: ['static.hotjar.com'],
          seen: expect.any(Array),
          seenBy: 'html',
        },
      ]);
      expect(evidence.cookieConsent.kind).toBe('accept-only-banner');
      expect(failing(body)).toEqual(
        expect.arrayContaining([
          'a11y.meta-viewport',
          'a11y.image-alt',
          'friction.autoplay',
          'security.https',
          'privacy.cookies',
        ]),
      );
      expect(body.site).toMatchObject({ isVerified: false, trustScore: 'low' });
      expect(body.site.frenlinessScore).toBeLessThan(50);
      expectGolden('dark-shop', goldenOf(body));
    });

    it('precision: an ordinary shop page ("Add to cart", "Pillowcases & Shams", "Free returns") has no manipulative pattern', async () => {
      const res = await ctx.analyze(web.url('shop.frenly.test', '/plain-shop'));
      expect(res.status).toBe(200);
      const body = res.body as AnalysisResponse;
      expect(evidenceOf(body).manipulation).toEqual([]);
      expect(body.site.analysisData?.frenliness.manipulativePatterns).toEqual([]);
      expect(body.site.analysisData?.frenliness.reasoning).toContain(
        'No manipulative design patterns were detected.',
      );
      expectGolden('plain-shop', goldenOf(body));
    });

    it('an inaccessible page: each problem named with its axe-core rule id', async () => {
      const res = await ctx.analyze(web.url('shop.frenly.test', '/inaccessible'));
      expect(res.status).toBe(200);
      const body = res.body as AnalysisResponse;
      const failedAxe = evidenceOf(body)
        .checks.filter((check) => check.axeRuleId && check.score !== null && check.score < 1)
        .map((check) => check.axeRuleId);
      expect(failedAxe.sort()).toEqual(
        [
          'button-name',
          'document-title',
          'duplicate-id',
          'empty-heading',
          'frame-title',
          'heading-order',
          'html-has-lang',
          'image-alt',
          'label',
          'landmark-one-main',
          'bypass',
          'link-name',
          'marquee',
          'meta-refresh',
          'meta-viewport',
          'tabindex',
          'video-caption',
        ].sort(),
      );
      expect(body.uxScore.accessibility).toBeLessThan(40);
      expect(body.site.analysisData?.frenliness.improvements.join(' ')).toContain(
        '(axe: image-alt)',
      );
      expectGolden('inaccessible', goldenOf(body));
    });

    it('a news page behind a cookie wall and a registration wall, with ads and walls of text', async () => {
      const res = await ctx.analyze(web.url('shop.frenly.test', '/news'));
      expect(res.status).toBe(200);
      const body = res.body as AnalysisResponse;
      const evidence = evidenceOf(body);
      expect(evidence.cookieConsent.kind).toBe('cookie-wall');
      expect(evidence.privacy.consentManagers).toEqual(['OneTrust']);
      expect(evidence.manipulation.map((finding) => finding.pattern).sort()).toEqual([
        'forced-enrollment',
        'hard-to-cancel',
      ]);
      expect(failing(body)).toEqual(
        expect.arrayContaining([
          'friction.cookie-consent',
          'friction.forced-signup',
          'friction.notification-prompt',
          'joy.no-ads',
          'clarity.readability',
          'privacy.advertising-trackers',
        ]),
      );
      expectGolden('news-wall', goldenOf(body));
    });
  });

  describe('the answer', () => {
    it('carries the catalogue site id, follows redirects to HTTPS, and serves repeats from the cache', async () => {
      const url = web.url('shop.frenly.test', '/to-https');
      const first = await ctx.analyze(url);
      expect(first.status).toBe(200);
      expect(first.body.site.id).toBe(ctx.siteIds.get(url));
      expect(first.body.site.isVerified).toBe(true);
      expect(first.body.site.analysisData.finalUrl).toBe(secure.url('secure.frenly.test', '/'));
      expect(first.body.cached).toBe(false);

      const hitsBefore = web.hitsOf('/to-https');
      const hitsMetric = await ctx.metricValue('analysis_cache_hits_total');
      const second = await ctx.analyze(
        `  ${url.toUpperCase().replace('/TO-HTTPS', '/to-https')}#section  `,
      );
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({
        cached: true,
        analyzedAt: first.body.analyzedAt,
        site: { id: first.body.site.id },
      });
      expect(web.hitsOf('/to-https')).toBe(hitsBefore);
      expect(await ctx.metricValue('analysis_cache_hits_total')).toBe(hitsMetric + 1);
      expect(
        await ctx.metricValue('analysis_runs_total', { outcome: 'completed' }),
      ).toBeGreaterThan(0);
    });

    it('prefixes https:// when the scheme is missing', async () => {
      const res = await ctx.analyze(`secure.frenly.test:${secure.port}`);
      expect(res.status).toBe(200);
      expect(res.body.site.url).toBe(`https://secure.frenly.test:${secure.port}/`);
    });

    it("answers the ledger's community figures of the site at once: totals and its latest stakes", async () => {
      const url = web.url('shop.frenly.test', '/cached');
      const first = await ctx.analyze(url);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ site: { upvotes: 0, totalStaked: 0 }, recentStakes: [] });
      const siteId = first.body.site.id as number;
      const recentStakes = Array.from({ length: 10 }, (_, i) => ({
        id: `stake-${11 - i}`,
        userId: 'staker',
        siteId,
        amount: 12 - i,
        type: 'support' as const,
        message: `stake ${11 - i}`,
        createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + (11 - i) * 60_000).toISOString(),
        domain: 'shop.frenly.test',
        url,
      }));
      ctx.setCommunity({
        siteId,
        upvotes: 4,
        downvotes: 1,
        totalStaked: 111,
        supportTotal: 100,
        concernTotal: 11,
        recentStakes,
      });

      // No projection to catch up with: the very next answer carries the ledger's figures.
      const next = await ctx.analyze(url);

      expect(next.status).toBe(200);
      const body = next.body as AnalysisResponse;
      expect(body.recentStakes).toEqual(recentStakes);
      expect(body.site).toMatchObject({ upvotes: 4, downvotes: 1, totalStaked: 111 });
      expect(body.communityUnavailable).toBeUndefined();
    });
  });

  describe('concurrency', () => {
    it('20 concurrent analyses of one URL cause exactly one fetch', async () => {
      const url = web.url('shop.frenly.test', '/busy');
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => ctx.analyze(url, `user-${i}`)),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((res) => res.body.site.id)).size).toBe(1);
      expect(web.hitsOf('/busy')).toBe(1);
    });
  });

  describe('SSRF refusals through the route: refused with a clear error, nothing fetched', () => {
    it.each([
      ['a private IPv4 literal', 'http://10.0.0.1/', 400, 'URL_NOT_ALLOWED'],
      [
        'the cloud metadata address',
        'http://169.254.169.254/latest/meta-data/',
        400,
        'URL_NOT_ALLOWED',
      ],
      ['loopback in decimal', 'http://2130706433/', 400, 'URL_NOT_ALLOWED'],
      ['loopback in hex', 'http://0x7f000001/', 400, 'URL_NOT_ALLOWED'],
      ['loopback in octal', 'http://0177.0.0.1/', 400, 'URL_NOT_ALLOWED'],
      ['IPv6 loopback', 'http://[::1]/', 400, 'URL_NOT_ALLOWED'],
      ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/', 400, 'URL_NOT_ALLOWED'],
      [
        'a name resolving to a private address',
        'http://internal.frenly.test/',
        400,
        'URL_NOT_ALLOWED',
      ],
      [
        'a name with one private address among public ones',
        'http://rebind.frenly.test/',
        400,
        'URL_NOT_ALLOWED',
      ],
      ['localhost', 'http://localhost/', 400, 'URL_NOT_ALLOWED'],
      ['a file URL', 'file:///etc/passwd', 400, 'INVALID_URL'],
      ['credentials in the URL', 'http://user:pass@shop.frenly.test/', 400, 'INVALID_URL'],
    ])('%s (%s)', async (_name, url, status, code) => {
      const before = web.totalHits + canary.totalHits;
      const res = await ctx.analyze(url);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ statusCode: status, code });
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(10);
      expect(web.totalHits + canary.totalHits).toBe(before);
    });

    it('a loopback server that is not allow-listed is never contacted', async () => {
      for (const url of [
        `http://127.0.0.1:${canary.port}/`,
        `http://localhost:${canary.port}/`,
        `http://127.1:${canary.port}/`,
      ]) {
        const res = await ctx.analyze(url);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('URL_NOT_ALLOWED');
      }
      expect(canary.totalHits).toBe(0);
    });

    it('redirects are re-checked: to the metadata address, or to a loopback server', async () => {
      const toMetadata = await ctx.analyze(web.url('shop.frenly.test', '/redirect-metadata'));
      expect(toMetadata.status).toBe(400);
      expect(toMetadata.body.message).toMatch(/169\.254\.169\.254/);
      const toCanary = await ctx.analyze(web.url('shop.frenly.test', '/redirect-canary'));
      expect(toCanary.status).toBe(400);
      expect(canary.totalHits).toBe(0);
    });

    it('an oversized body is cut off (422), a trickling one times out (504), a repeat is answered without refetching', async () => {
      const huge = await ctx.analyze(web.url('shop.frenly.test', '/huge'));
      expect(huge.status).toBe(422);
      expect(huge.body.code).toBe('PAGE_TOO_LARGE');
      const started = Date.now();
      const trickle = await ctx.analyze(web.url('shop.frenly.test', '/trickle'));
      expect(trickle.status).toBe(504);
      expect(trickle.body.code).toBe('SITE_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(5_000);
      const hits = web.hitsOf('/huge');
      expect((await ctx.analyze(web.url('shop.frenly.test', '/huge'))).status).toBe(422);
      expect(web.hitsOf('/huge')).toBe(hits);
    });

    it('a non-HTML answer and an error status are explained', async () => {
      const json = await ctx.analyze(web.url('shop.frenly.test', '/data.json'));
      expect(json.status).toBe(422);
      expect(json.body).toMatchObject({ code: 'NOT_HTML' });
      const gone = await ctx.analyze(web.url('shop.frenly.test', '/gone'));
      expect(gone.status).toBe(502);
      expect(gone.body.message).toBe('The site answered 404 Not Found');
    });
  });

  describe('bad input gets a 400 with a message, never a 500', () => {
    it.each([
      ['no url', {}, 'url must not be empty'],
      ['a number', { url: 42 }, 'url must be a string'],
      ['an empty string', { url: '' }, 'url must not be empty'],
      ['spaces only', { url: '   ' }, 'url must not be empty'],
      ['an unknown field', { url: 'example.org', extra: 1 }, 'property extra should not exist'],
      ['ftp', { url: 'ftp://example.org/' }, 'url must use http or https (got "ftp")'],
      [
        'javascript',
        { url: 'javascript:alert(1)' },
        'url must use http or https (got "javascript")',
      ],
      ['not a URL', { url: 'http://exa mple.com/' }, 'url must be a valid web address'],
      [
        'too long',
        { url: `https://example.org/${'a'.repeat(2100)}` },
        'url must be at most 2048 characters',
      ],
    ])('%s', async (_name, body, message) => {
      const res = await ctx.http().post('/api/sites/analyze').set(ctx.signedIn()).send(body);
      expect(res.status).toBe(400);
      expect([res.body.message].flat().join(' ')).toContain(message);
    });

    it('malformed JSON', async () => {
      const res = await ctx
        .http()
        .post('/api/sites/analyze')
        .set(ctx.signedIn())
        .set('content-type', 'application/json')
        .send('{"url": ');
      expect(res.status).toBe(400);
    });

    it('refuses a request without the gateway identity (401)', async () => {
      const res = await ctx.http().post('/api/sites/analyze').send({ url: 'example.org' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Sign in required');
    });
  });
});

describe('POST /api/sites/analyze when the search service is down', () => {
  it('answers 503 SITE_NOT_INDEXED at once, and the analysis is kept for the retry', async () => {
    const web = await FixtureServer.start();
    web.page('/', 'plain-shop');
    const ctx = await AnalysisContext.start({
      catalogue: false,
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver({ 'lonely.frenly.test': ['127.0.0.1'] }),
      },
    });
    try {
      const started = Date.now();
      const res = await ctx.analyze(web.url('lonely.frenly.test', '/'));
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SITE_NOT_INDEXED');
      expect(Date.now() - started).toBeLessThan(3_000);
      const { makeEvent } = await import('@frenly/events');
      await ctx.bus.publish([
        makeEvent('search.site-indexed', 77, {
          siteId: 77,
          url: web.url('lonely.frenly.test', '/'),
          domain: 'lonely.frenly.test',
          title: 'Lonely',
          indexedAt: new Date().toISOString(),
        }),
      ]);
      let retry;
      for (let attempt = 0; attempt < 50; attempt++) {
        retry = await ctx.analyze(web.url('lonely.frenly.test', '/'));
        if (retry.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(retry?.status).toBe(200);
      expect(retry?.body).toMatchObject({ cached: true, site: { id: 77 } });
      expect(web.hitsOf('/')).toBe(1);
    } finally {
      await ctx.close();
      await web.close();
    }
  });
});

describe('POST /api/sites/analyze when the ledger is down', () => {
  it('still answers the analysis, saying the community figures are unavailable (never "0 votes" as fact)', async () => {
    const web = await FixtureServer.start();
    web.page('/', 'plain-shop');
    const ctx = await AnalysisContext.start({
      ledger: false,
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver({ 'alone.frenly.test': ['127.0.0.1'] }),
      },
    });
    try {
      const res = await ctx.analyze(web.url('alone.frenly.test', '/'));

      expect(res.status).toBe(200);
      const body = res.body as AnalysisResponse;
      expect(body.communityUnavailable).toBe(true);
      expect(body.recentStakes).toEqual([]);
      expect(body.site.frenlinessScore).toEqual(expect.any(Number));
      expect(ctx.logLines.join('\n')).toContain('the ledger gave no community figures');
    } finally {
      await ctx.close();
      await web.close();
    }
  });
});
