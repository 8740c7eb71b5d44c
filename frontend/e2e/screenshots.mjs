/* global document, window -- page.evaluate callbacks run in the browser */
// Screenshots of every screen at 1280 and 390 px against a running backend, for a person to
// look at: `node frontend/e2e/screenshots.mjs [baseUrl] [outDir]`. Also reports horizontal
// overflow and console errors per screen.
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3100';
const out = process.argv[3] ?? '/tmp/frenly-shots';
await mkdir(out, { recursive: true });

const axeSource = await readFile(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical axe-core violations of the page as it is now. */
async function axeViolations(page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
    }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function signIn(page, name) {
  await page.goto(`${base}/auth/dev`);
  await page.fill('#dev-idp-name', name);
  await page.click('button[type=submit]');
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/auth'),
  );
}

async function shoot(page, label, width, prepare, settle = true) {
  const errors = [];
  const onConsole = (msg) => msg.type() === 'error' && errors.push(msg.text());
  page.on('console', onConsole);
  await prepare(page);
  if (settle) await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  if (settle)
    await page
      .waitForFunction(
        () =>
          !document.querySelector('[role=status] .animate-spin') || document.querySelector('main'),
        null,
        { timeout: 10_000 },
      )
      .catch(() => {});
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  const violations = process.env.AXE === '0' ? [] : await axeViolations(page);
  const file = `${out}/${label}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  // The first screenful too: a tall full page is hard to read once scaled down.
  await page.screenshot({ path: file.replace('.png', '-top.png') });
  page.off('console', onConsole);
  const axeText = violations.map((v) => `${v.impact} ${v.id} @ ${v.nodes.join(', ')}`).join(' | ');
  const unexpected = errors.filter((e) => !/status of 401/.test(e)); // the signed-out auth check
  console.log(
    `${file}${overflow > 0 ? `  OVERFLOW ${overflow}px` : ''}${axeText ? `  AXE: ${axeText}` : ''}` +
      `${unexpected.length ? `  console errors: ${unexpected.join(' | ').slice(0, 300)}` : ''}`,
  );
}

const analysisFixture = {
  site: {
    id: 400,
    url: 'https://example.org/',
    title: 'Example Domain',
    domain: 'example.org',
    description: 'This domain is for use in illustrative examples in documents.',
    frenlinessScore: 72,
    trustScore: 'medium',
    upvotes: 12,
    downvotes: 3,
    isVerified: true,
    isClaimed: false,
    totalStaked: 350,
    analysisData: {
      frenliness: {
        reasoning:
          'Clear purpose and no trackers, but the cookie banner nudges towards accepting everything.',
        improvements: ['Offer a "Reject all" button as prominent as "Accept all".'],
        manipulativePatterns: ['Cookie banner with a pre-selected "Accept all"'],
      },
      ux: { details: { strengths: ['Readable type and generous contrast.'] } },
    },
  },
  uxScore: { accessibility: 91, clarity: 84, joyFactor: 58, lowFriction: 37 },
  recentStakes: [
    {
      id: 's1',
      userId: 'u1',
      siteId: 400,
      amount: 100,
      type: 'support',
      message: 'Honest and simple.',
      createdAt: '2026-11-20T10:00:00Z',
    },
    {
      id: 's2',
      userId: 'u2',
      siteId: 400,
      amount: 25,
      type: 'concern',
      message: null,
      createdAt: '2026-11-19T08:30:00Z',
    },
  ],
};
const reframeFixture = {
  reframedContent:
    'Example Domain exists so that anyone writing documentation has a safe, neutral address to point at.',
  actionableAdvice: 'Say in one sentence, at the top, who the page is for.',
};

const only = process.env.ONLY?.split(',');
const screens = [
  { label: 'landing', signedIn: false, go: (p) => p.goto(`${base}/`) },
  { label: 'search-home-visitor', signedIn: false, go: (p) => p.goto(`${base}/search`) },
  {
    label: 'results-visitor',
    signedIn: false,
    go: async (p) => {
      await p.goto(`${base}/search?q=wikipedia`);
      await p.waitForSelector('article');
    },
  },
  {
    label: 'results-loading',
    signedIn: false,
    settle: false,
    go: async (p) => {
      await p.route('**/api/search?*', async (route) => {
        await new Promise((r) => setTimeout(r, 3000));
        await route.continue();
      });
      await p.goto(`${base}/?q=news`);
      await p.waitForSelector('[data-testid=result-placeholder]');
    },
  },
  {
    label: 'results-empty',
    signedIn: false,
    go: async (p) => {
      await p.goto(`${base}/?q=zzqqxxyy`);
      await p.waitForSelector('text=No results found');
    },
  },
  {
    label: 'browser',
    signedIn: false,
    go: async (p) => {
      await p.goto(`${base}/browser`);
      await p.fill('#browser-address', 'ethical fashion');
      await p.press('#browser-address', 'Enter');
      await p.waitForTimeout(1200);
    },
  },
  { label: 'analysis-wall', signedIn: false, go: (p) => p.goto(`${base}/analysis`) },
  { label: 'search-home', signedIn: true, go: (p) => p.goto(`${base}/search`) },
  {
    label: 'results',
    signedIn: true,
    go: async (p) => {
      await p.goto(`${base}/?q=privacy`);
      await p.waitForSelector('article');
    },
  },
  {
    label: 'stake-dialog',
    signedIn: true,
    go: async (p) => {
      await p.goto(`${base}/?q=wikipedia`);
      await p.waitForSelector('article');
      await p
        .getByRole('button', { name: /Stake Bamboo/ })
        .first()
        .click();
      await p.waitForSelector('text=Stake Your Bamboo');
    },
  },
  { label: 'analysis-idle', signedIn: true, go: (p) => p.goto(`${base}/analysis`) },
  {
    label: 'analysis-result',
    signedIn: true,
    go: async (p) => {
      await p.goto(
        `${base}/analysis?url=${encodeURIComponent(process.env.ANALYZE_URL ?? 'https://www.wikipedia.org/')}`,
      );
      await p.waitForSelector('text=UX Scorecard', { timeout: 30_000 }).catch(() => {});
    },
  },
  {
    label: 'analysis-result-fixture',
    signedIn: true,
    go: async (p) => {
      // The analysis API may not have landed: answer with a fixture to check the layout.
      await p.route('**/api/sites/analyze', (route) => route.fulfill({ json: analysisFixture }));
      await p.route('**/api/sites/*/reframe', (route) => route.fulfill({ json: reframeFixture }));
      await p.goto(`${base}/analysis?url=example.org`);
      await p.waitForSelector('text=UX Scorecard');
      await p.getByRole('button', { name: 'Clarity' }).click();
      await p.waitForSelector('text=Actionable Advice');
    },
  },
  { label: 'dashboard', signedIn: true, go: (p) => p.goto(`${base}/dashboard`) },
].filter((s) => !only || only.includes(s.label));

const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
for (const width of widths) {
  for (const signedIn of [false, true]) {
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 900 : 844 },
    });
    const page = await context.newPage();
    if (signedIn) await signIn(page, 'Ada Lovelace');
    for (const screen of screens.filter((s) => s.signedIn === signedIn)) {
      try {
        await shoot(page, screen.label, width, screen.go, screen.settle);
      } catch (error) {
        console.log(`${screen.label}-${width}: FAILED ${error.message.split('\n')[0]}`);
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await context.close();
  }
}
await browser.close();
