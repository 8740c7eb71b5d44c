// The Frenly Analyzer against the real analysis service, on a fixture site served on loopback
// by this test (allow-listed with FRENLY_FETCH_ALLOWLIST): the sign-in wall, validation, a
// failure, a result with its scorecard, insights and lenses, the community sidebar, ?url=, and
// the analysed sites' score bands back in the search results.
import type { AnalysisResponse, ReframeResponse } from '@frenly/contracts';
import type { Page } from 'playwright-core';
import { balanceOf, openResults, resultCardFor, waitForToast } from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { BAKERY_TITLE, FixtureSite } from './support/fixture-site.js';
import { checkScreen } from './support/screens.js';
import { fillDevIdentityForm, openSession, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

describe('the Frenly Analyzer', () => {
  let site: FixtureSite;
  let stack: E2eStack;
  let ada: BrowserSession;
  let analysed: AnalysisResponse;

  beforeAll(async () => {
    site = await FixtureSite.start();
    // The browser tier is on, as in `npm start`: the answer is the HTML tier's, then a real
    // browser visits the site and the screen swaps in the richer report. The steps wait for the
    // screen to say so before they read scores.
    stack = await startStack({ FRENLY_FETCH_ALLOWLIST: site.hostPort, BROWSER_POOL_SIZE: '1' });
    ada = await openSession(stack.browser, stack.app.baseUrl);
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.close();
    await site?.close();
  });

  const urlField = (page: Page) => page.getByLabel('Website URL');
  const analyzeButton = (page: Page) =>
    page.getByRole('button', { name: /^(Analyze|Analyzing\.\.\.)$/ });
  /** An insight box: its heading and the text under it. */
  const insightBox = (page: Page, title: string) =>
    page.getByRole('heading', { level: 3, name: title }).locator('..');

  /**
   * Until the browser tier's visit has landed on the screen (its "Checking in a real browser…"
   * status gone): Chromium's first launch and one site visit on a busy machine.
   */
  const BROWSER_CHECK_MS = 100_000;
  const browserCheckFinished = async (page: Page) => {
    const card = page.getByTestId('browser-check');
    await card.waitFor();
    await card.getByRole('status').waitFor({ state: 'detached', timeout: BROWSER_CHECK_MS });
  };

  /** Holds the next request to `pattern` until released, so that a pending state can be seen. */
  async function holdNext(page: Page, pattern: string): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => (await held, route.continue()), { times: 1 });
    return release;
  }

  it('shows visitors the sign-in wall, whose Sign In goes through the identity provider', async () => {
    const { page } = ada;
    await page.goto('/analysis');
    await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
    await page.getByText('Please sign in to access the Frenly Analyzer.').waitFor();
    const signIn = page.getByRole('link', { name: 'Sign In' });
    expect(await signIn.getAttribute('href')).toBe('/api/login?returnTo=%2Fanalysis');
    await checkScreen(ada, 'analysis-sign-in-wall');

    // Signing in returns to the analysis tool, not the home page.
    await signIn.click();
    await fillDevIdentityForm(page, 'Ada Lovelace');
    await page.getByRole('heading', { level: 1, name: 'Analyze Any Website' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/analysis');
    await checkScreen(ada, 'analysis-idle');
  });

  it('asks for a URL when the field is empty', async () => {
    const { page } = ada;
    await analyzeButton(page).click();
    await waitForToast(page, 'URL Required', 'Please enter a website URL to analyze.');
  });

  it('prefixes https:// to an address without a scheme, and reports a failed analysis', async () => {
    const { page } = ada;
    // The fixture speaks plain HTTP only, so the https:// address it becomes cannot be analysed.
    await urlField(page).fill(site.hostPort);
    const release = await holdNext(page, '**/api/sites/analyze');
    await analyzeButton(page).click();
    await page.getByRole('button', { name: 'Analyzing...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Analyzing...' }).isDisabled()).toBe(true);
    await page.getByRole('status', { name: 'Analyzing' }).waitFor();
    release();
    await waitForToast(page, 'Analysis Failed', 'Failed to analyze the website. Please try again.');
    expect(await urlField(page).inputValue()).toBe(`https://${site.hostPort}`);
    expect(new URL(page.url()).searchParams.get('url')).toBe(`https://${site.hostPort}`);
    expect(ada.console.takeErrors([/status of 5\d\d/, /Failed to analyze the website/])).toEqual(
      [],
    );
  });

  it('analyses the fixture site: the site card, score and reasoning, UX Scorecard and the four insights', async () => {
    const { page } = ada;
    await urlField(page).fill(site.url);
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/api/sites/analyze') && res.request().method() === 'POST',
    );
    // The stored analysis the screen fetches again once the browser tier has enriched it.
    const enriched = page.waitForResponse(
      async (res) =>
        /\/api\/analyses\/[^/]+$/.test(new URL(res.url()).pathname) &&
        res.ok() &&
        ((await res.json()) as AnalysisResponse).site.analysisData?.browser?.state !== 'pending',
      { timeout: BROWSER_CHECK_MS },
    );
    await analyzeButton(page).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const first = (await response.json()) as AnalysisResponse;
    expect(first.site.analysisData?.browser?.state).toBe('pending');
    await waitForToast(
      page,
      'Analysis Complete',
      'Website analysis has been completed successfully.',
    );
    expect(site.hits).toContain('/');

    // The screen shows the browser check until the richer report lands, then says what it saw.
    await browserCheckFinished(page);
    analysed = (await (await enriched).json()) as AnalysisResponse;
    expect(analysed.site.analysisData?.['analysisId']).toBe(
      first.site.analysisData?.['analysisId'],
    );
    expect(analysed.site.analysisData?.browser?.state).toBe('done');
    await page
      .getByTestId('browser-check')
      .getByText(/^Frenly visited .* in a real browser/)
      .waitFor();

    const s = analysed.site;
    expect(s.title).toBe(BAKERY_TITLE);
    await page.getByRole('heading', { level: 2, name: s.domain }).waitFor();
    await page.getByText(s.description, { exact: true }).first().waitFor();
    const score = page.getByRole('progressbar', {
      name: `Frenliness score: ${s.frenlinessScore} out of 100`,
    });
    expect(await score.getAttribute('aria-valuenow')).toBe(String(s.frenlinessScore));
    await page.getByText(s.analysisData!.frenliness.reasoning, { exact: true }).waitFor();

    for (const [label, value] of [
      ['Accessibility', analysed.uxScore.accessibility],
      ['Clarity', analysed.uxScore.clarity],
      ['Joy Factor', analysed.uxScore.joyFactor],
      ['Low Friction', analysed.uxScore.lowFriction],
    ] as const) {
      await page
        .getByRole('progressbar', { name: `${label}: ${Math.round(value)} out of 100` })
        .waitFor();
    }

    await page.getByRole('heading', { name: 'AI Transparency Insights' }).waitFor();
    const insight = async (title: string) =>
      (await insightBox(page, title).innerText()).replace(title, '').trim();
    expect(await insight('Transparent Practices')).toMatch(
      /^Frenly has not been able to verify this site over valid HTTPS yet\./,
    );
    expect(await insight('User-Friendly Design')).toBe(s.analysisData!.ux.details.strengths[0]);
    expect(await insight('Improvement Opportunities')).toBe(
      s.analysisData!.frenliness.improvements[0],
    );
    expect(await insight('Concerns Detected')).toBe(
      s.analysisData!.frenliness.manipulativePatterns[0],
    );
    // The fixture's tricks were found (the analyzer's own rules are tested in its service).
    expect(s.analysisData!.frenliness.manipulativePatterns.join(' ')).toMatch(/Countdown timer/);
  }, 150_000);

  it('reframes the content through a lens: "Reframing content...", then the text and Actionable Advice', async () => {
    const { page } = ada;
    const lenses = page.getByRole('group', { name: 'Lenses' }).getByRole('button');
    expect(await lenses.allInnerTexts()).toEqual(['Love', 'Clarity', 'Growth', 'Trust', 'Joy']);
    // Love is the default lens, but nothing shows as chosen until the user chooses.
    expect(await lenses.first().getAttribute('aria-pressed')).toBe('false');
    await page.getByText('Choose a lens to reframe this site’s content.').waitFor();

    const release = await holdNext(page, '**/api/sites/*/reframe');
    const request = page.waitForRequest((req) =>
      req.url().endsWith(`/api/sites/${analysed.site.id}/reframe`),
    );
    const answer = page.waitForResponse((res) => res.url().endsWith('/reframe'));
    await page.getByRole('button', { name: 'Clarity' }).click();
    await page.getByText('Reframing content...').waitFor();
    expect((await request).postDataJSON()).toEqual({
      lensType: 'clarity',
      content: `${analysed.site.title}. ${analysed.site.description}`,
    });
    release();
    const reframe = (await (await answer).json()) as ReframeResponse;
    await page.getByRole('heading', { name: 'Clarity lens' }).waitFor();
    expect(await page.getByRole('button', { name: 'Clarity' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByText(reframe.reframedContent, { exact: true }).waitFor();
    // With no model configured, the screen says Frenly's rules wrote it.
    expect(reframe.engine).toBe('heuristic');
    await page
      .getByText('Written by Frenly’s rules from the evidence on the page', { exact: false })
      .first()
      .waitFor();
    if (reframe.actionableAdvice) {
      await page.getByRole('heading', { name: 'Actionable Advice' }).waitFor();
      await page.getByText(reframe.actionableAdvice, { exact: true }).waitFor();
    }
    expect(reframe.reframedContent.length).toBeGreaterThan(20);
    await checkScreen(ada, 'analysis-result');

    // Each lens asks again.
    await page.getByRole('button', { name: 'Joy' }).click();
    await page.getByRole('heading', { name: 'Joy lens' }).waitFor();
  });

  it('votes and stakes from the sidebar: Community Voice with its approval percent, the total and Recent Stakes', async () => {
    const { page } = ada;
    const sidebar = page.getByRole('complementary', { name: 'Community' });
    expect(await sidebar.getByTestId('approval').innerText()).toBe('No votes yet');
    const voteUp = sidebar.getByRole('button', { name: /^Vote up / });
    expect(await voteUp.getAttribute('aria-pressed')).toBe('false');
    await voteUp.click();
    // The button shows the user's vote.
    await eventually(async () => expect(await voteUp.getAttribute('aria-pressed')).toBe('true'));
    await eventually(async () =>
      expect(await sidebar.getByTestId('upvotes').innerText()).toBe('1'),
    );
    expect(await sidebar.getByTestId('approval').innerText()).toBe('100%');
    await sidebar.getByRole('button', { name: /^Vote down / }).click();
    // One vote per person: the down-vote replaces the up-vote.
    await eventually(async () =>
      expect(await sidebar.getByTestId('downvotes').innerText()).toBe('1'),
    );
    expect(await sidebar.getByTestId('upvotes').innerText()).toBe('0');
    expect(await sidebar.getByTestId('approval').innerText()).toBe('0%');

    await sidebar.getByText('No stakes yet. Be the first to back or question this site.').waitFor();
    await sidebar.getByRole('button', { name: 'Stake Bamboo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stake Your Bamboo' });
    await dialog.getByText(analysed.site.domain, { exact: true }).waitFor();
    await dialog.getByLabel('Stake Amount').fill('40');
    await dialog.getByLabel(/^Message/).fill('Lovely bread, shame about the countdown.');
    await dialog.getByRole('button', { name: 'Stake Bamboo' }).click();
    await waitForToast(
      page,
      'Stake Successful',
      `Successfully staked 40 bamboo on ${analysed.site.domain}`,
    );
    await sidebar.getByText('Total staked: 40 Bamboo').waitFor();
    const stake = sidebar.getByRole('listitem').filter({ hasText: '40 Bamboo' });
    await stake.getByText('“Lovely bread, shame about the countdown.”').waitFor();
    await stake.getByText('Support').waitFor();
    await eventually(async () => expect(await balanceOf(page)).toBe('960 Bamboo'));
    await checkScreen(ada, 'analysis-community');
  });

  it('runs the analysis by itself for a ?url= address', async () => {
    const { page } = ada;
    const deals = `${site.url}deals`;
    await page.goto(`/analysis?url=${encodeURIComponent(deals)}`);
    await waitForToast(
      page,
      'Analysis Complete',
      'Website analysis has been completed successfully.',
    );
    await page.getByRole('heading', { name: 'UX Scorecard' }).waitFor();
    expect(await urlField(page).inputValue()).toBe(deals);
    expect(site.hits).toContain('/deals');
    // Its score in the results below is the one after the browser's visit.
    await browserCheckFinished(page);
  }, 150_000);

  it('only offers the analysis when another site links to a ?url= address', async () => {
    const { page } = ada;
    const deals = `${site.url}deals`;
    // A page on another site (served by the browser itself) linking to the analyzer.
    const elsewhere = 'http://elsewhere.example/';
    const target = `${stack.app.baseUrl}/analysis?url=${encodeURIComponent(deals)}`;
    await page.route(`${elsewhere}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a href="${target}">Analyze this</a>` }),
    );
    const analyses: string[] = [];
    const count = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/sites/analyze'))
        analyses.push(request.url());
    };
    page.on('request', count);
    try {
      await page.goto(elsewhere);
      await page.getByRole('link', { name: 'Analyze this' }).click();
      const confirm = page.getByRole('button', { name: `Analyze ${deals}` });
      await confirm.waitFor();
      expect(await urlField(page).inputValue()).toBe(deals);
      expect(analyses).toEqual([]);
      await confirm.click();
      await page.getByRole('heading', { name: 'UX Scorecard' }).waitFor();
      expect(analyses).toHaveLength(1);
    } finally {
      page.off('request', count);
      await page.unroute(`${elsewhere}**`);
    }
  });

  it('shows the analysed sites in the results with their score bands, and the Community Alert below 40', async () => {
    const { page } = ada;
    await openResults(page, 'crumb');
    const bakery = resultCardFor(page, site.url);
    const deals = resultCardFor(page, `${site.url}deals`);
    const scoreOf = async (card: ReturnType<typeof resultCardFor>) => {
      const badge = card.getByText(/^Frenliness \d+$/);
      return { text: await badge.innerText(), band: await badge.getAttribute('data-band') };
    };
    const bakeryScore = await scoreOf(bakery);
    const dealsScore = await scoreOf(deals);
    expect(bakeryScore.text).toBe(`Frenliness ${analysed.site.frenlinessScore}`);
    const band = (score: number) =>
      score >= 80 ? 'best' : score >= 60 ? 'good' : score >= 40 ? 'fair' : 'poor';
    expect(bakeryScore.band).toBe(band(analysed.site.frenlinessScore!));
    const dealsValue = Number(dealsScore.text.replace('Frenliness ', ''));
    expect(dealsValue).toBeLessThan(40); // every trick in the book
    expect(dealsScore.band).toBe('poor');
    const alert = 'This site has received concerns about its practices and transparency.';
    await deals.getByRole('note').getByText(alert).waitFor();
    expect(await bakery.getByText(alert).count()).toBe(analysed.site.frenlinessScore! < 40 ? 1 : 0);
    // The up-vote then down-vote, and the stake, made on the analysis screen.
    expect(await bakery.getByTestId('downvotes').innerText()).toBe('1');
    await bakery.getByRole('button', { name: 'Stake Bamboo (40)' }).waitFor();
    await checkScreen(ada, 'results-score-bands');
  });
});
