// One spelling for the many ways shops write the same words, so that a rule written for
// "don't" also matches "don&#39;t", "don’t", "DON’T" and the scanner's "don ' t" (a link whose
// text pieces were joined with spaces). The page scanner can call it on every text it keeps.

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  rsquo: "'",
  lsquo: "'",
  sbquo: "'",
  rdquo: '"',
  ldquo: '"',
  bdquo: '"',
  laquo: '"',
  raquo: '"',
  prime: "'",
  ndash: '-',
  mdash: '-',
  minus: '-',
  hellip: '...',
  shy: '',
  zwj: '',
  zwnj: '',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  times: '×',
  middot: '·',
  bull: '•',
  trade: '™',
  reg: '®',
  copy: '©',
  deg: '°',
  star: '☆',
};

/** Decodes numeric and common named character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});?/gi,
    (whole, body: string) => {
      if (body[0] === '#') {
        const code =
          body[1] === 'x' || body[1] === 'X'
            ? parseInt(body.slice(2), 16)
            : parseInt(body.slice(1), 10);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : whole;
      }
      return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    },
  );
}

const FOLDS: readonly [RegExp, string][] = [
  [/[\u2018\u2019\u201a\u201b\u2032\u02bc\u0060\u00b4]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"'],
  [/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00ad\u200b-\u200d\u2060\ufeff]/g, ''],
  [/[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' '],
];

/**
 * Text that every step below would leave as it is: printable ASCII without entities, single
 * spaces, no space at either end, beside an apostrophe or before closing punctuation. Most
 * segments of a page are like that, and a page has tens of thousands of them.
 */
const NEEDS_NORMALISING = /[^\x20-\x7e]|&|\s\s|^\s|\s$| '|' | [!?,;.](?=\s|$)/;

/**
 * Decodes entities, folds typographic quotes and dashes to ASCII, collapses whitespace, and
 * rejoins words the scanner split around an apostrophe or before closing punctuation
 * ("don ' t" → "don't", "Hurry !" → "Hurry!"). Case is kept: the quote shown to users stays
 * as the page wrote it; rules match case-insensitively.
 */
export function normaliseText(text: string): string {
  if (!NEEDS_NORMALISING.test(text)) return text;
  let out = decodeEntities(text);
  for (const [pattern, replacement] of FOLDS) out = out.replace(pattern, replacement);
  return out
    .replace(/([a-z]) ?' ?(t|s|re|ve|ll|d|m)\b/gi, "$1'$2")
    .replace(/ ([!?,;.])(?=\s|$)/g, '$1')
    .trim();
}
