import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

// Runs in the page (a string, so that these Node-side files need no DOM typings).
const RUN_AXE = `axe.run(document, { resultTypes: ['violations'] }).then((result) =>
  result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  })))`;

/** The serious and critical axe-core violations of the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate('typeof window.axe !== "undefined"');
  // Evaluated rather than added as a <script>: a page's Content-Security-Policy (the identity
  // provider's forbids inline scripts) does not apply to what the test itself runs.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate<AxeViolation[]>(RUN_AXE);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
