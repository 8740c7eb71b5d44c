// A check is one question asked of the page ("do images have text alternatives?"), answered
// with a share in [0, 1] and the evidence behind it. Weights live in scoring/weights.ts.

export interface CheckResult {
  /** Stable id, e.g. "a11y.image-alt"; the key of its weight. */
  readonly id: string;
  /** 0..1 share achieved; null when the page has nothing to check (no images, no forms…). */
  readonly score: number | null;
  /** What was found, in one sentence. */
  readonly detail: string;
  /** What to change, in one sentence (shown when score < 1). */
  readonly fix?: string;
  /** Said as a strength when the check passes and matters. */
  readonly strength?: string;
  /** The axe-core rule this check corresponds to, where one does. */
  readonly axeRuleId?: string;
  /** Short quotes or element descriptions from the page. */
  readonly evidence?: readonly string[];
}

export function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** 1 at or below `good`, 0 at or above `bad`, linear between (works for either direction). */
export function linear(value: number, good: number, bad: number): number {
  if (good === bad) return value <= good ? 1 : 0;
  return clamp01((value - bad) / (good - bad));
}

export function share(passed: number, total: number): number | null {
  return total === 0 ? null : passed / total;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
