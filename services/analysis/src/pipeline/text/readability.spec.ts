import { countSyllables, measureReadability } from './readability.js';

describe(measureReadability.name, () => {
  it.each([
    ['cat', 1],
    ['table', 2],
    ['reading', 2],
    ['accessibility', 6],
    ['the', 1],
    ['made', 1],
  ])('counts syllables of %s as %d', (word, expected) => {
    expect(countSyllables(word)).toBe(expected);
  });

  it('rates plain short sentences easier than long academic ones', () => {
    const plain = Array.from(
      { length: 8 },
      () => 'The cat sat on the mat. It was warm. We like the sun.',
    );
    const dense = Array.from(
      { length: 8 },
      () =>
        'Notwithstanding considerable methodological heterogeneity, institutional accountability frameworks necessitate comprehensive organisational documentation and interdisciplinary standardisation procedures.',
    );
    const easy = measureReadability(plain);
    const hard = measureReadability(dense);
    expect(easy?.fleschReadingEase).toBeGreaterThan(80);
    expect(hard?.fleschReadingEase).toBeLessThan(10);
  });

  it('refuses to rate fewer than 30 words', () => {
    expect(measureReadability(['Too short to judge.'])).toBeNull();
  });
});
