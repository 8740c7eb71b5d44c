// Pages as results (issue 16), in a real browser: a signed-in user submits a small site served
// on loopback; once it is crawled, a query that only an inner page answers shows that page (its
// title, its address, its text with the query's words highlighted), carrying its site's
// community and analysis; "More from this site" lists the site's other pages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchResponse } from '@frenly/contracts';
import type { Locator } from 'playwright-core';
import { aboutResultsLine, resultCards } from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { checkScreen } from './support/screens.js';
import { openSession, signInFromLanding, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

const HOST = 'kitchen-notes.test';
const SITE = `http://${HOST}/`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  '/': page(
    'Kitchen Notes',
    `<h1>Kitchen Notes</h1><p>Notes from a home kitchen, written down as they are cooked.</p>
     <a href="/eggs">Eggs</a> <a href="/rye">Rye</a> <a href="/sourdough">Sourdough</a>
     <a href="/pan">Pan</a>`,
  ),
  '/eggs': page(
    'How to boil an egg',
    `<h1>How to boil an egg</h1><p>Lower the egg into boiling water for seven minutes. Quail
     eggs need only two minutes. Cool them in cold water before peeling.</p>`,
  ),
  '/rye': page(
    'A dark rye loaf',
    `<h1>A dark rye loaf</h1><p>Rye flour, caraway seeds and a sour starter make a dense bread
     that keeps for a week. Bake it long and slow.</p>`,
  ),
  '/sourdough': page(
    'Sourdough bread basics',
    `<h1>Sourdough bread basics</h1><p>Sourdough bread rises with wild yeast from a lively
     starter fed every day.</p>`,
  ),
  '/pan': page(
    'Bread in a pan',
    `<h1>Bread in a pan</h1><p>A quick bread baked in a covered cast iron pan on the hob.</p>`,
  ),
};

/** The cards' titles, without the "(opens in a new tab)" said to screen readers. */
async function titlesOf(cards: Locator): Promise<string[]> {
  const titles = await cards.getByRole('heading', { level: 2 }).allInnerTexts();
  return titles.map((title) => title.replace(/\s*\(opens in a new tab\)$/, ''));
}

describe('pages as results', () => {
  let server: Server;
  let stack: E2eStack;
  let cook: BrowserSession;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = PAGES[new URL(req.url ?? '/', SITE).pathname];
      if (body === undefined)
        return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    stack = await startStack({
      FRENLY_RESOLVE: `${HOST}=${hostPort}`,
      FRENLY_FETCH_ALLOWLIST: hostPort,
      // Only the submitted site is crawled: the seed's real domains cannot be reached here.
      SEARCH_AUTO_CRAWL: 'off',
      BROWSER_POOL_SIZE: '0',
    });
    cook = await openSession(stack.browser, stack.app.baseUrl);
    await signInFromLanding(cook.page, 'Cook Example');
    const submitted = await cook.page.request.post('/api/search/submit', {
      data: { url: SITE },
      headers: { origin: stack.app.baseUrl },
    });
    expect(submitted.status()).toBe(202);
    // The crawl runs as a job: the inner page is searchable once it is indexed.
    await eventually(async () => {
      const answer = await cook.page.request.get(
        `/api/search?q=${encodeURIComponent(`site:${HOST} bread`)}`,
      );
      const { results } = (await answer.json()) as SearchResponse;
      expect(results.map((result) => result.url).sort()).toEqual(
        ['pan', 'rye', 'sourdough'].map((path) => `${SITE}${path}`),
      );
    }, 60_000);
  }, STACK_START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await stack?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("shows the inner page a query matches: its title, address and highlighted text, with its site's community", async () => {
    const { page } = cook;
    await page.goto('/search?q=caraway');
    await page.getByText(/^About 1 result with AI transparency insights$/).waitFor();
    const card = resultCards(page).first();
    expect(await titlesOf(card)).toEqual(['A dark rye loaf']);
    expect(await card.getByText(`${SITE}rye`, { exact: true }).count()).toBe(1);
    const snippet = card.getByTestId('result-snippet');
    expect(await snippet.locator('mark').allInnerTexts()).toEqual(['caraway']);
    expect(await snippet.innerText()).toContain('caraway seeds and a sour starter');
    // No other page of the site mentions caraway: no "More from this site" that would show the same page.
    expect(await card.getByRole('link', { name: /^More from this site/ }).count()).toBe(0);
    // Votes, stakes and analysis address the site, not the page.
    expect(await card.getByRole('link', { name: /AI Deep Analysis/ }).getAttribute('href')).toBe(
      `/analysis?url=${encodeURIComponent(SITE)}`,
    );
    await checkScreen(cook, 'page-results');
  });

  it('lists at most two pages of one site, and the rest under "More from this site"', async () => {
    const { page } = cook;
    await page.goto('/search?q=bread');
    await aboutResultsLine(page).waitFor();
    const fromTheSite = resultCards(page).filter({ hasText: SITE });
    expect(await fromTheSite.count()).toBe(2);
    await fromTheSite
      .first()
      .getByRole('link', { name: /^More from this site/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('q') === `site:${HOST} bread`);
    await eventually(async () =>
      expect((await titlesOf(resultCards(page))).sort()).toEqual([
        'A dark rye loaf',
        'Bread in a pan',
        'Sourdough bread basics',
      ]),
    );
    // Within one site, no link to the same site again.
    expect(await page.getByRole('link', { name: /^More from this site/ }).count()).toBe(0);
    await checkScreen(cook, 'page-results-more-from-site');
  });
});
