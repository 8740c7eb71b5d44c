// What every screen carries: the offline banner, the install and notification cards, the
// share button, the toasts' keyboard and swipe behaviour, and no service worker.
import type { Page } from 'playwright-core';
import { openResults, resultCards, waitForToast } from './support/app-screens.js';
import { eventually } from './support/eventually.js';
import { checkScreen } from './support/screens.js';
import { openSession, type BrowserSession } from './support/session.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';

// Chromium fires `beforeinstallprompt` only for a served, installable app after engagement
// heuristics; the test fires the same event, with a prompt the user "accepts".
const OFFER_INSTALL = `(() => {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  event.prompt = () => { window.__installPrompted = true; return Promise.resolve(); };
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  window.dispatchEvent(event);
  return event.defaultPrevented;
})()`;

describe('app extras on every screen', () => {
  let stack: E2eStack;
  let visitor: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    visitor = await openSession(stack.browser, stack.app.baseUrl);
    // A browser that can share (headless Linux has no share sheet): records what it was given.
    await visitor.context.addInitScript(
      `navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };`,
    );
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  const installCard = (page: Page) => page.getByRole('dialog', { name: 'Install Frenly' });
  const notificationCard = (page: Page) => page.getByRole('dialog', { name: 'Stay Updated' });
  const shareButton = (page: Page) => page.getByRole('button', { name: 'Share this page' });

  it('shows the offline banner while the browser is offline', async () => {
    const { page, context } = visitor;
    await page.goto('/search');
    await page.getByRole('heading', { name: 'Trending Searches' }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: "You're offline" });
    expect(await banner.count()).toBe(0);
    await context.setOffline(true);
    await banner.waitFor();
    await banner.getByText('Some features may be limited').waitFor();
    await checkScreen(visitor, 'offline-banner');
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });

  it('offers installation when the browser signals it, and hides the card after Later', async () => {
    const { page } = visitor;
    expect(await installCard(page).count()).toBe(0);
    expect(await page.evaluate(OFFER_INSTALL)).toBe(true); // the browser's own mini-infobar is suppressed
    await installCard(page).waitFor();
    await installCard(page).getByRole('button', { name: 'Install' }).waitFor();
    await checkScreen(visitor, 'install-card');
    await installCard(page).getByRole('button', { name: 'Later' }).click();
    await installCard(page).waitFor({ state: 'detached' });
    expect(await page.evaluate('window.__installPrompted === true')).toBe(false);
  });

  it('installs: the prompt, then the notification card (permission at its default) and the share button', async () => {
    const { page } = visitor;
    expect(await shareButton(page).count()).toBe(0); // not installed yet
    await page.evaluate(OFFER_INSTALL);
    await installCard(page).getByRole('button', { name: 'Install' }).click();
    await installCard(page).waitFor({ state: 'detached' });
    expect(await page.evaluate('window.__installPrompted')).toBe(true);

    expect(await page.evaluate('Notification.permission')).toBe('default');
    await notificationCard(page).waitFor();
    await notificationCard(page).getByRole('button', { name: 'Enable' }).waitFor();
    await shareButton(page).waitFor();
    await checkScreen(visitor, 'notification-card');

    await notificationCard(page).getByRole('button', { name: 'Skip' }).click();
    await notificationCard(page).waitFor({ state: 'detached' });
    await shareButton(page).click();
    await eventually(async () =>
      expect(await page.evaluate('window.__shared')).toEqual({
        title: 'Frenly Search',
        url: `${stack.app.baseUrl}/search`,
      }),
    );
  });

  it('registers no service worker', async () => {
    const { page } = visitor;
    expect(
      await page.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)'),
    ).toBe(0);
    const manifest = (await (
      await visitor.context.request.get('/manifest.webmanifest')
    ).json()) as { icons: unknown[] };
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  it('focuses the notifications with F8, and a swipe to the right dismisses a toast', async () => {
    const { page } = visitor;
    await openResults(page, 'wikipedia');
    await resultCards(page)
      .first()
      .getByRole('button', { name: /^Vote up / })
      .click();
    const toast = await waitForToast(page, 'Sign in required', 'Please sign in to vote on sites.');
    const focusedRegion = `document.activeElement?.closest('[role=region]')?.getAttribute('aria-label') ?? null`;
    expect(await page.evaluate(focusedRegion)).toBeNull();
    await page.keyboard.press('F8');
    await eventually(async () =>
      expect(await page.evaluate(focusedRegion)).toBe('Notifications (F8)'),
    );

    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 40 + dx, y);
    await page.mouse.up();
    await toast.waitFor({ state: 'detached' });
    expect(visitor.console.takeErrors()).toEqual([]);
  });
});
