import { countWords, isNormalised, isTinyStyle, normalise } from './text-measure.js';

describe('text measures', () => {
  it('normalises whitespace', () => {
    expect(normalise('  a \n\t b  ')).toBe('a b');
  });

  it('knows which texts normalising leaves as they are, for every kind of whitespace', () => {
    const whitespace = Array.from({ length: 0x10000 }, (_, code) =>
      String.fromCharCode(code),
    ).filter((character) => /\s/.test(character));
    const alphabet = [' ', 'a', '\u0085', '\u0001', ...whitespace];
    let strings = [''];
    const all: string[] = [''];
    for (let length = 1; length <= 3; length++) {
      strings = strings.flatMap((prefix) => alphabet.map((character) => prefix + character));
      all.push(...strings);
    }
    const wrong = all.filter(
      (text) => isNormalised(text) !== (text.replace(/\s+/g, ' ').trim() === text),
    );
    // A control character that is not whitespace is sent the slow way, which leaves it alone.
    expect(wrong.every((text) => text.includes('\u0001'))).toBe(true);
    expect(all.every((text) => normalise(text) === text.replace(/\s+/g, ' ').trim())).toBe(true);
  });

  it('counts words with a letter or digit, in any script, not dashes or ellipses', () => {
    expect(countWords('Only 2 left — order now …')).toBe(5);
    expect(countWords('Café déjà vu')).toBe(3);
    expect(countWords('')).toBe(0);
  });

  it('finds tiny print (9px or less, 7pt or less)', () => {
    expect(isTinyStyle('font-size: 9px')).toBe(true);
    expect(isTinyStyle('font-size:7pt')).toBe(true);
    expect(isTinyStyle('font-size: 12px')).toBe(false);
    expect(isTinyStyle('font-size: 0.5em')).toBe(false);
    expect(isTinyStyle(undefined)).toBe(false);
  });
});
