// Creating an Intl formatter loads locale data: about 20 ms on a phone-class CPU, paid on the
// first screen when done at import. Whole numbers (every count and balance) are grouped by
// hand, the same way en-US does; the formatters are made on first real need.
let numberFormat: Intl.NumberFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;

/** 1234567 → "1,234,567" (en-US grouping). */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(value);
}

/** An ISO date as "Nov 22, 2026"; the input itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return dateFormat.format(date);
}

/** "1 result", "2 results": a count with the word that agrees with it. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}
