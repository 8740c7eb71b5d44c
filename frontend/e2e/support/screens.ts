import { expect } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seriousAxeViolations } from './axe.js';
import type { BrowserSession } from './session.js';

/** Kept as CI artefacts (test-results/ is git-ignored and uploaded); one folder per runtime. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL(
    `../../../test-results/e2e-screenshots${process.env.FRENLY_E2E_RUNTIME === 'distributed' ? '-distributed' : ''}/`,
    import.meta.url,
  ),
);

/** Every screen is checked wide and narrow: desktop, and a phone. */
export const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

// After a resize: web fonts loaded, then two frames so that layout and paint caught up.
const SETTLED =
  'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))';
const SIDEWAYS_SCROLL =
  'document.documentElement.scrollWidth - document.documentElement.clientWidth';

export interface ScreenCheckOptions {
  /** Console errors the test provoked on purpose (a failing analysis logs its error). */
  expectedConsoleErrors?: RegExp[];
  /** Only the viewport: for a modal dialog, whose overlay covers the viewport, not the whole page. */
  viewportOnly?: boolean;
}

/**
 * Checks the screen as it is now, at 1280 and 390 px: a full-page screenshot of each
 * (`<name>-<width>.png`), no sideways scrolling, no serious or critical axe-core violation,
 * and no console error or Content-Security-Policy violation since the previous check. Puts the viewport back as it was.
 */
export async function checkScreen(
  session: BrowserSession,
  name: string,
  options: ScreenCheckOptions = {},
): Promise<void> {
  const { page } = session;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.evaluate(SETTLED);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`),
      fullPage: !options.viewportOnly,
      animations: 'disabled',
      caret: 'hide',
    });
    const sideways = await page.evaluate<number>(SIDEWAYS_SCROLL);
    if (sideways > 0)
      problems.push(`${viewport.width}px: the page scrolls sideways by ${sideways}px`);
    for (const v of await seriousAxeViolations(page)) {
      problems.push(
        `${viewport.width}px: axe ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(' | ')}`,
      );
    }
  }
  if (original) await page.setViewportSize(original);
  problems.push(
    ...session.csp
      .take()
      .map(
        (v) =>
          `CSP refused ${v.blocked} (${v.directive}) on ${v.page} at ${v.source || '?'}: ${v.sample}`,
      ),
    ...session.console
      .takeErrors(options.expectedConsoleErrors)
      .map((error) => `console error: ${error}`),
  );
  expect({ screen: name, problems }).toEqual({ screen: name, problems: [] });
}
