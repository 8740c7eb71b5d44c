import { correctQuery, type MatchCounter } from './query-corrector.js';
import { SymSpellIndex } from './symspell.js';
import {
  formatWebQuery,
  parseWebQuery,
  applyCorrections,
  type QueryAtom,
  type WebQuery,
} from './web-query.js';

// A small index: each document is its words. Frequencies are counted from it, and a query
// matches a document as the search matches it (every clause; a word matches itself or its
// plural, as English stemming would).
const DOCUMENTS = [
  'the bronx borough new york',
  'bronx zoo animals',
  'yankee stadium bronx',
  'brno czech city',
  'jaguar big cat americas',
  'jaguar cars british',
  'jag car club',
  'jag lane',
  'camel desert animal',
  'camel cigarettes',
  'cma marketing awards',
  'coral sea battle 1942',
  'coral sea islands',
  'crab recipes',
  'crab fishing boats',
  'king crab legs',
  'crab shack',
  'mission control out of control',
  'out of control movie',
  'off road driving',
  'la playa beach resort',
  'la playa hotel',
  'play store',
  'play games online',
  'plan your trip',
  'plan ahead',
  'receive email alerts',
  'receive payments',
  'receive email newsletters',
  'receive parcels',
  'receive messages',
  'receive calls',
  'receive updates',
  'receive mail',
  'receive faxes',
  'receive gifts',
  'receive texts',
  'how to recieve money',
  'asian giant hornet nests',
  'hornet stings',
  'horned lizard',
  ...Array.from({ length: 30 }, (_, i) => `horned animal ${i}`),
  'python list comprehension',
  'cats and dogs',
  'hot dogs',
].map((text) => text.split(' '));

function frequencies(): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const doc of DOCUMENTS)
    for (const word of new Set(doc)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].map(([word, count]) => ({ word, count }));
}

const has = (doc: readonly string[], atom: QueryAtom): boolean => {
  if (atom.kind === 'phrase') {
    const words = atom.text.split(' ');
    return doc.some((_, i) => words.every((word, j) => doc[i + j] === word));
  }
  return doc.some(
    (word) => word === atom.text || word === `${atom.text}s` || `${word}s` === atom.text,
  );
};

const matches = (query: WebQuery, doc: readonly string[]): boolean =>
  query.clauses.every((clause) =>
    clause.alternatives.length === 1 && clause.alternatives[0]?.negated
      ? !has(doc, clause.alternatives[0])
      : clause.alternatives.some((atom) => !atom.negated && has(doc, atom)),
  );

const counted: WebQuery[][] = [];
const countMatches: MatchCounter = async (queries) => {
  counted.push([...queries]);
  return queries.map((query) => DOCUMENTS.filter((doc) => matches(query, doc)).length);
};

const vocabulary = SymSpellIndex.build(frequencies());

/** The query as the search would show it corrected, or null when nothing is replaced. */
async function corrected(q: string): Promise<string | null> {
  const parsed = parseWebQuery(q);
  const { corrections } = await correctQuery(parsed, vocabulary, countMatches);
  const replaced = new Map(
    [...corrections].filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return replaced.size === 0 ? null : formatWebQuery(applyCorrections(parsed, replaced));
}

describe(correctQuery.name, () => {
  beforeEach(() => {
    counted.length = 0;
  });

  it('corrects an adjacent swap to the word that matches most ("brnox": bronx, not brno)', async () => {
    expect(await corrected('brnox')).toBe('bronx');
    expect(await corrected('cmael')).toBe('camel'); // not "cma", two edits away
  });

  it('says how many documents the query as typed matches, counted with the candidates', async () => {
    await expect(
      correctQuery(parseWebQuery('cral sea'), vocabulary, countMatches),
    ).resolves.toMatchObject({
      typedMatches: 0,
      matches: 2,
    });
    // "recieve" is known (one page spells it so): as typed it matches that page.
    await expect(
      correctQuery(parseWebQuery('recieve money'), vocabulary, countMatches),
    ).resolves.toMatchObject({ typedMatches: 1 });
    expect(counted.every((queries) => formatWebQuery(queries[0]!) !== '')).toBe(true);
  });

  it('corrects "jagaur" to jaguar, never to "jag"', async () => {
    expect(await corrected('jagaur')).toBe('jaguar');
  });

  it('chooses the combination that matches: "cral sea" is "coral sea", not the more used "crab"', async () => {
    expect(vocabulary.countOf('crab')).toBeGreaterThan(vocabulary.countOf('coral'));
    expect(await corrected('cral sea')).toBe('coral sea');
    // Both were counted, in one round trip.
    expect(counted).toHaveLength(1);
    expect(counted[0]!.map(formatWebQuery)).toEqual(
      expect.arrayContaining(['coral sea', 'crab sea']),
    );
  });

  it('leaves short words and stop words alone', async () => {
    expect(await corrected('out of cotrol')).toBe('out of control');
    expect(await corrected('la plaa')).toBe('la playa');
  });

  it('questions a rare word when a much more frequent neighbour makes the query match', async () => {
    expect(vocabulary.countOf('recieve')).toBe(1);
    expect(await corrected('recieve email')).toBe('receive email');
  });

  it('keeps a known word whose query matches, however frequent its neighbour', async () => {
    expect(vocabulary.countOf('horned')).toBeGreaterThanOrEqual(10 * vocabulary.countOf('hornet'));
    expect(await corrected('hornet')).toBeNull();
    expect(await corrected('recieve money')).toBeNull();
  });

  it('keeps a word the vocabulary lacks when the query matches it as typed (stemming)', async () => {
    // "nest" is not in the vocabulary ("nests" is), but the search matches it.
    expect(vocabulary.countOf('nest')).toBe(0);
    const { corrections } = await correctQuery(
      parseWebQuery('asian giant hornet nest'),
      vocabulary,
      countMatches,
    );
    expect(corrections.size).toBe(0);
    expect(await corrected('asian giant honret nest')).toBe('asian giant hornet nest');
  });

  it('keeps phrases, exclusions and OR groups working', async () => {
    expect(await corrected('"coral sea" -crab batle')).toBe('"coral sea" -crab battle');
    expect(await corrected('cats OR dgos')).toBe('cats OR dogs');
    // The exclusion counts: "-sea" rules "coral sea" out, so a crab is meant.
    expect(await corrected('cral -sea')).toBe('crab -sea');
  });

  it('proposes nothing when no combination matches, leaving unknown words to prefix completion', async () => {
    expect(await correctQuery(parseWebQuery('qwzxv'), vocabulary, countMatches)).toEqual({
      corrections: new Map([['qwzxv', undefined]]),
      matches: 0,
    });
    expect(await corrected('python list comprehensoin')).toBe('python list comprehension');
    // Nothing in the index holds both words, whatever their spelling.
    const { corrections } = await correctQuery(
      parseWebQuery('crab plaa'),
      vocabulary,
      countMatches,
    );
    expect([...corrections]).toEqual([['plaa', undefined]]);
  });

  it('counts a bounded number of combinations', async () => {
    await correctQuery(parseWebQuery('cral plaa brnox cmael jagaur'), vocabulary, countMatches);
    // At most 32 combinations, and each of the five unknown words alone.
    expect(counted).toHaveLength(1);
    expect(counted[0]!.length).toBeLessThanOrEqual(32 + 5);
  });
});
