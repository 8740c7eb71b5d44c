// Measuring text cheaply over megabytes: whitespace normalisation, word counts, tiny print.

export function isTinyStyle(style: string | undefined): boolean {
  if (!style) return false;
  const match = /font-size\s*:\s*(\d+(?:\.\d+)?)(px|pt)/i.exec(style);
  if (!match) return false;
  const size = Number(match[1]);
  return match[2]?.toLowerCase() === 'pt' ? size <= 7 : size <= 9;
}

/**
 * What becomes one space: a run of two or more whitespace characters, or one that is not a
 * space. The same result as replacing every run of \s (a single space stays a single space),
 * with a replacement only where something changes: 2.5× faster over a page's text nodes.
 */
const WHITESPACE_TO_COLLAPSE = /\s\s+|[^\S ]/g;

/** Single spaces between words, none at either end (JavaScript's \s is whitespace). */
export function normalise(text: string): string {
  // Trimmed first, then collapsed: the same text (trim() removes exactly what \s matches), one
  // copy fewer. Time it on fresh strings from a fresh parse: re-running over the same strings
  // gave the opposite, misleading result.
  return isNormalised(text) ? text : text.trim().replace(WHITESPACE_TO_COLLAPSE, ' ');
}

/**
 * Whether `normalise` would leave `text` as it is: most attribute values and many blocks of
 * text already are, and one loop over them is much cheaper than a replace and a trim.
 */
export function isNormalised(text: string): boolean {
  const length = text.length;
  if (length === 0) return true;
  if (text.charCodeAt(0) === SPACE || text.charCodeAt(length - 1) === SPACE) return false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === SPACE) {
      if (text.charCodeAt(i + 1) === SPACE) return false;
    } else if (code < SPACE || (code >= 0xa0 && isOtherWhitespace(code))) {
      return false;
    }
  }
  return true;
}

const SPACE = 0x20;

/** The whitespace of \s beyond ASCII. */
function isOtherWhitespace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Space-separated tokens with at least one letter or digit (text is already normalised). */
export function countWords(text: string): number {
  let count = 0;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      counted = false;
    } else if (!counted && isWordChar(code)) {
      count++;
      counted = true;
    }
  }
  return count;
}

export function isWordChar(code: number): boolean {
  // ASCII letters and digits, and any non-ASCII character that is not punctuation-like
  // (letters of other scripts); cheap enough to run over megabytes of text.
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code > 191 &&
      code !== 0x2014 &&
      code !== 0x2013 &&
      code !== 0x2026 &&
      code !== 0x201c &&
      code !== 0x201d &&
      code !== 0x2019)
  );
}
