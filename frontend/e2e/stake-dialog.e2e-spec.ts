// "Stake Your Bamboo": defaults, validations, the insufficient-balance toast, a stake that goes
// through (balance and totals updated), and a stake after the session ended.
import type { Locator, Page, Request } from 'playwright-core';
import {
  balanceOf,
  openResults,
  resultCardFor,
  waitForToast,
  watchForToast,
} from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { checkScreen } from './support/screens.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';
import { openSession, signInFromLanding, type BrowserSession } from './support/session.js';

const WIKIPEDIA = 'https://www.wikipedia.org/';

describe('the stake dialog', () => {
  let stack: E2eStack;
  let grace: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    grace = await openSession(stack.browser, stack.app.baseUrl);
    await signInFromLanding(grace.page, 'Grace Hopper');
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Stake Your Bamboo' });
  const amount = (page: Page) => dialog(page).getByLabel('Stake Amount');
  const message = (page: Page) => dialog(page).getByLabel(/^Message/);
  const counter = (page: Page) => dialog(page).getByText(/^\d+\/500 characters$/);

  async function openDialog(page: Page): Promise<Locator> {
    await resultCardFor(page, WIKIPEDIA)
      .getByRole('button', { name: /^Stake Bamboo/ })
      .click();
    await dialog(page).waitFor();
    return dialog(page);
  }

  it('opens from a result with the site, the defaults (50 bamboo, support) and the available balance', async () => {
    const { page } = grace;
    await openResults(page, 'wikipedia');
    const stake = await openDialog(page);
    await stake.getByText('wikipedia.org', { exact: true }).waitFor();
    await stake.getByText('Not yet analysed').waitFor();
    expect(await amount(page).inputValue()).toBe('50');
    expect(await amount(page).getAttribute('min')).toBe('1');
    expect(await amount(page).getAttribute('max')).toBe('1000'); // the balance
    expect(await stake.getByRole('radio', { name: /^Support/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await stake.getByRole('radio', { name: /^Concern/ }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await stake.getByText('Available: 1,000 Bamboo').waitFor();
    expect(await counter(page).innerText()).toBe('0/500 characters');
    await checkScreen(grace, 'stake-dialog', { viewportOnly: true });
  });

  it('refuses a 0 or negative amount with "Invalid Amount", sending nothing (by a click and by Enter), and counts and caps the message at 500 characters', async () => {
    const { page } = grace;
    const posts: string[] = [];
    const count = (request: Request) => request.method() === 'POST' && posts.push(request.url());
    page.on('request', count);
    for (const [typed, how] of [
      ['0', 'click'],
      ['-20', 'Enter'],
    ] as const) {
      await amount(page).fill(typed);
      // A click blurs the field before the submit: the typed amount must still be refused.
      if (how === 'click') await dialog(page).getByRole('button', { name: 'Stake Bamboo' }).click();
      else await amount(page).press('Enter');
      // Located by markup: the open dialog hides the rest of the page, toasts too, from roles.
      const toast = page.locator('ol > li:not([data-seen])', { hasText: 'Invalid Amount' });
      await toast.getByText('Please enter a valid stake amount.').waitFor();
      await toast.evaluate((el) => el.setAttribute('data-seen', 'yes'));
      // Then coerced to the least stake (spec §5), which a second submit would send.
      expect(await amount(page).inputValue()).toBe('1');
    }
    page.off('request', count);
    expect(posts).toEqual([]);
    expect(await balanceOf(page)).toBe('1,000 Bamboo');
    await message(page).fill('Honest');
    expect(await counter(page).innerText()).toBe('6/500 characters');
    await message(page).fill('x'.repeat(600));
    expect((await message(page).inputValue()).length).toBe(500);
    expect(await counter(page).innerText()).toBe('500/500 characters');
  });

  it('refuses more than the balance with the insufficient-balance toast, and sends nothing', async () => {
    const { page } = grace;
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
    await amount(page).fill('1500');
    await dialog(page).getByRole('button', { name: 'Stake Bamboo' }).click();
    await waitForToast(
      page,
      'Insufficient Balance',
      "You don't have enough bamboo to stake this amount.",
    );
    expect(await dialog(page).isVisible()).toBe(true);
    expect(posts).toEqual([]);
    expect(await balanceOf(page)).toBe('1,000 Bamboo');
    await checkScreen(grace, 'stake-dialog-insufficient-balance', {
      viewportOnly: true,
    });
  });

  it('closes on Escape while its toast is showing (the toast stays), and on Cancel, and opens again with the defaults', async () => {
    const { page } = grace;
    // A toast raised from the dialog is Radix's newest layer, yet Escape is for the dialog.
    await amount(page).fill('1500');
    await dialog(page).getByRole('button', { name: 'Stake Bamboo' }).click();
    // Located by markup: the open dialog hides the rest of the page, toasts too, from roles.
    const toast = page.locator('ol > li', { hasText: 'Insufficient Balance' });
    await toast.waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await toast.isVisible()).toBe(true);

    await openDialog(page);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await openDialog(page);
    expect(await amount(page).inputValue()).toBe('50');
    expect(await counter(page).innerText()).toBe('0/500 characters');
  });

  it('stakes: "Staking..." while pending, the success toast, the dialog closes, balance and total update', async () => {
    const { page } = grace;
    await amount(page).fill('120');
    await dialog(page)
      .getByRole('radio', { name: /^Concern/ })
      .click();
    await message(page).fill('  Cookie banner hides the reject button.  ');
    // Hold the request a moment so that the pending label can be seen; the server still answers.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stakes', async (route) => (await held, route.continue()), {
      times: 1,
    });
    await dialog(page).getByRole('button', { name: 'Stake Bamboo' }).click();
    const pending = dialog(page).getByRole('button', { name: 'Staking...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    await waitForToast(page, 'Stake Successful', 'Successfully staked 120 bamboo on wikipedia.org');
    await dialog(page).waitFor({ state: 'detached' });
    await eventually(async () => expect(await balanceOf(page)).toBe('880 Bamboo'));
    await resultCardFor(page, WIKIPEDIA)
      .getByRole('button', { name: 'Stake Bamboo (120)' })
      .waitFor();
    await checkScreen(grace, 'results-after-stake');

    // What the server recorded: the message trimmed, the type chosen.
    const stakes = (await (await grace.context.request.get('/api/stakes/user')).json()) as {
      amount: number;
      type: string;
      message: string | null;
    }[];
    expect(stakes).toEqual([
      expect.objectContaining({
        amount: 120,
        type: 'concern',
        message: 'Cookie banner hides the reject button.',
      }),
    ]);
  });

  it('tells a user whose session ended that they are logged out, then sends them to sign in again', async () => {
    const { page, context } = grace;
    await context.clearCookies(); // signed out elsewhere: the page still thinks it is signed in
    // The toast shows for 500 ms before the app goes to /api/login; the page reports it as it
    // renders, so a slow poll cannot miss it.
    await openDialog(page);
    const toast = await watchForToast(
      page,
      'Unauthorized',
      'You are logged out. Logging in again...',
    );
    await dialog(page).getByRole('button', { name: 'Stake Bamboo' }).click();
    await toast.shown;
    // After 500 ms the app goes to /api/login, which leads to the identity provider.
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await page.getByLabel('Your name').waitFor();
    expect(grace.console.takeErrors([/status of 401/])).toEqual([]);
  });
});
