// The design stage of a page visit, run after everything else was recorded (the clicks and the
// reload here must not mix into the visit's requests): the consent banner (in the page or in a
// frame drawn over it) and how far its reject control is, countdowns sampled and re-read after a reload, pre-checked options, and declines
// drawn less visibly than accept. Every wait is bounded and ends on a signal from the page.
import type { Frame, Page } from 'playwright-core';
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
  isPopupFrameElement,
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
  const dialogs = await inspect(PAGE_ITSELF(page));
  // A consent banner in the page itself, else in a frame drawn over it (some platforms do).
  const banner = await findBanner(page, dialogs);
  const deEmphasisedDeclines = [
    ...dialogs,
    ...(banner && banner.place.frameHost !== null ? [banner.dialog] : []),
  ].flatMap(declinesOf);
  const timers = await sampleTimers(page, left);
  const consent = await consentOf(page, banner, input, left);
  // The reload comes last: it starts the page over.
  const restarted = await reloadTimers(page, timers, left);
  return { consent, timers: restarted, preChecked, deEmphasisedDeclines };
}

/** Where a banner was looked for: the page's own document, or a frame shown as a pop-up. */
interface BannerPlace {
  readonly frame: Frame;
  /** The frame's whole document is the banner (a frame drawn over the page). */
  readonly wholeDocument: boolean;
  /** The frame's host; null for the page itself. */
  readonly frameHost: string | null;
}

const PAGE_ITSELF = (page: Page): BannerPlace => ({
  frame: page.mainFrame(),
  wholeDocument: false,
  frameHost: null,
});

/** Frames searched for a banner, at most (the page's own children only). */
const MAX_FRAMES = 8;

function inspect(place: BannerPlace): Promise<DialogSnapshot[]> {
  return place.frame
    .evaluate(inspectDialogs, { selector: CONTROL_SELECTOR, wholeDocument: place.wholeDocument })
    .catch(() => []);
}

async function findBanner(
  page: Page,
  dialogs: readonly DialogSnapshot[],
): Promise<{ place: BannerPlace; dialog: DialogSnapshot } | undefined> {
  const inPage = dialogs.find((dialog) => isConsentText(dialog.text));
  if (inPage) return { place: PAGE_ITSELF(page), dialog: inPage };
  const children = page.frames().filter((frame) => frame.parentFrame() === page.mainFrame());
  for (const frame of children.slice(0, MAX_FRAMES)) {
    if (frame.isDetached() || !/^https?:/.test(frame.url())) continue;
    const element = await frame.frameElement().catch(() => null);
    const popup = await element?.evaluate(isPopupFrameElement).catch(() => false);
    await element?.dispose().catch(() => undefined);
    if (!popup) continue;
    const place = { frame, wholeDocument: true, frameHost: new URL(frame.url()).hostname };
    const dialog = (await inspect(place)).find((found) => isConsentText(found.text));
    if (dialog) return { place, dialog };
  }
  return undefined;
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

/**
 * How many clicks reach the banner's reject control: its layers are opened with "settings"
 * controls (never accept, never reject itself), in the page or inside the banner's frame.
 */
async function consentOf(
  page: Page,
  found: { place: BannerPlace; dialog: DialogSnapshot } | undefined,
  input: DesignStageInput,
  left: (cap: number) => number,
): Promise<ConsentObservation | null> {
  const { detected, popups } = input.consentPlatform;
  if (!found && detected.length === 0) return null;
  const cmp = popups[0] ?? detected[0] ?? null;
  const base = {
    cmp,
    bannerVisible: found !== undefined || popups.length > 0,
    inspected: found !== undefined,
    frameHost: found?.place.frameHost ?? null,
    trackersBeforeChoice: [...input.trackerOrganizations],
  };
  const path: string[] = [];
  const startUrl = page.url();
  let banner = found?.dialog;
  for (let clicks = 0; found && banner; clicks++) {
    const { frame } = found.place;
    const kinds = kindsOf(banner);
    const reject = banner.controls.find((_, i) => kinds[i] === 'reject');
    if (reject) return { ...base, rejectClicks: clicks + 1, rejectText: reject.text, path };
    const settings = banner.controls.find((c, i) => kinds[i] === 'settings' && !c.navigates);
    if (!settings || clicks >= MAX_SETTINGS_CLICKS || left(CLICK_WAIT_MS) < 200) break;
    const before = await frame.evaluate(bodyText).catch(() => '');
    const clicked = await frame
      .locator(CONTROL_SELECTOR)
      .nth(settings.index)
      .click({ timeout: left(CLICK_WAIT_MS), noWaitAfter: true })
      .then(() => true)
      .catch(() => false);
    if (!clicked || page.url() !== startUrl || frame.isDetached()) break;
    path.push(settings.text);
    // The next layer: wait until the banner's text changes (or give up).
    await frame
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
    banner = (await inspect(found.place)).find((dialog) => isConsentText(dialog.text));
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
