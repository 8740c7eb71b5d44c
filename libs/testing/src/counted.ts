import type { Counter } from 'prom-client';

/** The value of a counter for the given labels (summed over the others; 0 when never incremented). */
export async function counted<L extends string>(
  counter: Counter<L>,
  labels: Partial<Record<L, string>> = {},
): Promise<number> {
  const { values } = await counter.get();
  const matching = values.filter((value) =>
    Object.entries(labels).every(([name, wanted]) => value.labels[name as L] === wanted),
  );
  return matching.reduce((sum, value) => sum + value.value, 0);
}
