// Countdown timers, read from their text ("09:58", "1:02:03", "2d 03h 15m", "ends in 5 minutes")
// and judged from samples: does it really count down, and does it start over on a reload (the
// fake urgency timer of Mathur et al.: the deadline is not real if it resets)?

const CLOCK = /(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])/;
const UNIT = /(\d{1,3})\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])/gi;
const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/** Seconds a timer text shows, null when it shows none. Unit words need a number before them. */
export function timerSeconds(text: string): number | null {
  const clock = CLOCK.exec(text);
  if (clock) {
    const [a, b, c] = [clock[1], clock[2], clock[3]].map((part) =>
      part === undefined ? undefined : Number(part),
    );
    if (b === undefined || a === undefined || b > 59) return null;
    if (c === undefined) return a * 60 + b;
    return c > 59 ? null : a * 3_600 + b * 60 + c;
  }
  let total = 0;
  let found = false;
  for (const match of text.matchAll(UNIT)) {
    const unit = (match[2] ?? '').toLowerCase();
    const key = unit.startsWith('mi') || unit === 'm' ? 'm' : unit[0];
    const seconds = key === undefined ? undefined : UNIT_SECONDS[key];
    if (seconds === undefined) continue;
    total += Number(match[1]) * seconds;
    found = true;
  }
  return found ? total : null;
}

/** A text short enough to be a timer element, and showing a time. */
export function looksLikeTimer(text: string): boolean {
  return text.length <= 60 && timerSeconds(text) !== null;
}

export interface TimerSample {
  readonly seconds: number;
  /** Milliseconds from the first sample. */
  readonly atMs: number;
}

/** Slack for a sample taken just before or after a tick. */
const SLACK_SECONDS = 2;

/**
 * It went down between the samples, never up, and not faster than the clock (a timer that
 * drops 10 s in one second is an animation, not a deadline).
 */
export function countsDown(samples: readonly TimerSample[]): boolean {
  if (samples.length < 2) return false;
  for (let i = 1; i < samples.length; i++) {
    const previous = samples[i - 1];
    const current = samples[i];
    if (!previous || !current || current.seconds > previous.seconds) return false;
  }
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.seconds >= first.seconds) return false;
  return first.seconds - last.seconds <= (last.atMs - first.atMs) / 1000 + SLACK_SECONDS;
}

/**
 * After the reload it showed more than it had left before the reload: it started over. A real
 * deadline shows less (time went on during the reload).
 */
export function restartsOnReload(lastSeconds: number, afterReloadSeconds: number): boolean {
  return afterReloadSeconds > lastSeconds + 1;
}
