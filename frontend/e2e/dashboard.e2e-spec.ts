// The signed-in dashboard: greeting, balance, the three tools, the 5 most recent stakes and
// trending searches, with both empty states on a fresh installation.
import type { Page } from 'playwright-core';
import { checkScreen } from './support/screens.js';
import { openSession, signInFromLanding, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

describe('the dashboard', () => {
  let stack: E2eStack;
  let katherine: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    katherine = await openSession(stack.browser, stack.app.baseUrl);
    await signInFromLanding(katherine.page, 'Katherine Johnson');
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  const recentStakes = (page: Page) =>
    page
      .getByRole('heading', { name: 'Recent Stakes' })
      .locator('xpath=ancestor::*[contains(@class, "rounded")][1]');

  /** Places a stake through the API the way the dialog does (same session, same origin). */
  async function stakeOn(
    page: Page,
    siteId: number,
    amount: number,
    type: 'support' | 'concern',
  ): Promise<void> {
    const status = await page.evaluate(
      `fetch('/api/stakes', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ siteId: ${siteId}, amount: ${amount}, type: '${type}' }),
      }).then((res) => res.status)`,
    );
    expect(status).toBe(201);
  }

  it('opens from the initials, greets by first name and shows the balance, the tools and both empty states', async () => {
    const { page } = katherine;
    await page.getByRole('link', { name: 'Katherine Johnson: open your dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Frenly Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText('Welcome back, Katherine!').waitFor();
    await page.getByText('Your balance: 1,000 Bamboo').waitFor();
    expect(await page.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe(
      '/auth/logout',
    );
    const tools = page.getByRole('main').getByRole('list').first().getByRole('link');
    expect(await tools.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/search',
      '/browser',
      '/analysis',
    ]);
    expect((await tools.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([
      'Frenly Search',
      'Frenly Browser',
      'Frenly Analyzer',
    ]);
    await page.getByText('No stakes yet. Start by analyzing some websites!').waitFor();
    await page.getByText('No trending searches available.').waitFor();
    await checkScreen(katherine, 'dashboard-empty');
  });

  it("lists the user's 5 most recent stakes, newest first: site, amount, type and date", async () => {
    const { page } = katherine;
    const search = (await (await fetch(`${stack.app.baseUrl}/api/search?q=wikipedia`)).json()) as {
      results: { id: number; domain: string }[];
    };
    const sites = search.results.slice(0, 6).map((s) => s.id);
    const domains = search.results.slice(0, 6).map((s) => s.domain);
    expect(sites).toHaveLength(6);
    for (const [i, siteId] of sites.entries())
      await stakeOn(page, siteId, 10 * (i + 1), i % 2 === 0 ? 'support' : 'concern');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Frenly Dashboard' }).waitFor();
    await page.getByText('Your balance: 790 Bamboo').waitFor(); // 1,000 − (10 + 20 + … + 60)
    const items = recentStakes(page).getByRole('listitem');
    await items.first().waitFor();
    const today = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }).format(new Date());
    const rows = (await items.allInnerTexts()).map((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
    expect(rows).toEqual(
      // Each stake names its site (a link to its analysis) above the spec's "Site #id" line.
      [6, 5, 4, 3, 2].map((n) => [
        domains[n - 1],
        `${10 * n} Bamboo on Site #${sites[n - 1]}`,
        expect.stringContaining(today),
        n % 2 === 1 ? 'Support' : 'Concern',
      ]),
    );
    await checkScreen(katherine, 'dashboard');
  });

  it('links each tool to its screen', async () => {
    const { page } = katherine;
    await page.getByRole('link', { name: /^Frenly Browser/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Frenly Browser' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /^Frenly Analyzer/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Analyze Any Website' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /^Frenly Search/ }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Frenly Search' })
      .waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(katherine.console.takeErrors()).toEqual([]);
  });
});
