import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { AllowList, ResolveRules, Resolver } from '@frenly/safe-fetch';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { BROWSER_TIER_DEFAULTS, type BrowserTierConfig } from './browser-tier.config.js';
import type { BrowserObservation } from './browser-observation.js';
import { BrowserPool, type PoolMember } from './browser-pool.js';
import { EgressPolicy } from './egress-policy.js';
import { EgressProxy } from './egress-proxy.js';
import { findChromium } from './find-chromium.js';
import { recordPage } from './record-page.js';

export interface BrowserTierOptions {
  readonly chromiumPath: string;
  /** Browsers kept (each one page at a time). */
  readonly poolSize: number;
  /** Hard budget of one page. */
  readonly pageBudgetMs: number;
  /** Bytes one page may receive before its connections are cut. */
  readonly maxTransferBytes?: number;
  /** The safe fetcher's policy inputs: FRENLY_FETCH_ALLOWLIST and FRENLY_RESOLVE. */
  readonly allowList?: AllowList | readonly string[];
  readonly resolve?: ResolveRules | readonly string[];
  /** Tests only. */
  readonly resolver?: Resolver;
  /** Tests only: accept the fixture web's self-signed certificates. */
  readonly ignoreHttpsErrors?: boolean;
}

/** Whether this process can run the browser tier, and if not why (the report names the reason). */
export type BrowserTierAvailability =
  | { readonly available: true; readonly chromiumPath: string }
  | { readonly available: false; readonly reason: string };

/**
 * Flags for a headless Chromium that can only reach the web through the egress proxy.
 * `<-loopback>` removes Chromium's implicit proxy bypass for localhost and 127.0.0.1;
 * `--host-resolver-rules` makes every name Chromium might resolve itself fail (everything goes
 * through the proxy, which resolves and vets); WebRTC may not send UDP around the proxy.
 */
export function chromiumArgs(proxyUrl: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--deny-permission-prompts',
    '--mute-audio',
  ];
}

/**
 * The profile a fresh browser starts with: third-party cookies allowed, as in the browser of most
 * visitors (this Chromium blocks them by default, which would hide exactly what we look for).
 * Every context made from it (one per page) inherits the setting and nothing else.
 */
const PROFILE_PREFERENCES = {
  profile: { cookie_controls_mode: 0, block_third_party_cookies: false },
};

/** A pooled Chromium with its own egress proxy (one page at a time, so the proxy's record is that page's). */
class PooledBrowser implements PoolMember {
  constructor(
    readonly browser: Browser,
    private readonly launched: BrowserContext,
    readonly proxy: EgressProxy,
    private readonly profileDir: string,
  ) {}

  get alive(): boolean {
    return this.browser.isConnected();
  }

  async close(): Promise<void> {
    await this.launched.close().catch(() => undefined);
    await this.proxy.close();
    await rm(this.profileDir, { recursive: true, force: true });
  }
}

/**
 * The analyzer's browser tier: Debian's Chromium driven by playwright-core, a small pool, a fresh
 * context per page, a hard time budget, and every connection through the safe fetcher's policy.
 */
export class BrowserTier {
  private readonly pool: BrowserPool<PooledBrowser>;
  private readonly policy: EgressPolicy;

  constructor(private readonly options: BrowserTierOptions) {
    this.policy = new EgressPolicy({
      ...(options.allowList ? { allowList: options.allowList } : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
      ...(options.resolver ? { resolver: options.resolver } : {}),
    });
    this.pool = new BrowserPool(options.poolSize, () => this.launch());
  }

  /** Where Chromium is, from configuration; `available: false` when the tier must stay off. */
  static availability(
    config: Pick<BrowserTierConfig, 'FRENLY_CHROMIUM_PATH' | 'BROWSER_POOL_SIZE'>,
  ): BrowserTierAvailability {
    if (config.BROWSER_POOL_SIZE === 0)
      return { available: false, reason: 'the browser tier is switched off (BROWSER_POOL_SIZE=0)' };
    const lookup = findChromium(config.FRENLY_CHROMIUM_PATH);
    return lookup.found
      ? { available: true, chromiumPath: lookup.path }
      : { available: false, reason: lookup.reason };
  }

  /** Options from validated configuration, once `availability` said yes. */
  static optionsFrom(
    config: Omit<BrowserTierConfig, 'BROWSER_CRAWL_SITES_PER_MINUTE'> & {
      readonly FRENLY_FETCH_ALLOWLIST: readonly string[];
      readonly FRENLY_RESOLVE: readonly string[];
    },
    chromiumPath: string,
  ): BrowserTierOptions {
    return {
      chromiumPath,
      poolSize: config.BROWSER_POOL_SIZE,
      pageBudgetMs: config.BROWSER_PAGE_BUDGET_MS,
      maxTransferBytes: BROWSER_TIER_DEFAULTS.maxTransferBytes,
      allowList: config.FRENLY_FETCH_ALLOWLIST,
      resolve: config.FRENLY_RESOLVE,
    };
  }

  /**
   * Visits `url` as a visitor's browser would and reports what it saw. `budgetMs` (default: the
   * configured page budget) lets a job share one budget between the homepage and an inner page.
   * Throws BrowserTierError NAVIGATION_FAILED when the page never loaded.
   */
  async observe(
    url: string,
    options: { readonly budgetMs?: number } = {},
  ): Promise<BrowserObservation> {
    const catalog = await TrackerCatalog.load();
    return this.pool.use((member) =>
      recordPage(member.browser, member.proxy, catalog, url, {
        budgetMs: options.budgetMs ?? this.options.pageBudgetMs,
        ...(this.options.ignoreHttpsErrors ? { ignoreHttpsErrors: true } : {}),
      }),
    );
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private async launch(): Promise<PooledBrowser> {
    const proxy = await EgressProxy.start(this.policy, {
      maxTransferBytes: this.options.maxTransferBytes ?? BROWSER_TIER_DEFAULTS.maxTransferBytes,
    });
    const profileDir = await mkdtemp(join(tmpdir(), 'frenly-chromium-'));
    try {
      await mkdir(join(profileDir, 'Default'));
      await writeFile(
        join(profileDir, 'Default', 'Preferences'),
        JSON.stringify(PROFILE_PREFERENCES),
      );
      // A fresh --user-data-dir per browser; each page then gets its own context on top of it.
      const launched = await chromium.launchPersistentContext(profileDir, {
        executablePath: this.options.chromiumPath,
        headless: true,
        chromiumSandbox: false,
        args: chromiumArgs(proxy.url),
        // Playwright turns Chromium's popup blocker off; a visitor's browser has it on.
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        timeout: 30_000,
      });
      const browser = launched.browser();
      if (!browser) throw new Error('Chromium started without a browser handle');
      return new PooledBrowser(browser, launched, proxy, profileDir);
    } catch (error) {
      await proxy.close();
      await rm(profileDir, { recursive: true, force: true });
      throw error;
    }
  }
}
