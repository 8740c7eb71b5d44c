import { boundedDamerauLevenshtein } from './edit-distance.js';

describe(boundedDamerauLevenshtein.name, () => {
  it('counts an adjacent swap as one edit', () => {
    expect(boundedDamerauLevenshtein('jagaur', 'jaguar', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('brnox', 'bronx', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('cmael', 'camel', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('ab', 'ba', 2)).toBe(1);
  });

  it('counts insertions, deletions and substitutions', () => {
    expect(boundedDamerauLevenshtein('cral', 'coral', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('cral', 'crab', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('coral', 'cral', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('kitten', 'sitting', 3)).toBe(3);
    expect(boundedDamerauLevenshtein('cmael', 'cma', 2)).toBe(2);
    expect(boundedDamerauLevenshtein('', 'abc', 3)).toBe(3);
    expect(boundedDamerauLevenshtein('same', 'same', 0)).toBe(0);
  });

  it('is the optimal string alignment distance (a swapped pair is not edited again)', () => {
    expect(boundedDamerauLevenshtein('ca', 'abc', 3)).toBe(3);
  });

  it('gives up past the bound with bound + 1', () => {
    expect(boundedDamerauLevenshtein('jagaur', 'jag', 2)).toBe(3);
    expect(boundedDamerauLevenshtein('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(boundedDamerauLevenshtein('kitten', 'sitting', 2)).toBe(3);
  });
});
