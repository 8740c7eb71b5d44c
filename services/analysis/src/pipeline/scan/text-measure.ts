// Measuring text cheaply over megabytes: whitespace normalisation, word counts, tiny print.

export function isTinyStyle(style: string | undefined): boolean {
  if (!style) return false;
  const match = /font-size\s*:\s*(\d+(?:\.\d+)?)(px|pt)/i.exec(style);
  if (!match) return false;
  const size = Number(match[1]);
  return match[2]?.toLowerCase() === 'pt' ? size <= 7 : size <= 9;
}

export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
