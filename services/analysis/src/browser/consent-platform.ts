// Which consent platform a page runs, told by DuckDuckGo's autoconsent (its content script and the
// rules shipped in the npm package; nothing is downloaded). Autoconsent runs in the page's frames with
// no automatic action and no pre-hiding: it only reports what it recognised, and Frenly never asks
// it to opt in or out. Its generic heuristic also names cookie banners no rule knows.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { filterCompactRules } from '@duckduckgo/autoconsent';
import type { BrowserContext, Frame, Page } from 'playwright-core';

const BINDING = 'autoconsentSendMessage';

/** Detection only: no action, no hiding, one retry (the page has loaded and settled by then). */
const CONFIG = {
  enabled: true,
  autoAction: null,
  disabledCmps: [],
  enablePrehide: false,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  // The heuristic banner search runs on the second attempt only, 500 ms after the first.
  detectRetries: 1,
  isMainWorld: true,
  prehideTimeout: 0,
  enableHeuristicDetection: true,
  enablePopupMutationObserver: false,
  // Detection only: 'tier2' names accept-only banners too (the mode would click accept, but no
  // action is ever asked for).
  heuristicMode: 'tier2',
  heuristicPopupSearchTimeout: 100,
  visualTest: false,
  performanceLoggingEnabled: false,
  logs: {
    lifecycle: false,
    rulesteps: false,
    detectionsteps: false,
    evals: false,
    errors: false,
    messages: false,
    waits: false,
  },
} as const;

/** Bounds on what the page can make Node do through the binding. */
const MAX_INITS_PER_FRAME = 3;
const MAX_FRAMES = 30;
const MAX_EVALS = 200;

/** States after which autoconsent's top-frame detection has nothing more to say. */
const FINISHED = new Set(['nothingDetected', 'openPopupDetected', 'done']);

interface Assets {
  readonly script: string;
  readonly rules: Parameters<typeof filterCompactRules>[0];
}
let assets: Promise<Assets> | undefined;

/** The content script and the compact rule set, read once per process from the installed package. */
function loadAssets(): Promise<Assets> {
  assets ??= (async () => {
    const require = createRequire(import.meta.url);
    const dist = dirname(require.resolve('@duckduckgo/autoconsent'));
    const [script, rules] = await Promise.all([
      readFile(join(dist, 'autoconsent.playwright.js'), 'utf8'),
      readFile(require.resolve('@duckduckgo/autoconsent/rules/compact-rules.json'), 'utf8'),
    ]);
    return { script, rules: JSON.parse(rules) as Assets['rules'] };
  })();
  return assets;
}

export interface ConsentPlatformReport {
  /** Rules whose consent platform is present (detectCmp), first seen first. */
  readonly detected: readonly string[];
  /** Rules whose banner was seen open (detectPopup), first seen first. */
  readonly popups: readonly string[];
}

/**
 * Autoconsent in every frame of a context, listening only. Attach before the first page; the page
 * can call the binding too, so what it says is about the page itself, never taken as Frenly's choice.
 */
export class ConsentPlatformWatcher {
  private readonly detected: string[] = [];
  private readonly popups: string[] = [];
  private topFinished = false;
  private readonly waiters = new Set<() => void>();
  /** Answers given so far: the page can call the binding too, and must not make Node work for it. */
  private readonly inits = new Map<Frame, number>();
  private evals = 0;
  private constructor(private readonly script: string) {}

  /** The reporting channel, in every frame of the context; autoconsent itself comes with start(). */
  static async attach(context: BrowserContext): Promise<ConsentPlatformWatcher> {
    const { script, rules } = await loadAssets();
    const watcher = new ConsentPlatformWatcher(script);
    await context.exposeBinding(BINDING, ({ frame }, message: unknown) => {
      watcher.receive(frame, message, rules);
    });
    return watcher;
  }

