// Damerau–Levenshtein distance in its optimal-string-alignment form (an adjacent swap is one
// edit: "jagaur" -> "jaguar" is 1, where plain Levenshtein says 2), bounded: it gives up as
// soon as the distance must exceed `max`, which is what a spelling lookup verifying many
// candidates needs. Hand-written because it is the inner loop of the symmetric-delete index
// (symspell.ts): the maintained distance packages compute the whole matrix and have no bound.

let rows: [Int32Array, Int32Array, Int32Array] = [
  new Int32Array(64),
  new Int32Array(64),
  new Int32Array(64),
];

/** The OSA distance of `a` and `b`, or `max + 1` when it exceeds `max`. Compares UTF-16 code units. */
export function boundedDamerauLevenshtein(a: string, b: string, max: number): number {
  if (a === b) return 0;
  // The shorter string first; a common prefix and suffix cost nothing.
  if (a.length > b.length) [a, b] = [b, a];
  let start = 0;
  while (start < a.length && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA -= 1;
    endB -= 1;
  }
  const n = endA - start;
  const m = endB - start;
  if (m - n > max) return max + 1;
  if (n === 0) return m;

  // Three rows of the (n + 1) × (m + 1) matrix (the one two back holds what a swap needs), in
  // buffers kept between calls: a lookup verifies hundreds of candidates.
  if (rows[0].length <= m)
    rows = [new Int32Array(2 * m + 2), new Int32Array(2 * m + 2), new Int32Array(2 * m + 2)];
  let [previous2, previous, current] = rows;
  for (let j = 0; j <= m; j += 1) previous[j] = j;
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    const ca = a.charCodeAt(start + i - 1);
    let rowMin = i;
    for (let j = 1; j <= m; j += 1) {
      const cb = b.charCodeAt(start + j - 1);
      const cost = ca === cb ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        ca === b.charCodeAt(start + j - 2) &&
        a.charCodeAt(start + i - 2) === cb
      )
        value = Math.min(value, (previous2[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // Every later row is at least this row's least value.
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  const distance = previous[m] as number;
  return distance > max ? max + 1 : distance;
}
