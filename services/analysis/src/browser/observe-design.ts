// The design stage of a page visit, run after everything else was recorded (the clicks and the
// reload here must not mix into the visit's requests): the consent banner and how far its reject
// control is, countdowns sampled and re-read after a reload, pre-checked options, and declines
// drawn less visibly than accept. Every wait is bounded and ends on a signal from the page.
import type { Page } from 'playwright-core';
import { classifyControl, isConsentText, type ControlKind } from './consent-controls.js';
import type { ConsentPlatformReport } from './consent-platform.js';
import { deEmphasis } from './control-prominence.js';
import {
  countsDown,
  restartsOnReload,
  timerSeconds,
  type TimerSample,
} from './countdown-timers.js';
import type {
  ConsentObservation,
  DeEmphasisedDecline,
  DesignObservation,
  TimerObservation,
} from './design-observation.js';
import {
  checkedControls,
  CONTROL_SELECTOR,
  inspectDialogs,
  readTexts,
  timerCandidates,
  type DialogSnapshot,
} from './design-probes.js';
import { classifyPreChecked } from './pre-checked-options.js';

export interface DesignStageInput {
  readonly consentPlatform: ConsentPlatformReport;
  /** Tracker organisations contacted during the visit (no consent choice was made). */
  readonly trackerOrganizations: readonly string[];
  readonly budgetMs: number;
}

/** "Settings" clicks tried on the way to a reject control (reject is then the next click). */
const MAX_SETTINGS_CLICKS = 2;
/** Longest wait for a tick of a timer, and for a banner to change after a click. */
const TICK_WAIT_MS = 1_500;
const CLICK_WAIT_MS = 1_000;
const TIMER_SAMPLES = 3;
const MAX_TIMERS = 5;

export async function observeDesign(
  page: Page,
  input: DesignStageInput,
): Promise<DesignObservation> {
  const deadline = Date.now() + input.budgetMs;
  const left = (cap: number): number => Math.max(1, Math.min(cap, deadline - Date.now()));

  const preChecked = (await page.evaluate(checkedControls, 50).catch(() => []))
    .map(classifyPreChecked)
    .filter((option) => option !== null);
  const dialogs = await page.evaluate(inspectDialogs, CONTROL_SELECTOR).catch(() => []);
  const deEmphasisedDeclines = dialogs.flatMap(declinesOf);
  const timers = await sampleTimers(page, left);
  const consent = await consentOf(page, dialogs, input, left);
  // The reload comes last: it starts the page over.
  const restarted = await reloadTimers(page, timers, left);
  return { consent, timers: restarted, preChecked, deEmphasisedDeclines };
}

function kindsOf(dialog: DialogSnapshot): ControlKind[] {
  return dialog.controls.map((control) => classifyControl(control.text));
}

/** Accept and decline side by side in one dialog, the decline clearly less visible. */
function declinesOf(dialog: DialogSnapshot): DeEmphasisedDecline[] {
  const kinds = kindsOf(dialog);
  const accept = dialog.controls.find((_, i) => kinds[i] === 'accept');
  const decline = dialog.controls.find((_, i) => kinds[i] === 'reject');
  if (!accept || !decline) return [];
  const reasons = deEmphasis(accept.style, decline.style);
  return reasons.length === 0
    ? []
    : [
        {
          accept: accept.text,
          decline: decline.text,
          reasons,
          consentBanner: isConsentText(dialog.text),
        },
      ];
}

async function consentOf(
  page: Page,
  dialogs: readonly DialogSnapshot[],
  input: DesignStageInput,
  left: (cap: number) => number,
): Promise<ConsentObservation | null> {
  const { detected, popups } = input.consentPlatform;
  let banner = dialogs.find((dialog) => isConsentText(dialog.text));
  if (!banner && detected.length === 0) return null;
  const cmp = popups[0] ?? detected[0] ?? null;
  const base = {
    cmp,
    bannerVisible: banner !== undefined || popups.length > 0,
    inspected: banner !== undefined,
    trackersBeforeChoice: [...input.trackerOrganizations],
  };
  const path: string[] = [];
  const startUrl = page.url();
  for (let clicks = 0; banner; clicks++) {
    const kinds = kindsOf(banner);
    const reject = banner.controls.find((_, i) => kinds[i] === 'reject');
    if (reject) return { ...base, rejectClicks: clicks + 1, rejectText: reject.text, path };
    const settings = banner.controls.find((c, i) => kinds[i] === 'settings' && !c.navigates);
    if (!settings || clicks >= MAX_SETTINGS_CLICKS || left(CLICK_WAIT_MS) < 200) break;
    const before = await page.evaluate(bodyText).catch(() => '');
    const clicked = await page
      .locator(CONTROL_SELECTOR)
      .nth(settings.index)
      .click({ timeout: left(CLICK_WAIT_MS), noWaitAfter: true })
      .then(() => true)
      .catch(() => false);
    if (!clicked || page.url() !== startUrl) break;
    path.push(settings.text);
    // The next layer: wait until the page's text changes (or give up).
    await page
      .waitForFunction(
        (previous) => {
          const doc = (
            globalThis as unknown as { document: { body: { innerText: string } | null } }
          ).document;
          return (doc.body?.innerText ?? '').replace(/\s+/g, ' ') !== previous;
        },
        before,
        { timeout: left(CLICK_WAIT_MS), polling: 50 },
      )
      .catch(() => undefined);
    const next = await page.evaluate(inspectDialogs, CONTROL_SELECTOR).catch(() => []);
    banner = next.find((dialog) => isConsentText(dialog.text));
  }
  return { ...base, rejectClicks: null, rejectText: null, path };
}

