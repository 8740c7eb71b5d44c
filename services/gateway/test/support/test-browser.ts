/**
 * A small browser for tests: a cookie jar (host, path, Max-Age, deletion; as RFC 6265, cookies
 * are per host name, not per port), manual redirects (303 turns into GET) and HTML forms.
 */
export interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  httpOnly: boolean;
  sameSite: string | undefined;
  secure: boolean;
  maxAge: number | undefined;
  expiresAt: number | undefined;
}

export interface Hop {
  readonly url: string;
  readonly status: number;
  readonly location?: string;
}

export interface Navigation {
  readonly response: Response;
  readonly url: string;
  readonly hops: Hop[];
}

export interface HtmlForm {
  readonly id: string | undefined;
  readonly action: string;
  readonly method: string;
  readonly fields: Record<string, string>;
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

export class TestBrowser {
  private cookies: StoredCookie[] = [];
  /** Every Set-Cookie header seen, as raw text (to check attributes). */
  readonly setCookieLog: string[] = [];

  /** One request, no redirect following; cookies sent and stored. */
  async request(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeaderFor(target);
    if (cookie) headers.cookie = cookie;
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      redirect: 'manual',
    });
    for (const raw of response.headers.getSetCookie()) this.store(raw, target);
    return response;
  }

  /** Follows redirects until a non-redirect answer, or until `stopAt` says this URL is the destination. */
  async navigate(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
    stopAt: (url: URL) => boolean = () => false,
  ): Promise<Navigation> {
    const hops: Hop[] = [];
    let current = url;
    // Like a browser's address bar: a navigation the user started says so (Sec-Fetch-Site: none).
    let request: typeof init = {
      ...init,
      headers: { 'sec-fetch-site': 'none', ...init.headers },
    };
    for (let i = 0; i < 20; i++) {
      const response = await this.request(current, request);
      const location = response.headers.get('location') ?? undefined;
      hops.push({ url: current, status: response.status, location });
      if (response.status < 300 || response.status >= 400 || !location)
        return { response, url: current, hops };
      await response.arrayBuffer();
      const next = new URL(location, current);
      if (stopAt(next)) return { response, url: next.href, hops };
      current = next.href;
      request = response.status === 307 || response.status === 308 ? request : {};
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits a form found on a page (fields merged with `values`). */
  submit(
    form: HtmlForm,
    pageUrl: string,
    values: Record<string, string>,
    stopAt?: (url: URL) => boolean,
  ): Promise<Navigation> {
    const body = new URLSearchParams({ ...form.fields, ...values }).toString();
    return this.navigate(
      new URL(form.action, pageUrl).href,
      {
        method: form.method.toUpperCase(),
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      stopAt,
    );
  }

  cookie(name: string, url: string): StoredCookie | undefined {
    const target = new URL(url);
    return this.live().find((c) => c.name === name && this.matches(c, target));
  }

  setCookie(name: string, value: string, url: string): void {
    const target = new URL(url);
    this.cookies = this.cookies.filter(
      (c) => !(c.name === name && c.host === target.hostname && c.path === '/'),
    );
    this.cookies.push({
      name,
      value,
      host: target.hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
      maxAge: undefined,
      expiresAt: undefined,
    });
  }

  clear(): void {
    this.cookies = [];
  }

  private cookieHeaderFor(target: URL): string {
    return this.live()
      .filter((c) => this.matches(c, target))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private matches(cookie: StoredCookie, target: URL): boolean {
    if (cookie.host !== target.hostname) return false;
    if (cookie.secure && target.protocol !== 'https:') return false;
    const path = target.pathname;
    return (
      path === cookie.path ||
      path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)
    );
  }

  private live(): StoredCookie[] {
    const now = Date.now();
    this.cookies = this.cookies.filter((c) => c.expiresAt === undefined || c.expiresAt > now);
    return this.cookies;
  }

  private store(raw: string, target: URL): void {
    this.setCookieLog.push(raw);
    const [pair = '', ...attributes] = raw.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const cookie: StoredCookie = {
      name: pair.slice(0, index),
      value: pair.slice(index + 1),
      host: target.hostname,
      path: target.pathname.replace(/\/[^/]*$/, '') || '/',
      httpOnly: false,
      sameSite: undefined,
      secure: false,
      maxAge: undefined,
      expiresAt: undefined,
    };
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const value = rest.join('=');
      switch (key.toLowerCase()) {
        case 'path':
          cookie.path = value || '/';
          break;
        case 'max-age':
          cookie.maxAge = Number(value);
          cookie.expiresAt = Date.now() + Number(value) * 1000;
          break;
        case 'expires':
          cookie.expiresAt ??= Date.parse(value);
          break;
        case 'httponly':
          cookie.httpOnly = true;
          break;
        case 'samesite':
          cookie.sameSite = value;
          break;
        case 'secure':
          cookie.secure = true;
          break;
      }
    }
    this.cookies = this.cookies.filter(
      (c) => !(c.name === cookie.name && c.host === cookie.host && c.path === cookie.path),
    );
    if (cookie.expiresAt === undefined || cookie.expiresAt > Date.now()) this.cookies.push(cookie);
  }
}

/** The forms of an HTML page (action, method, id, hidden and prefilled fields). */
export function formsOf(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attributes = match[1] ?? '';
    const attribute = (name: string) =>
      new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(attributes)?.[1];
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
      const name = /\bname="([^"]*)"/i.exec(input[1] ?? '')?.[1];
      if (name) fields[decode(name)] = decode(/\bvalue="([^"]*)"/i.exec(input[1] ?? '')?.[1] ?? '');
    }
    forms.push({
      id: attribute('id'),
      action: decode(attribute('action') ?? ''),
      method: attribute('method') ?? 'get',
      fields,
    });
  }
  return forms;
}
