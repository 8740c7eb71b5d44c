import { boundedDamerauLevenshtein } from './edit-distance.js';
import { SymSpellIndex } from './symspell.js';

const VOCABULARY = [
  { word: 'jaguar', count: 40 },
  { word: 'jaguars', count: 5 },
  { word: 'jag', count: 90 },
  { word: 'bronx', count: 12 },
  { word: 'brno', count: 3 },
  { word: 'camel', count: 8 },
  { word: 'coral', count: 4 },
  { word: 'crab', count: 30 },
  { word: 'comprehension', count: 6 },
  { word: 'comprehensive', count: 9 },
];

describe(SymSpellIndex.name, () => {
  const sut = SymSpellIndex.build(VOCABULARY);

  it('finds words one swap away, nearest first, then the most used', () => {
    expect(sut.lookup('jagaur', 2).map((s) => [s.word, s.distance])).toEqual([
      ['jaguar', 1],
      ['jaguars', 2],
    ]);
    expect(sut.lookup('brnox', 1).map((s) => s.word)).toEqual(['bronx', 'brno']);
    expect(sut.lookup('cmael', 2)[0]).toEqual({ word: 'camel', count: 8, distance: 1 });
  });

  it('finds a known word at distance 0 and respects the distance asked for', () => {
    expect(sut.lookup('coral', 0)).toEqual([{ word: 'coral', count: 4, distance: 0 }]);
    expect(sut.lookup('cral', 1).map((s) => s.word)).toEqual(['crab', 'coral']);
    expect(sut.lookup('jagaur', 0)).toEqual([]);
  });

  it('finds an edit beyond the indexed prefix of a long word', () => {
    expect(sut.lookup('comprehensiom', 2).map((s) => s.word)).toEqual([
      'comprehension',
      'comprehensive',
    ]);
    expect(sut.lookup('comprheension', 2).map((s) => s.word)).toEqual(['comprehension']);
  });

  it("knows each word's count, 0 for a word it does not hold", () => {
    expect(sut.countOf('bronx')).toBe(12);
    expect(sut.countOf('brnox')).toBe(0);
    expect(sut.size).toBe(VOCABULARY.length);
  });

  it('finds exactly the words a brute-force scan finds within two edits', () => {
    // Pseudo-random words over a small alphabet: many near neighbours, and hash collisions do not matter.
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const word = () =>
      Array.from(
        { length: 3 + Math.floor(random() * 7) },
        () => 'abcdef'[Math.floor(random() * 6)],
      ).join('');
    const words = [...new Set(Array.from({ length: 2000 }, word))];
    const index = SymSpellIndex.build(words.map((w, i) => ({ word: w, count: i + 1 })));
    for (const input of Array.from({ length: 60 }, word)) {
      const expected = words.filter((w) => boundedDamerauLevenshtein(input, w, 2) <= 2).sort();
      // Words over 7 letters are indexed by their first 7: SymSpell may miss a few whose edits
      // straddle the prefix, never report a word too far.
      const found = index
        .lookup(input, 2)
        .map((s) => s.word)
        .sort();
      expect(found.every((w) => expected.includes(w))).toBe(true);
      if (input.length <= 7) expect(found).toEqual(expected);
    }
  });
});