/** The page's visible text, whitespace folded (runs in the page). */
function bodyText(): string {
  const doc = (globalThis as unknown as { document: { body: { innerText: string } | null } })
    .document;
  return (doc.body?.innerText ?? '').replace(/\s+/g, ' ');
}

interface SampledTimer {
  readonly key: string;
  readonly text: string;
  readonly samples: TimerSample[];
}

/** Timer texts read up to three times, each time as soon as one of them changes. */
async function sampleTimers(
  page: Page,
  left: (cap: number) => number,
): Promise<(TimerObservation & { key: string })[]> {
  const candidates = await page.evaluate(timerCandidates, MAX_TIMERS).catch(() => []);
  const started = Date.now();
  const timers: SampledTimer[] = candidates.flatMap(({ key, text }) => {
    const seconds = timerSeconds(text);
    return seconds === null ? [] : [{ key, text, samples: [{ seconds, atMs: 0 }] }];
  });
  if (timers.length === 0) return [];
  const keys = timers.map((timer) => timer.key);
  let last = timers.map((timer) => timer.text);
  for (let sample = 1; sample < TIMER_SAMPLES; sample++) {
    const changed = await page
      .waitForFunction(
        ({ keys, last }) => {
          const doc = (
            globalThis as unknown as {
              document: { querySelector(s: string): { innerText: string } | null };
            }
          ).document;
          return keys.some((key, i) => {
            const text = doc.querySelector(key)?.innerText.replace(/\s+/g, ' ').trim();
            return text !== undefined && text !== last[i];
          });
        },
        { keys, last },
        { timeout: left(TICK_WAIT_MS), polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    if (!changed) break;
    const texts = await page.evaluate(readTexts, keys).catch(() => keys.map(() => null));
    const atMs = Date.now() - started;
    texts.forEach((text, i) => {
      const seconds = text === null ? null : timerSeconds(text);
      if (seconds !== null) timers[i]?.samples.push({ seconds, atMs });
    });
    last = texts.map((text, i) => text ?? last[i] ?? '');
  }
  return timers.map((timer) => ({
    key: timer.key,
    text: timer.text,
    samples: timer.samples,
    countsDown: countsDown(timer.samples),
    restartsOnReload: null,
    afterReloadSeconds: null,
  }));
}

/** Reloads once when a timer counted down, and reads it again as soon as it is back. */
async function reloadTimers(
  page: Page,
  timers: readonly (TimerObservation & { key: string })[],
  left: (cap: number) => number,
): Promise<TimerObservation[]> {
  const strip = ({ key: _key, ...timer }: TimerObservation & { key: string }): TimerObservation =>
    timer;
  const counting = timers.filter((timer) => timer.countsDown);
  if (counting.length === 0 || left(3_000) < 1_000) return timers.map(strip);
  const reloaded = await page
    // Read as early as the page shows it: a fake timer starts over as soon as its script runs.
    .reload({ waitUntil: 'domcontentloaded', timeout: left(3_000) })
    .then(() => true)
    .catch(() => false);
  if (!reloaded) return timers.map(strip);
  const keys = counting.map((timer) => timer.key);
  await page
    .waitForFunction(
      (keys) => {
        const doc = (
          globalThis as unknown as {
            document: { querySelector(s: string): { innerText: string } | null };
          }
        ).document;
        // Back, and showing a number (a script may fill it in after load).
        return keys.every((key) => /\d/.test(doc.querySelector(key)?.innerText ?? ''));
      },
      keys,
      { timeout: left(1_000), polling: 50 },
    )
    .catch(() => undefined);
  const texts = await page.evaluate(readTexts, keys).catch(() => keys.map(() => null));
  return timers.map((timer) => {
    const at = keys.indexOf(timer.key);
    const text = at < 0 ? null : (texts[at] ?? null);
    const after = text === null ? null : timerSeconds(text);
    const last = timer.samples[timer.samples.length - 1];
    if (after === null || !last) return strip(timer);
    return strip({
      ...timer,
      afterReloadSeconds: after,
      restartsOnReload: restartsOnReload(last.seconds, after),
    });
  });
}
