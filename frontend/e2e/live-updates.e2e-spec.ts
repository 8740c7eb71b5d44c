// Live updates between two people: a vote or a stake in one browser shows in the other's
// results without a reload (the realtime service's /ws socket feeding the RTK Query cache).
import type { Page } from 'playwright-core';
import { openResults, resultCardFor } from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { openLiveConnections } from './support/live-connections.js';
import { checkScreen } from './support/screens.js';
import { openSession, signInFromLanding, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

const WIKIPEDIA = 'https://www.wikipedia.org/';
const WIKIDATA = 'https://www.wikidata.org/';

describe('live updates between two signed-in people', () => {
  let stack: E2eStack;
  let alice: BrowserSession;
  let bob: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    [alice, bob] = await Promise.all([
      openSession(stack.browser, stack.app.baseUrl),
      openSession(stack.browser, stack.app.baseUrl),
    ]);
    await signInFromLanding(alice.page, 'Alice Liddell');
    await signInFromLanding(bob.page, 'Bob Marley');
    await Promise.all([openResults(alice.page, 'wikipedia'), openResults(bob.page, 'wikipedia')]);
    // Both live sockets are up before anyone acts (otherwise an update could pass unseen).
    await eventually(async () =>
      expect(await openLiveConnections(stack.app)).toBeGreaterThanOrEqual(2),
    );
    // A marker that a reload would wipe out.
    await bob.page.evaluate('window.__sameDocument = true');
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  const counts = async (page: Page, url: string) => {
    const card = resultCardFor(page, url);
    return {
      up: await card.getByTestId('upvotes').innerText(),
      down: await card.getByTestId('downvotes').innerText(),
    };
  };
  const vote = (page: Page, url: string, direction: 'up' | 'down') =>
    resultCardFor(page, url)
      .getByRole('button', { name: new RegExp(`^Vote ${direction} `) })
      .click();

  it("shows Alice's up-vote in Bob's results, live", async () => {
    await vote(alice.page, WIKIPEDIA, 'up');
    await eventually(async () =>
      expect(await counts(alice.page, WIKIPEDIA)).toEqual({ up: '1', down: '0' }),
    );
    await eventually(async () =>
      expect(await counts(bob.page, WIKIPEDIA)).toEqual({ up: '1', down: '0' }),
    );
    expect(await bob.page.evaluate('window.__sameDocument')).toBe(true);
    await checkScreen(bob, 'results-live-vote');
  });

  it("and Bob's down-vote on another site in Alice's", async () => {
    await vote(bob.page, WIKIDATA, 'down');
    await eventually(async () =>
      expect(await counts(alice.page, WIKIDATA)).toEqual({ up: '0', down: '1' }),
    );
    expect(await counts(alice.page, WIKIPEDIA)).toEqual({ up: '1', down: '0' });
  });

  it("refreshes Bob's results when Alice stakes (the site's total staked)", async () => {
    const { page } = alice;
    await resultCardFor(page, WIKIDATA).getByRole('button', { name: 'Stake Bamboo (0)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stake Your Bamboo' });
    await dialog.getByLabel('Stake Amount').fill('75');
    await dialog.getByRole('button', { name: 'Stake Bamboo' }).click();
    await dialog.waitFor({ state: 'detached' });
    await resultCardFor(bob.page, WIKIDATA)
      .getByRole('button', { name: 'Stake Bamboo (75)' })
      .waitFor();
    expect(await bob.page.evaluate('window.__sameDocument')).toBe(true);
    expect(alice.console.takeErrors()).toEqual([]);
    expect(bob.console.takeErrors()).toEqual([]);
  });
});