  /**
   * Runs autoconsent in the page's frames, once the page has loaded and settled: its script and
   * rules cost the page's main thread time that must not slow the load the visit records (a
   * banner is in the DOM by then; nothing needs hiding before it shows).
   */
  start(page: Page): void {
    for (const frame of page.frames().slice(0, MAX_FRAMES)) {
      if (frame.isDetached() || frame.url() === 'about:blank') continue;
      void frame.evaluate(this.script).catch(() => undefined);
    }
  }

  /** Resolves when the top frame's detection finished, or after `capMs`. */
  settled(capMs: number): Promise<void> {
    if (this.topFinished) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, capMs);
      this.waiters.add(done);
    });
  }

  report(): ConsentPlatformReport {
    return { detected: [...this.detected], popups: [...this.popups] };
  }

  private receive(frame: Frame, message: unknown, rules: Assets['rules']): void {
    if (typeof message !== 'object' || message === null) return;
    const { type } = message as { type?: unknown };
    const text = (key: string): string | null => {
      const value = (message as Record<string, unknown>)[key];
      return typeof value === 'string' ? value.slice(0, 200) : null;
    };
    switch (type) {
      case 'init': {
        const url = frame.url();
        // The blank document a frame starts with is replaced at once: nothing to detect there.
        if (url === 'about:blank' || url === '') return;
        // One document per navigation; a few navigations of a frame at most.
        const answered = this.inits.get(frame) ?? 0;
        if (answered >= MAX_INITS_PER_FRAME || this.inits.size >= MAX_FRAMES) return;
        this.inits.set(frame, answered + 1);
        const reply = (): void => {
          if (frame.isDetached()) return;
          const initResp = {
            type: 'initResp',
            config: CONFIG,
            rules: {
              autoconsent: [],
              compact: filterCompactRules(rules, { url, mainFrame: frame.parentFrame() === null }),
            },
          };
          void frame
            .evaluate((message) => {
              const receive = (
                globalThis as { autoconsentReceiveMessage?: (m: unknown) => unknown }
              ).autoconsentReceiveMessage;
              return receive?.(message);
            }, initResp)
            .catch(() => undefined);
        };
        reply();
        return;
      }
      case 'eval': {
        // Some rules ask whether a platform's API exists: answered in the asking frame, in the
        // page's own world (it grants the page nothing it does not have).
        const id = text('id');
        const code = (message as { code?: unknown }).code;
        if (id === null || typeof code !== 'string' || this.evals >= MAX_EVALS) return;
        this.evals++;
        void frame
          .evaluate(code)
          .catch(() => false)
          .then((result) =>
            frame.evaluate(
              (reply) =>
                (
                  globalThis as { autoconsentReceiveMessage?: (m: unknown) => unknown }
                ).autoconsentReceiveMessage?.(reply),
              { type: 'evalResp', id, result: isPlain(result) ? result : false },
            ),
          )
          .catch(() => undefined);
        return;
      }
      case 'cmpDetected': {
        const cmp = text('cmp');
        if (cmp && !this.detected.includes(cmp) && this.detected.length < 20)
          this.detected.push(cmp);
        return;
      }
      case 'popupFound': {
        const cmp = text('cmp');
        if (cmp && !this.popups.includes(cmp) && this.popups.length < 20) this.popups.push(cmp);
        if (cmp && !this.detected.includes(cmp) && this.detected.length < 20)
          this.detected.push(cmp);
        if (frame.parentFrame() === null) this.finish();
        return;
      }
      case 'report': {
        const state = (message as { state?: { lifecycle?: unknown } }).state;
        if (
          frame.parentFrame() === null &&
          typeof state?.lifecycle === 'string' &&
          FINISHED.has(state.lifecycle)
        )
          this.finish();
        return;
      }
      default:
        return;
    }
  }

  private finish(): void {
    this.topFinished = true;
    for (const waiter of [...this.waiters]) waiter();
  }
}

function isPlain(value: unknown): boolean {
  return value === null || ['boolean', 'number', 'string'].includes(typeof value);
}
