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

const SPACE = 0x20;
const AMPERSAND = 0x26;
const APOSTROPHE = 0x27;
/** ! ? , ; . */
const CLOSING_PUNCTUATION: ReadonlySet<number> = new Set([0x21, 0x3f, 0x2c, 0x3b, 0x2e]);

/**
 * Every text `needsNormalising` says yes to matches this (it may match more: " ." in the middle
 * of a sentence): a character outside printable ASCII or "&", a space at either end, a space
 * before a space, an apostrophe or closing punctuation, an apostrophe before a space.
 */
const MAY_NEED_NORMALISING = /[^\x20-\x25\x27-\x7e]| [ '!?,;.]|' |^ | $/;

/**
 * Whether some step below would change `text`: a character outside printable ASCII, an entity,
 * a space at either end, two spaces in a row, a space beside an apostrophe or before closing
 * punctuation. Most segments of a page need none of it, and a page has tens of thousands of
 * them; one loop over the characters decides it several times faster than the equivalent
 * regular expression /[^\x20-\x7e]|&|\s\s|^\s|\s$| '|' | [!?,;.](?=\s|$)/ (in printable
 * ASCII the only whitespace is the space itself).
 */
export function needsNormalising(text: string): boolean {
  const length = text.length;
  if (length === 0) return false;
  // A native scan first: text without any character or pair the loop looks at needs nothing.
  if (!MAY_NEED_NORMALISING.test(text)) return false;
  if (text.charCodeAt(0) === SPACE || text.charCodeAt(length - 1) === SPACE) return true;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === AMPERSAND) return true;
    if (code === SPACE) {
      const next = text.charCodeAt(i + 1);
      if (next === SPACE || next === APOSTROPHE) return true;
      if (CLOSING_PUNCTUATION.has(next) && (i + 2 >= length || text.charCodeAt(i + 2) === SPACE))
        return true;
    } else if (code === APOSTROPHE && text.charCodeAt(i + 1) === SPACE) {
      return true;
    }
  }
  return false;
}

/**
 * Decodes entities, folds typographic quotes and dashes to ASCII, collapses whitespace, and
 * rejoins words the scanner split around an apostrophe or before closing punctuation
 * ("don ' t" → "don't", "Hurry !" → "Hurry!"). Case is kept: the quote shown to users stays
 * as the page wrote it; rules match case-insensitively.
 */
export function normaliseText(text: string): string {
  if (!needsNormalising(text)) return text;
  let out = decodeEntities(text);
  for (const [pattern, replacement] of FOLDS) out = out.replace(pattern, replacement);
  return out
    .replace(/([a-z]) ?' ?(t|s|re|ve|ll|d|m)\b/gi, "$1'$2")
    .replace(/ ([!?,;.])(?=\s|$)/g, '$1')
    .trim();
}
