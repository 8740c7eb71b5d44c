import { countWords, isTinyStyle, normalise } from './text-measure.js';

describe('text measures', () => {
  it('normalises whitespace', () => {
    expect(normalise('  a \n\t b  ')).toBe('a b');
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
