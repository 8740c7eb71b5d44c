// The browser mock-up (client-only state): tabs, the address bar's search-or-URL rules, the
// interception banner for 3 s, fake loads (1 s search and refresh, 1.5 s URL), back/forward
// that only log. The reducer's exact timings are unit-tested; here the real page is driven.
import type { Page } from 'playwright-core';
import { eventually } from './support/eventually.js';
import { PageClock } from './support/page-clock.js';
import { checkScreen } from './support/screens.js';
import { openSession, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

const BANNER = 'Search intercepted by Frenly Browser';
const BLANK_TEXT = 'Enter a URL or search term to get started';
const LOADING = 'Loading…';

describe('the browser mock-up', () => {
  let stack: E2eStack;
  let visitor: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    visitor = await openSession(stack.browser, stack.app.baseUrl);
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  const address = (page: Page) => page.getByLabel('Address or search');
  const tabs = (page: Page) => page.getByRole('list', { name: 'Tabs' }).getByRole('listitem');
  const tabTitles = (page: Page) =>
    tabs(page).locator('button[aria-current], button[title]').allInnerTexts();
  const activeTab = (page: Page) =>
    page.getByRole('list', { name: 'Tabs' }).locator('button[aria-current="true"]');
  const banner = (page: Page) => page.getByRole('status').filter({ hasText: BANNER });

  /** Submits the address bar and measures how long the fake load takes, in ms (page clock). */
  async function submitAndTimeLoad(page: Page, text: string): Promise<number> {
    await address(page).fill(text);
    const clock = await PageClock.arm(page, [LOADING]);
    await address(page).press('Enter');
    await clock.msUntilShown(LOADING);
    return clock.msUntilGone(LOADING);
  }

  it('opens with one blank tab: "New Tab", about:blank and the blank-tab text', async () => {
    const { page } = visitor;
    await page.goto('/browser');
    await page.getByRole('heading', { level: 1, name: 'Frenly Browser' }).waitFor();
    expect(await tabTitles(page)).toEqual(['New Tab']);
    // The tab is at about:blank; its address bar is empty and ready for typing.
    expect(await activeTab(page).getAttribute('title')).toBe('about:blank');
    expect(await address(page).inputValue()).toBe('');
    await page.getByText(BLANK_TEXT).waitFor();
    await checkScreen(visitor, 'browser-blank-tab');
  });

  it('intercepts text without a dot as a search: the banner for 3 s, "Search: <text>", a 1 s load', async () => {
    const { page } = visitor;
    await address(page).fill('ethical fashion');
    const clock = await PageClock.arm(page, [BANNER, LOADING]);
    await address(page).press('Enter');
    await banner(page).waitFor();
    expect(await activeTab(page).innerText()).toBe('Search: ethical fashion');
    const loaded = await clock.msUntilGone(LOADING);
    await page.getByText('Frenly Browser kept this search with Frenly').waitFor();
    const bannerShown = await clock.msUntilGone(BANNER);
    expect(await clock.msUntilShown(BANNER)).toBeLessThan(500);
    expect(loaded).toBeGreaterThanOrEqual(950);
    expect(loaded).toBeLessThan(2_000);
    expect(bannerShown).toBeGreaterThan(loaded); // still up after the load
    expect(bannerShown).toBeGreaterThanOrEqual(2_950);
    expect(bannerShown).toBeLessThan(4_000);
    expect(
      await page.getByRole('link', { name: 'See results in Frenly Search' }).getAttribute('href'),
    ).toBe('/search?q=ethical%20fashion');
    await checkScreen(visitor, 'browser-search-tab');
  });

  it('treats text with a space as a search even when it has a dot', async () => {
    const { page } = visitor;
    await address(page).fill('best.coffee beans');
    await address(page).press('Enter');
    await banner(page).waitFor();
    expect(await activeTab(page).innerText()).toBe('Search: best.coffee beans');
  });

  it('loads an address with a dot as a URL, https:// prefixed, in 1.5 s, without the banner', async () => {
    const { page } = visitor;
    await banner(page).waitFor({ state: 'detached', timeout: 6_000 });
    const took = await submitAndTimeLoad(page, 'example.org');
    expect(took).toBeGreaterThanOrEqual(1_450);
    expect(took).toBeLessThan(2_500);
    expect(await address(page).inputValue()).toBe('https://example.org');
    expect(await activeTab(page).innerText()).toBe('example.org');
    expect(await banner(page).count()).toBe(0);
    expect(
      await page.getByRole('link', { name: 'Analyze with Frenly Analyzer' }).getAttribute('href'),
    ).toBe(`/analysis?url=${encodeURIComponent('https://example.org')}`);
    const open = page.getByRole('link', { name: 'Open site' });
    expect([
      await open.getAttribute('href'),
      await open.getAttribute('target'),
      await open.getAttribute('rel'),
    ]).toEqual(['https://example.org', '_blank', 'noopener noreferrer']);
    await checkScreen(visitor, 'browser-page-tab');
  });

  it('keeps a scheme that is already there', async () => {
    const { page } = visitor;
    await submitAndTimeLoad(page, 'http://example.com/docs');
    expect(await address(page).inputValue()).toBe('http://example.com/docs');
    expect(await activeTab(page).innerText()).toBe('example.com');
  });

  it('refreshes with a 1 s fake load, and back and forward only log', async () => {
    const { page } = visitor;
    const clock = await PageClock.arm(page, [LOADING]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await clock.msUntilShown(LOADING);
    const took = await clock.msUntilGone(LOADING);
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(2_000);

    const logged = visitor.console.messages.length;
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Forward' }).click();
    await eventually(() =>
      expect(visitor.console.messages.slice(logged)).toEqual(['Navigate back', 'Navigate forward']),
    );
    expect(await address(page).inputValue()).toBe('http://example.com/docs');
    expect(await tabTitles(page)).toEqual(['example.com']);
  });

  it('opens new tabs, switches between them (the address follows), and closes them', async () => {
    const { page } = visitor;
    await page.getByRole('button', { name: 'New tab' }).click();
    expect(await tabTitles(page)).toEqual(['example.com', 'New Tab']);
    expect(await activeTab(page).innerText()).toBe('New Tab');
    expect(await address(page).inputValue()).toBe('');
    // A new tab puts the cursor in its address bar.
    expect(await address(page).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.getByText(BLANK_TEXT).waitFor();

    await page.getByRole('button', { name: 'example.com', exact: true }).click();
    expect(await activeTab(page).innerText()).toBe('example.com');
    expect(await address(page).inputValue()).toBe('http://example.com/docs');

    // Closing the active tab activates its neighbour.
    await page.getByRole('button', { name: 'Close example.com' }).click();
    expect(await tabTitles(page)).toEqual(['New Tab']);
    expect(await activeTab(page).innerText()).toBe('New Tab');
    expect(await address(page).inputValue()).toBe('');
  });

  it('replaces the last tab, once closed, with a fresh blank one', async () => {
    const { page } = visitor;
    await submitAndTimeLoad(page, 'frenly.example');
    expect(await tabTitles(page)).toEqual(['frenly.example']);
    await page.getByRole('button', { name: 'Close frenly.example' }).click();
    expect(await tabTitles(page)).toEqual(['New Tab']);
    expect(await address(page).inputValue()).toBe('');
    await page.getByText(BLANK_TEXT).waitFor();
  });

  it('hands an intercepted search to Frenly Search', async () => {
    const { page } = visitor;
    await address(page).fill('open source maps');
    await address(page).press('Enter');
    await page.getByRole('link', { name: 'See results in Frenly Search' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'open source maps',
    );
    await page
      .getByRole('heading', { level: 1, name: 'Search results for open source maps' })
      .waitFor({ state: 'attached' });
    expect(visitor.console.takeErrors()).toEqual([]);
  });
});
