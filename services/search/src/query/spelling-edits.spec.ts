import { correctableTerms, parseWebQuery } from './web-query.js';
import { oneEditVariants } from './spelling-edits.js';

describe(oneEditVariants.name, () => {
  it('swaps adjacent letters and deletes one letter', () => {
    expect(oneEditVariants('jagaur')).toContain('jaguar');
    expect(oneEditVariants('brnox')).toContain('bronx');
    expect(oneEditVariants('cmael')).toContain('camel');
    expect(oneEditVariants('wikipedias')).toContain('wikipedia');
    expect(oneEditVariants('abc')).toEqual(['bac', 'acb']);
    expect(oneEditVariants('boil')).not.toContain('oil');
    expect(oneEditVariants('aab')).not.toContain('aab');
  });
});

describe(correctableTerms.name, () => {
  it('leaves short words and stop words alone', () => {
    expect(correctableTerms(parseWebQuery('out of cotrol'))).toEqual(['cotrol']);
    expect(correctableTerms(parseWebQuery('la plaa'))).toEqual(['plaa']);
  });
});
