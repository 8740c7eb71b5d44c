// A result card updates live when its site's analysis lands: a signed-in user's results show
// the seeded https://www.wikipedia.org/ without insights; an analysis of that address runs (from
// the Analyzer in a second tab) against a stand-in served on loopback over TLS (FRENLY_RESOLVE
// maps the name, NODE_EXTRA_CA_CERTS trusts this test's own certificate), and the first tab's
// card turns into an analysed one without a reload: analysis -> analysis.site-analyzed ->
// realtime's site_insights_update -> the socket -> the RTK Query cache -> the card.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSelfSignedCertificate } from '@frenly/testing';
import { openResults, resultCardFor } from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { BAKERY_HTML } from './support/fixture-site.js';
import { openLiveConnections } from './support/live-connections.js';
import { checkScreen } from './support/screens.js';
import { openSession, signInFromLanding, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

const WIKIPEDIA = 'https://www.wikipedia.org/';

describe('a result card when its analysis lands', () => {
  let dir: string;
  let server: Server;
  let stack: E2eStack;
  let alice: BrowserSession;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'frenly-live-insights-'));
    // A certificate for www.wikipedia.org that only this test's backend trusts (its own CA).
    const { cert, key } = makeSelfSignedCertificate(['www.wikipedia.org']);
    const certFile = join(dir, 'cert.pem');
    writeFileSync(certFile, cert);
    server = createServer({ cert, key }, (req, res) => {
      if (req.url === '/robots.txt')
        return void res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nAllow: /\n');
      if (req.url === '/')
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(BAKERY_HTML);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    stack = await startStack({
      FRENLY_RESOLVE: `www.wikipedia.org=${hostPort}`,
      FRENLY_FETCH_ALLOWLIST: hostPort,
      NODE_EXTRA_CA_CERTS: certFile,
      // The crawler stays off so that the card is unanalysed until this test asks.
      SEARCH_AUTO_CRAWL: 'off',
      BROWSER_POOL_SIZE: '0',
    });
    alice = await openSession(stack.browser, stack.app.baseUrl);
    await signInFromLanding(alice.page, 'Alice Liddell');
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the score, findings and their age in place, without a reload', async () => {
    const { page } = alice;
    await openResults(page, 'wikipedia');
    const card = resultCardFor(page, WIKIPEDIA);
    // Before: what is known, never a score.
    await card.getByTestId('insight-status').waitFor();
    expect(await card.getByText(/^Frenliness \d+$/).count()).toBe(0);
    await eventually(async () =>
      expect(await openLiveConnections(stack.app)).toBeGreaterThanOrEqual(1),
    );
    await page.evaluate('window.__sameDocument = true');
    // The card must change by the live message alone: no search is fetched again meanwhile.
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') searches.push(request.url());
    });
    await checkScreen(alice, 'results-insight-pending');

    // The analysis runs from the Analyzer in a second tab of the same person.
    const analyzer = await alice.context.newPage();
    await analyzer.goto(`/analysis?url=${encodeURIComponent(WIKIPEDIA)}`);
    // A typed-in address runs on arrival; one from elsewhere waits for a click: either works.
    const confirm = analyzer.getByRole('button', { name: `Analyze ${WIKIPEDIA}` });
    const scorecard = analyzer.getByText('UX Scorecard');
    await confirm.or(scorecard).first().waitFor();
    if (await confirm.isVisible()) await confirm.click();
    await scorecard.waitFor();
    await analyzer.close();

    await card.getByText(/^Frenliness \d+$/).waitFor();
    expect(await card.getByTestId('insight-age').innerText()).toBe('Analysed just now');
    expect(await card.getByTestId('insight-summary').innerText()).toMatch(/tracker/);
    expect(await card.getByTestId('insight-status').count()).toBe(0);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    expect(searches).toEqual([]);
    await checkScreen(alice, 'results-insight-live');
    expect(alice.console.takeErrors()).toEqual([]);
  });
});
