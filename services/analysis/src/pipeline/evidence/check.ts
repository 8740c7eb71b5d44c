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

/** The count, the noun and a verb that agree: "1 heading is empty", "2 headings are empty". */
export function counted(
  count: number,
  one: string,
  verbOne: string,
  verbMany: string,
  many = `${one}s`,
): string {
  return `${plural(count, one, many)} ${count === 1 ? verbOne : verbMany}`;
}

/** "3 of 4 images have…", "1 of 2 links has…": the verb agrees with the first number. */
export function ofTotal(
  passed: number,
  total: number,
  one: string,
  verbOne: string,
  verbMany: string,
  many = `${one}s`,
): string {
  return `${passed} of ${plural(total, one, many)} ${passed === 1 ? verbOne : verbMany}`;
}
