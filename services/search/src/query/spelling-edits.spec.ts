import { correctableTerms, parseWebQuery } from './web-query.js';

describe(correctableTerms.name, () => {
  it('leaves words under four letters, stop words, phrases and exclusions alone', () => {
    expect(correctableTerms(parseWebQuery('out of cotrol'))).toEqual(['cotrol']);
    expect(correctableTerms(parseWebQuery('la plaa'))).toEqual(['plaa']);
    expect(correctableTerms(parseWebQuery('teh cral sea'))).toEqual(['cral']);
    expect(correctableTerms(parseWebQuery('"coral sea" -crabs jagaur OR brnox'))).toEqual([
      'jagaur',
      'brnox',
    ]);
    expect(correctableTerms(parseWebQuery('about there'))).toEqual([]);
  });
});
