import type {
  SiteCommunityResponse,
  StakeCreateResponse,
  VoteResponse,
  VoteType,
} from '@frenly/contracts';
import { LiveClient } from './live-client.js';
import { SignInBrowser, signInAs } from '@frenly/testing';

/** A person using the app through its front door (the gateway, or the embedded process). */
export class AppUser {
  private constructor(
    readonly base: string,
    readonly browser: SignInBrowser,
  ) {}

  /** Signs in through the development identity provider, over HTTP. */
  static async signIn(base: string, name: string): Promise<AppUser> {
    const browser = new SignInBrowser();
    const landed = await signInAs(browser, base, name);
    if (landed.href !== `${base}/`) throw new Error(`sign-in of ${name} ended at ${landed.href}`);
    return new AppUser(base, browser);
  }

  /** The page's socket: same origin, session cookie. */
  openLive(extra: Record<string, string> = {}): Promise<LiveClient> {
    return LiveClient.connect(`${this.base.replace('http', 'ws')}/ws`, {
      Origin: this.base,
      Cookie: this.browser.cookieHeader(),
      ...extra,
    });
  }

  async vote(siteId: number, type: VoteType): Promise<VoteResponse> {
    return this.post<VoteResponse>(`/api/sites/${siteId}/vote`, { type }, 200);
  }

  async stake(siteId: number, amount: number): Promise<StakeCreateResponse> {
    return this.post<StakeCreateResponse>(
      '/api/stakes',
      { siteId, amount, type: 'support', message: 'live test' },
      201,
    );
  }

  /** The site's public community totals (from `base`, default the front door). */
  async community(siteId: number, base = this.base): Promise<SiteCommunityResponse> {
    const res = await fetch(`${base}/api/sites/${siteId}/community`);
    if (res.status !== 200)
      throw new Error(`community of ${siteId}: ${res.status} ${await res.text()}`);
    return (await res.json()) as SiteCommunityResponse;
  }

  private async post<T>(path: string, body: unknown, expected: number): Promise<T> {
    const res = await this.browser.request(`${this.base}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: this.base },
    });
    const text = await res.text();
    if (res.status !== expected) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
}
