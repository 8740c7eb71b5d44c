/**
 * Just enough of a browser to sign in over HTTP: one cookie jar for one host (names only, which
 * is enough for one app and its own identity provider), manual redirects, and the development
 * provider's form. (services/gateway/test/support has the fuller one used by the gateway's tests.)
 */
export class SignInBrowser {
  private readonly cookies = new Map<string, string>();
  readonly setCookies: string[] = [];

  async request(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      redirect: 'manual',
    });
    for (const raw of response.headers.getSetCookie()) {
      this.setCookies.push(raw);
      const [pair = ''] = raw.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const gone =
        /;\s*max-age=(0|-\d+)/i.test(raw) ||
        /;\s*expires=Thu, 01 Jan 1970/i.test(raw) ||
        value === '';
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects; stops before leaving for `stopAt` URLs (the app's own pages). */
  async navigate(
    url: string,
    stopAt: (url: URL) => boolean,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ) {
    const hops: string[] = [];
    let current = url;
    // Like a browser's address bar: a navigation the user started says so (Sec-Fetch-Site: none).
    let request: typeof init = {
      ...init,
      headers: { 'sec-fetch-site': 'none', ...init.headers },
    };
    for (let i = 0; i < 20; i++) {
      const response = await this.request(current, request);
      const location = response.headers.get('location');
      hops.push(current);
      if (response.status < 300 || response.status >= 400 || !location)
        return { response, url: current, hops };
      await response.arrayBuffer();
      const next = new URL(location, current);
      if (stopAt(next)) return { response, url: next.href, hops: [...hops, next.href] };
      current = next.href;
      request = {};
    }
    throw new Error(`too many redirects from ${url}`);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** The app's own pages, as opposed to its sign-in routes and the provider's. */
export const appPage = (base: string) => (url: URL) =>
  url.origin === new URL(base).origin &&
  !url.pathname.startsWith('/auth/') &&
  !url.pathname.startsWith('/dev-idp');

/** Fills the development provider's "Your name" form the way a browser script would. */
export async function signInAs(
  browser: SignInBrowser,
  base: string,
  name: string,
  start = '/api/login',
): Promise<URL> {
  const page = await browser.navigate(`${base}${start}`, appPage(base));
  const html = await page.response.text();
  const action = /<form method="post" action="([^"]+)" id="dev-idp-login">/.exec(html)?.[1];
  if (!action || !html.includes('<label for="dev-idp-name">Your name</label>'))
    throw new Error(`no sign-in form at ${page.url}:\n${html.slice(0, 400)}`);
  const done = await browser.navigate(
    new URL(action.replace(/&amp;/g, '&'), page.url).href,
    appPage(base),
    {
      method: 'POST',
      body: new URLSearchParams({ name, email: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  );
  return new URL(done.url);
}
