import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { EmbeddedRuntime } from './embedded-runtime.js';

/** What one spec file runs against: its own backend (fresh data) and one Chromium. */
export interface E2eStack {
  app: EmbeddedRuntime;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts both at once; if either fails, stops the other so that nothing outlives the run. */
export async function startStack(env: Record<string, string> = {}): Promise<E2eStack> {
  const [app, browser] = await Promise.allSettled([EmbeddedRuntime.start(env), launchChromium()]);
  if (app.status === 'rejected' || browser.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (app.status === 'fulfilled') await app.value.stop();
    throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
  }
  return {
    app: app.value,
    browser: browser.value,
    async close() {
      await browser.value.close().catch(() => undefined);
      await app.value.stop();
    },
  };
}

/** Time for a backend start (a few seconds; more on a busy machine) and a browser launch. */
export const STACK_START_TIMEOUT_MS = 90_000;
