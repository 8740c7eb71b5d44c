import { formsOf, TestBrowser, type Navigation } from './test-browser.js';

export interface SignInResult {
  /** Where the app sent the browser at the end (its own origin). */
  readonly landedOn: URL;
  /** The first hop: the app's redirect to the provider. */
  readonly authorizationUrl: URL;
  /** The provider's form; undefined when the provider still had a session and asked nothing. */
  readonly formPage: Navigation | undefined;
}

/** Stops at the app's own pages (not its sign-in routes): that is where a sign-in lands. */
export const landsOnApp = (appUrl: string) => (url: URL) =>
  url.origin === new URL(appUrl).origin &&
  !url.pathname.startsWith('/auth/') &&
  !url.pathname.startsWith('/dev-idp');

/**
 * Signs in like a person would: `/auth/{provider}` (or /api/login), through the provider to its
 * "Your name" form, fill it, submit, and follow the redirects back to the app.
 */
export async function signInThroughForm(
  browser: TestBrowser,
  appUrl: string,
  person: { name: string; email?: string },
  start = '/auth/dev',
): Promise<SignInResult> {
  const formPage = await browser.navigate(`${appUrl}${start}`, {}, landsOnApp(appUrl));
  const authorizationUrl = new URL(formPage.hops[0]!.location!, appUrl);
  if (landsOnApp(appUrl)(new URL(formPage.url)))
    return { landedOn: new URL(formPage.url), authorizationUrl, formPage: undefined };
  if (formPage.response.status !== 200)
    throw new Error(
      `expected the sign-in form, got ${formPage.response.status} at ${formPage.url}`,
    );
  const html = await formPage.response.text();
  const form = formsOf(html).find((f) => f.id === 'dev-idp-login');
  if (!form) throw new Error(`no sign-in form at ${formPage.url}:\n${html.slice(0, 500)}`);
  const done = await browser.submit(
    form,
    formPage.url,
    { name: person.name, email: person.email ?? '' },
    landsOnApp(appUrl),
  );
  return { landedOn: new URL(done.url), authorizationUrl, formPage };
}

/** Goes through the provider but stops at the app's callback, so a test can tamper with it. */
export async function callbackUrlFor(
  browser: TestBrowser,
  appUrl: string,
  name: string,
  start = '/auth/dev',
): Promise<URL> {
  const isCallback = (url: URL) =>
    url.origin === new URL(appUrl).origin && /^\/auth\/[^/]+\/callback$/.test(url.pathname);
  const formPage = await browser.navigate(`${appUrl}${start}`, {}, isCallback);
  const form = formsOf(await formPage.response.text()).find((f) => f.id === 'dev-idp-login');
  if (!form) throw new Error('no sign-in form');
  const done = await browser.submit(form, formPage.url, { name }, isCallback);
  return new URL(done.url);
}
