// Search home and search results against the real search service (the seed corpus).
import type { Page } from 'playwright-core';
import { aboutResultsLine, resultCards as cards, waitForToast } from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { checkScreen } from './support/screens.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';
import { openSession, type BrowserSession } from './support/session.js';

const FALLBACK_CHIPS = [
  'sustainable fashion',
  'AI ethics',
  'climate change solutions',
  'digital wellness',
];

describe('search home and results', () => {
  let stack: E2eStack;
  let visitor: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    visitor = await openSession(stack.browser, stack.app.baseUrl);
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  const searchField = (page: Page) =>
    page.getByRole('searchbox', { name: 'Search the web with Frenly' });
  const query = (page: Page) => new URL(page.url()).searchParams.get('q');
  const aboutLine = aboutResultsLine;

  it('offers the search home to visitors: the fallback trending chips, and blank searches are ignored', async () => {
    const { page } = visitor;
    await page.goto('/search');
    await page.getByRole('heading', { name: 'Trending Searches' }).waitFor();
    const chips = page.getByRole('region', { name: 'Trending Searches' }).getByRole('button');
    // A fresh installation has no trending queries yet: the spec's fallback list.
    expect(await chips.allInnerTexts()).toEqual(FALLBACK_CHIPS);
    // Every chip shown leads somewhere: each finds results in a fresh installation's index.
    for (const chip of FALLBACK_CHIPS) {
      const res = await fetch(`${stack.app.baseUrl}/api/search?q=${encodeURIComponent(chip)}`);
      const body = (await res.json()) as { total: number };
      expect([chip, body.total > 0]).toEqual([chip, true]);
    }
    // Signing in from here comes back here.
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/home?returnTo=%2Fsearch',
    );

    await searchField(page).fill('   ');
    await page.getByRole('button', { name: 'Frenly Search' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).search).toBe('');
    await checkScreen(visitor, 'search-home-visitor');
  });

  it('searches with "Frenly Search": 5 placeholders while loading, then the cards and the "About N results" line', async () => {
    const { page } = visitor;
    // Hold the answer back a moment so that the loading state can be seen; it still comes from the server.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/search?*',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await searchField(page).fill('  wikipedia ');
    await page.getByRole('button', { name: 'Frenly Search' }).click();
    await page.getByTestId('result-placeholder').first().waitFor();
    expect(await page.getByTestId('result-placeholder').count()).toBe(5);
    expect(query(page)).toBe('wikipedia');
    await checkScreen(visitor, 'results-loading');
    release();

    await aboutLine(page).waitFor();
    expect(await aboutLine(page).innerText()).toBe('About 9 results with AI transparency insights');
    expect(await cards(page).count()).toBe(9);
    expect(await page.getByTestId('result-placeholder').count()).toBe(0);
    expect(await searchField(page).inputValue()).toBe('wikipedia');
    await checkScreen(visitor, 'results-visitor');
  });

  it('shows every part of a result card, with a title that opens in a new tab', async () => {
    const { page } = visitor;
    const card = cards(page)
      .filter({ has: page.getByRole('heading', { name: /^Wikipedia/ }) })
      .first();
    await card.waitFor();
    expect(await card.getByText('https://www.wikipedia.org/', { exact: true }).count()).toBe(1);
    const title = card.getByRole('heading', { level: 2 }).getByRole('link');
    expect(await title.getAttribute('href')).toBe('https://www.wikipedia.org/');
    expect(await title.getAttribute('target')).toBe('_blank');
    expect(await title.getAttribute('rel')).toBe('noopener noreferrer');
    // Seeded sites are indexed but not yet analysed: no score band until the analyzer has run,
    // and the card says where its analysis stands instead.
    await card.getByTestId('insight-status').waitFor();
    expect(await card.getByText(/^Frenliness \d+$/).count()).toBe(0);
    expect(await card.getByTestId('upvotes').innerText()).toBe('0');
    expect(await card.getByTestId('downvotes').innerText()).toBe('0');
    await card.getByRole('button', { name: 'Stake Bamboo (0)' }).waitFor();
    expect(await card.getByRole('link', { name: 'AI Deep Analysis' }).getAttribute('href')).toBe(
      `/analysis?url=${encodeURIComponent('https://www.wikipedia.org/')}`,
    );
  });

  it('keeps the header (with its search box) in view while scrolling the results', async () => {
    const { page } = visitor;
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.mouse.wheel(0, 1500);
    await eventually(async () =>
      expect(await page.evaluate('window.scrollY')).toBeGreaterThan(300),
    );
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.y).toBe(0);
    expect(await searchField(page).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('asks visitors to sign in before they vote or stake', async () => {
    const { page } = visitor;
    const card = cards(page).first();
    await card.getByRole('button', { name: /^Vote up / }).click();
    await waitForToast(page, 'Sign in required', 'Please sign in to vote on sites.');
    await card.getByRole('button', { name: /^Stake Bamboo/ }).click();
    await waitForToast(page, 'Sign in required', 'Please sign in to stake bamboo.');
    // One toast at a time: the second replaced the first.
    await eventually(async () =>
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: 'Please sign in to vote on sites.' })
          .count(),
      ).toBe(0),
    );
    expect(await card.getByTestId('upvotes').innerText()).toBe('0');
    await checkScreen(visitor, 'results-sign-in-toast');
  });

  it('shows the empty state for a query nothing matches', async () => {
    const { page } = visitor;
    await searchField(page).fill('zzqqxxyy');
    await searchField(page).press('Enter');
    await page.getByText('No results found').waitFor();
    await page.getByText('Try different keywords or check your spelling.').waitFor();
    expect(query(page)).toBe('zzqqxxyy');
    expect(await cards(page).count()).toBe(0);
    await checkScreen(visitor, 'results-empty');
  });

  it('runs the search from "I\'m Feeling Frenly" and from a trending chip', async () => {
    const { page } = visitor;
    await page.goto('/search');
    await searchField(page).fill('privacy');
    await page.getByRole('button', { name: "I'm Feeling Frenly" }).click();
    await aboutLine(page).waitFor();
    expect(query(page)).toBe('privacy');
    expect(await cards(page).count()).toBeGreaterThan(0);

    await page.goto('/search');
    await page.getByRole('button', { name: 'climate change solutions' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'climate change solutions');
    await page
      .getByRole('heading', { level: 1, name: 'Search results for climate change solutions' })
      .waitFor({ state: 'attached' });
  });

  it('lets ?q= win over the path', async () => {
    const { page } = visitor;
    await page.goto('/analysis?q=wikipedia');
    await aboutLine(page).waitFor();
    expect(await cards(page).count()).toBe(9);
    expect(await page.getByText('Sign In Required').count()).toBe(0);
  });

  it('takes a spoken query (English, one result) and alerts where speech recognition is missing', async () => {
    const context = await stack.browser.newContext({ baseURL: stack.app.baseUrl });
    try {
      // A stand-in for the browser's recogniser that "hears" a phrase and records its settings.
      await context.addInitScript(`
        window.SpeechRecognition = window.webkitSpeechRecognition = class {
          start() {
            window.__recognition = { lang: this.lang, maxAlternatives: this.maxAlternatives };
            setTimeout(() => { this.onresult?.({ results: [[{ transcript: 'open data' }]] }); this.onend?.(); }, 50);
          }
          stop() { this.onend?.(); }
        };
        if (new URLSearchParams(location.search).has('no-speech')) {
          delete window.SpeechRecognition;
          delete window.webkitSpeechRecognition;
        }`);
      const page = await context.newPage();
      await page.goto('/search');
      await page.getByRole('button', { name: 'Search by voice' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'open data');
      expect(await page.evaluate('window.__recognition')).toEqual({
        lang: 'en-US',
        maxAlternatives: 1,
      });

      // A browser without the Web Speech API.
      await page.goto('/search?no-speech');
      const alerts: { type: string; message: string }[] = [];
      page.once('dialog', (dialog) => {
        alerts.push({ type: dialog.type(), message: dialog.message() });
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Search by voice' }).click();
      await eventually(() =>
        expect(alerts).toEqual([
          { type: 'alert', message: 'Speech recognition is not supported in your browser.' },
        ]),
      );
    } finally {
      await context.close();
    }
  });
});
