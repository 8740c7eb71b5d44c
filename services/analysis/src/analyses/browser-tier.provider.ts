// The process's browser tier: whether Chromium can run here (decided once, at boot), and the
// BrowserTier itself, started on the first browser job (no Chromium starts in a process that
// never analyses) and closed when the application shuts down.
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { BrowserTier, type BrowserTierAvailability } from '../browser/index.js';
import { BrowserUnavailableReasons } from '../pipeline/enrich/index.js';

@Injectable()
export class BrowserTierProvider implements OnModuleInit, OnApplicationShutdown {
  readonly availability: BrowserTierAvailability;
  private tier: BrowserTier | undefined;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('BrowserTierProvider');
    this.availability = BrowserTier.availability({
      FRENLY_CHROMIUM_PATH: settings.browser.chromiumPath,
      BROWSER_POOL_SIZE: settings.browser.poolSize,
    });
  }

  onModuleInit(): void {
    // Said once, for the operator; reports carry the reason in words for their readers.
    if (!this.availability.available)
      this.logger.entry('info', 'browser tier off: reports say what was not checked', {
        reason: this.availability.reason,
      });
  }

  get available(): boolean {
    return this.availability.available;
  }

  /** Why the browser tier cannot run here, worded for the reader of a report; null when it can. */
  get unavailableReason(): string | null {
    if (this.availability.available) return null;
    return this.settings.browser.poolSize === 0
      ? BrowserUnavailableReasons.switchedOff
      : BrowserUnavailableReasons.noChromium;
  }

  /** Budget of one site visit (homepage + one inner page). */
  get siteBudgetMs(): number {
    return 2 * this.settings.browser.pageBudgetMs;
  }

  /** The tier, started on first use. Only call when `available`. */
  get(): BrowserTier {
    if (!this.availability.available) throw new Error('the browser tier is not available here');
    this.tier ??= new BrowserTier({
      ...BrowserTier.optionsFrom(
        {
          FRENLY_CHROMIUM_PATH: this.availability.chromiumPath,
          BROWSER_POOL_SIZE: this.settings.browser.poolSize,
          BROWSER_PAGE_BUDGET_MS: this.settings.browser.pageBudgetMs,
          FRENLY_FETCH_ALLOWLIST: this.settings.fetchAllowList,
          FRENLY_RESOLVE: this.settings.fetchResolve,
        },
        this.availability.chromiumPath,
      ),
      ...(this.settings.fetchResolver ? { resolver: this.settings.fetchResolver } : {}),
      ...(this.settings.browser.ignoreHttpsErrors ? { ignoreHttpsErrors: true } : {}),
    });
    return this.tier;
  }

  async onApplicationShutdown(): Promise<void> {
    const tier = this.tier;
    this.tier = undefined;
    await tier?.close();
  }
}
