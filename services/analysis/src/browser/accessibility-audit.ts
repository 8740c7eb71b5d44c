import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AccessibilityViolation {
  /** axe rule id ("color-contrast", "target-size", "aria-valid-attr-value"…). */
  readonly id: string;
  readonly impact: AxeImpact | null;
  readonly help: string;
  readonly helpUrl: string;
  /** WCAG tags of the rule ("wcag2aa", "wcag143"…). */
  readonly tags: readonly string[];
  /** Elements that fail it. */
  readonly nodes: number;
  /** CSS selectors of the first few, to show where. */
  readonly examples: readonly string[];
}

export interface AccessibilityAudit {
  readonly axeVersion: string;
  readonly violations: readonly AccessibilityViolation[];
  /** Rules that passed, and rules axe could not decide (a person has to look). */
  readonly passed: number;
  readonly incomplete: number;
}

/** WCAG 2.0–2.2 A and AA: what the accessibility findings are held against. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const EXAMPLES = 3;

let axeScript: Promise<string> | undefined;

/** axe-core's browser bundle, read once per process from the installed package. */
function loadAxe(): Promise<string> {
  axeScript ??= readFile(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  ).catch((error: unknown) => {
    axeScript = undefined;
    throw error;
  });
  return axeScript;
}

/**
 * Runs axe-core on the rendered DOM of the main frame (contrast, target size, ARIA…, as the page
 * really looks after its scripts ran). Injected through DevTools evaluation, so the page's
 * Content-Security-Policy does not stop it. Null when it could not finish within `timeoutMs`.
 */
export async function auditAccessibility(
  page: Page,
  timeoutMs: number,
): Promise<AccessibilityAudit | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const run = async (): Promise<AccessibilityAudit> => {
    await page.evaluate(await loadAxe());
    return page.evaluate(
      async ({ tags, examples }) => {
        interface AxeNode {
          target: unknown[];
        }
        interface AxeRule {
          id: string;
          impact?: string | null;
          help: string;
          helpUrl: string;
          tags: string[];
          nodes: AxeNode[];
        }
        const page = globalThis as unknown as { document: unknown };
        const axe = (
          globalThis as unknown as {
            axe: { version: string; run: (...a: unknown[]) => Promise<Record<string, AxeRule[]>> };
          }
        ).axe;
        const result = await axe.run(page.document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return {
          axeVersion: axe.version,
          violations: (result.violations ?? []).map((rule) => ({
            id: rule.id,
            impact: (rule.impact ?? null) as AxeImpact | null,
            help: rule.help,
            helpUrl: rule.helpUrl,
            tags: rule.tags.filter((tag) => tag.startsWith('wcag')),
            nodes: rule.nodes.length,
            examples: rule.nodes
              .slice(0, examples)
              .map((node) => node.target.map(String).join(' ')),
          })),
          passed: (result.passes ?? []).length,
          incomplete: (result.incomplete ?? []).length,
        };
      },
      { tags: WCAG_TAGS, examples: EXAMPLES },
    );
  };
  try {
    return await Promise.race([run(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
