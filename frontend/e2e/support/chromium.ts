import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`scripts/infra/packages.sh` installs it; `npx playwright install` cannot download here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep a headless Chromium quiet and reproducible on a shared CI machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `backForwardCache`: keep Chromium's back/forward cache on (Playwright turns it off by
 * default), for a test of what Back restores.
 */
export function launchChromium(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
}
