import type { Page } from 'playwright-core';

// In the page (plain JavaScript: the e2e code is compiled without the DOM's types). Installs
// window.__frenlyClock = { startedAt, statuses: { [text]: { shownMs, goneMs } } }: the start is
// the next Enter key or click (the event's own timestamp); then, at every animation frame, each
// watched text's live region (role="status") is looked for, noting when it first shows and
// when it is gone again, in ms since the start.
const INSTALL_CLOCK = `(texts) => {
  const clock = { startedAt: undefined, statuses: {} };
  for (const text of texts) clock.statuses[text] = {};
  window.__frenlyClock = clock;
  const note = (event) => {
    if (clock.startedAt !== undefined) return;
    if (event.type === 'keydown' && event.key !== 'Enter') return;
    clock.startedAt = event.timeStamp;
  };
  document.addEventListener('keydown', note, { capture: true });
  document.addEventListener('click', note, { capture: true });
  const watchUntil = performance.now() + 30000;
  const watch = () => {
    if (window.__frenlyClock !== clock) return; // armed again
    if (clock.startedAt !== undefined) {
      const shown = [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent || '');
      const elapsed = Math.max(0.1, performance.now() - clock.startedAt);
      for (const [text, times] of Object.entries(clock.statuses)) {
        const present = shown.some((content) => content.includes(text));
        if (present && times.shownMs === undefined) times.shownMs = elapsed;
        if (!present && times.shownMs !== undefined && times.goneMs === undefined) times.goneMs = elapsed;
      }
    }
    if (performance.now() < watchUntil) requestAnimationFrame(watch);
    else {
      document.removeEventListener('keydown', note, { capture: true });
      document.removeEventListener('click', note, { capture: true });
    }
  };
  requestAnimationFrame(watch);
}`;

interface WatchedClock {
  statuses: Record<string, { shownMs?: number; goneMs?: number } | undefined>;
}

/**
 * Durations on the page's own clock, for screens whose timing is part of the spec (a 1 s fake
 * load, a 3 s banner). Timed from the test process, every poll is a round trip to the browser,
 * which a busy machine stretches by seconds; the page sees its own changes within a frame.
 */
export class PageClock {
  private constructor(private readonly page: Page) {}

  /** Starts watching `statusTexts`; the next Enter key or click in the page starts the clock. */
  static async arm(page: Page, statusTexts: readonly string[]): Promise<PageClock> {
    await page.evaluate(`(${INSTALL_CLOCK})(${JSON.stringify(statusTexts)})`);
    return new PageClock(page);
  }

  /** Milliseconds from the action until the live region with `text` first showed. */
  msUntilShown(text: string, timeoutMs = 10_000): Promise<number> {
    return this.read(text, 'shownMs', timeoutMs);
  }

  /** Milliseconds from the action until the live region with `text` was gone again. */
  msUntilGone(text: string, timeoutMs = 10_000): Promise<number> {
    return this.read(text, 'goneMs', timeoutMs);
  }

  private async read(text: string, key: 'shownMs' | 'goneMs', timeoutMs: number): Promise<number> {
    // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
    const handle = await this.page.waitForFunction(
      ([wanted, which]) => {
        const clock = (globalThis as unknown as { __frenlyClock?: WatchedClock }).__frenlyClock;
        return clock?.statuses[wanted]?.[which] ?? false;
      },
      [text, key] as const,
      { polling: 100, timeout: timeoutMs },
    );
    return (await handle.jsonValue()) as number;
  }
}
