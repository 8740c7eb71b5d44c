// axe-core on the rendered homepage supersedes the HTML tier's approximations of the same rules
// (a script may add the alt text the markup lacked, or remove a label), and adds what only a
// browser can check: colour contrast, target size, ARIA on script-built elements…
import type { AccessibilityViolation, AxeImpact } from '../../../browser/index.js';
import { clamp01, counted, type CheckResult } from '../../evidence/check.js';
import type { BrowserContribution, EnrichContext } from '../finding-source.js';

/** What one violated rule costs the rendered-audit check, by axe's impact. */
const IMPACT_COST: Record<AxeImpact, number> = {
  critical: 0.3,
  serious: 0.2,
  moderate: 0.1,
  minor: 0.05,
};

function rulesOf(check: CheckResult): string[] {
  return check.axeRuleId ? check.axeRuleId.split(/[\s,]+/).filter(Boolean) : [];
}

function mirrored(check: CheckResult, violation: AccessibilityViolation): CheckResult {
  return {
    ...check,
    score: clamp01(1 - 0.25 * violation.nodes),
    detail: `In a real browser, axe-core found ${counted(violation.nodes, 'element', 'that fails', 'that fail')} “${violation.help}” (${violation.id}).`,
    evidence: violation.examples,
    strength: undefined,
  };
}

export function accessibilitySource({ html, site }: EnrichContext): BrowserContribution {
  const audit = site.homepage.accessibility;
  if (!audit) return {};
  const byRule = new Map(audit.violations.map((violation) => [violation.id, violation]));
  const checks: CheckResult[] = [];
  const covered = new Set<string>();
  for (const check of html.evidence.checks) {
    const rules = rulesOf(check);
    if (rules.length === 0) continue;
    rules.forEach((rule) => covered.add(rule));
    const violation = rules.map((rule) => byRule.get(rule)).find((found) => found !== undefined);
    if (violation) checks.push(mirrored(check, violation));
    // Nothing to check in the HTML stays n/a: axe's silence on an absent element proves nothing.
    else if (check.score !== null)
      checks.push({
        ...check,
        score: 1,
        detail: `In a real browser, axe-core found no element failing this rule (${rules.join(', ')}).`,
        evidence: [],
      });
  }
  const others = audit.violations.filter((violation) => !covered.has(violation.id));
  const cost = others.reduce(
    (sum, violation) => sum + IMPACT_COST[violation.impact ?? 'moderate'],
    0,
  );
  checks.push({
    id: 'a11y.rendered-audit',
    axeRuleId: others.map((violation) => violation.id).join(', ') || undefined,
    score: clamp01(1 - cost),
    detail:
      others.length === 0
        ? `In a real browser, axe-core ${audit.axeVersion} found no failure of the rules the HTML cannot check (contrast, target size, ARIA…).`
        : `In a real browser, axe-core ${audit.axeVersion} found ${counted(others.length, 'rule', 'that fails', 'that fail')}: ${others.map((violation) => `${violation.help} (${violation.id}, ${violation.nodes} ${violation.nodes === 1 ? 'element' : 'elements'})`).join('; ')}.`,
    fix: `Fix what axe-core reports on the rendered page${others[0] ? `, first “${others[0].help}”` : ''}.`,
    strength:
      others.length === 0
        ? 'Passes axe-core on the rendered page (contrast, target size, ARIA)'
        : undefined,
    evidence: others.flatMap((violation) => violation.examples.slice(0, 1)).slice(0, 5),
  });
  return { checks };
}
