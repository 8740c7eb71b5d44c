import type { BrowserContext } from 'playwright-core';

/** One Content-Security-Policy violation, as the page's `securitypolicyviolation` event told it. */
export interface CspViolation {
  readonly page: string;
  /** The directive that refused, e.g. `style-src-elem`. */
  readonly directive: string;
  /** What was refused: a URL, or `inline` / `eval`. */
  readonly blocked: string;
  /** Where the refused code came from (file:line), when the browser says. */
  readonly source: string;
  /** The first characters of an inline script or style. */
  readonly sample: string;
  /** `enforce`, or `report` under a report-only policy. */
  readonly disposition: string;
}

const BINDING = '__frenlyCspViolation';

// Runs in every page before its own scripts. A string, so that no DOM types are needed here.
const LISTENER = `document.addEventListener('securitypolicyviolation', (event) => {
  window.${BINDING}({
    page: location.pathname + location.search,
    directive: event.effectiveDirective || event.violatedDirective,
    blocked: event.blockedURI,
    source: event.sourceFile ? event.sourceFile + ':' + event.lineNumber : '',
    sample: event.sample,
    disposition: event.disposition,
  });
}, true);`;

/**
 * Collects every CSP violation in the pages of a browser context, from the next navigation
 * on: `const csp = await CspWatch.attach(session.context)`, then, after visiting a screen,
 * `expect(csp.take()).toEqual([])`. Chromium also logs violations as console errors; this
 * gives them whole (directive, what was blocked, where), report-only ones included.
 */
export class CspWatch {
  private violations: CspViolation[] = [];

  private constructor() {}

  static async attach(context: BrowserContext): Promise<CspWatch> {
    const watch = new CspWatch();
    await context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
      watch.violations.push(violation);
    });
    await context.addInitScript(LISTENER);
    return watch;
  }

  /** The violations since the last call. */
  take(): CspViolation[] {
    const taken = this.violations;
    this.violations = [];
    return taken;
  }
}
