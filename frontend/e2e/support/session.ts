import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConsoleWatch } from './console-watch.js';
import { CspWatch } from './csp-watch.js';
import { VIEWPORTS } from './screens.js';

/** One person's browser: its own context (cookies), one page, what it logs and what its CSP refuses. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  console: ConsoleWatch;
  csp: CspWatch;
}

export async function openSession(browser: Browser, baseUrl: string): Promise<BrowserSession> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { ...VIEWPORTS[0] },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(15_000);
  const csp = await CspWatch.attach(context);
  const page = await context.newPage();
  return { context, page, console: new ConsoleWatch(page), csp };
}

/**
 * Signs in the way a person does: the landing screen's provider button, then the development
 * identity provider's "Your name" form, back to the app signed in.
 */
export async function signInFromLanding(page: Page, name: string): Promise<void> {
  // The provider buttons come from /api/auth/providers: when that call fails the screen offers
  // a generic "Sign in", so a failure names the answer instead of a missing button.
  const providers = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/providers',
  );
  await page.goto('/home');
  const answer = await providers;
  if (!answer.ok())
    throw new Error(`/api/auth/providers answered ${answer.status()}: ${await answer.text()}`);
  await page.getByRole('link', { name: 'Sign in with Development sign-in' }).click();
  await fillDevIdentityForm(page, name);
}

/** The development provider's form: a name, no password. Waits until the app has the user back. */
export async function fillDevIdentityForm(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/auth/'),
  );
}
