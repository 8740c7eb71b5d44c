// The landing screen, signing in through the development identity provider, and both ways of
// signing out, in Debian's Chromium against the real backend (embedded runtime).
import { checkScreen } from './support/screens.js';
import { startStack, STACK_START_TIMEOUT_MS, type E2eStack } from './support/stack.js';
import { fillDevIdentityForm, openSession, type BrowserSession } from './support/session.js';

describe('landing, sign-in and sign-out', () => {
  let stack: E2eStack;
  let ada: BrowserSession;

  beforeAll(async () => {
    stack = await startStack();
    ada = await openSession(stack.browser, stack.app.baseUrl);
  }, STACK_START_TIMEOUT_MS);

  afterAll(() => stack?.close());

  /** Who the gateway says is signed in (first name), or null: signed out is a 200 `null`. */
  async function signedInUser(session: BrowserSession): Promise<string | null> {
    const answer = await session.context.request.get('/api/auth/user');
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { firstName: string | null } | null)?.firstName ?? null;
  }

  it('shows a visitor at / the landing screen, with a sign-in button for the configured provider', async () => {
    const { page } = ada;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Frenly' }).waitFor();
    await page
      .getByText('AI-powered web transparency and community-driven website analysis')
      .waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Search with insight',
      'Community-driven',
      'Analyze any website',
    ]);
    const signIn = page.getByRole('link', { name: 'Sign in with Development sign-in' });
    expect(await signIn.getAttribute('href')).toBe('/auth/dev');
    await checkScreen(ada, 'landing');
  });

  it('signs in with just a name on the development provider, and lands on the search home with balance and initials', async () => {
    const { page } = ada;
    await page.getByRole('link', { name: 'Sign in with Development sign-in' }).click();
    await page.getByLabel('Your name').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dev-idp\//);
    await checkScreen(ada, 'dev-identity-provider');

    await fillDevIdentityForm(page, 'Ada Lovelace');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: 'Frenly Search' }).waitFor();
    await page.getByText('1,000 Bamboo').waitFor();
    const initials = page.getByRole('link', { name: 'Ada Lovelace: open your dashboard' });
    expect(await initials.locator('[aria-hidden=true]').first().innerText()).toBe('AL');
    expect(await initials.getAttribute('href')).toBe('/dashboard');
    expect(await signedInUser(ada)).toBe('Ada');
    await checkScreen(ada, 'search-home');
  });

  it('signs out from the dashboard (/auth/logout) back to the landing screen', async () => {
    const { page } = ada;
    await page.getByRole('link', { name: 'Ada Lovelace: open your dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Frenly Dashboard' }).waitFor();
    const signOut = page.getByRole('link', { name: 'Sign Out' });
    expect(await signOut.getAttribute('href')).toBe('/auth/logout');
    await signOut.click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Frenly' }).waitFor();
    expect(await signedInUser(ada)).toBeNull();
    // The session is gone for the app too: the dashboard address shows the landing screen.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Frenly' }).waitFor();
    // A signed-out page load asks who is signed in and logs nothing (no 401 in the console).
    expect(ada.console.takeErrors()).toEqual([]);
  });

  it('signs out from the analysis header (/api/logout) too', async () => {
    const { page } = ada;
    await page.getByRole('link', { name: 'Sign in with Development sign-in' }).click();
    await fillDevIdentityForm(page, 'Ada Lovelace');
    await page.goto('/analysis');
    await page.getByRole('heading', { level: 1, name: 'Analyze Any Website' }).waitFor();
    const signOut = page.getByRole('link', { name: 'Sign Out' });
    expect(await signOut.getAttribute('href')).toBe('/api/logout');
    await signOut.click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Frenly' }).waitFor();
    expect(await signedInUser(ada)).toBeNull();
  });
});
