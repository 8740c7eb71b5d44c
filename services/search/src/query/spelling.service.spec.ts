import { jest } from '@jest/globals';
import { JsonLogger } from '@frenly/platform';
import { SpellingRepository, type VocabularyVersion } from './spelling.repository.js';
import { SpellingService } from './spelling.service.js';
import type { VocabularyWord } from './symspell.js';
import { parseWebQuery, type WebQuery } from './web-query.js';

/** A lexicon the test edits, and an index where every query matches as many documents as its words are known. */
class FakeLexicon {
  words: VocabularyWord[] = [{ word: 'bronx', count: 3 }];
  readonly repository = {
    vocabulary: jest.fn(async () => [...this.words]),
    vocabularyVersion: jest.fn(async (): Promise<VocabularyVersion> => ({
      words: this.words.length,
      uses: this.words.reduce((sum, w) => sum + w.count, 0),
    })),
    countMatches: jest.fn(async (queries: readonly WebQuery[], _cap: number) =>
      queries.map((query) =>
        query.clauses.every((clause) =>
          clause.alternatives.some((atom) => this.words.some((w) => w.word === atom.text)),
        )
          ? 1
          : 0,
      ),
    ),
  };
}

function setup() {
  const lexicon = new FakeLexicon();
  const logger = new JsonLogger({ service: 'search-unit', level: 'error', write: () => undefined });
  const sut = new SpellingService(lexicon.repository as unknown as SpellingRepository, logger);
  return { sut, lexicon };
}

describe(SpellingService.name, () => {
  it('builds its dictionary from the lexicon on first use and corrects against it', async () => {
    const { sut, lexicon } = setup();

    const { corrections } = await sut.correct(parseWebQuery('brnox'));

    expect(corrections).toEqual(new Map([['brnox', 'bronx']]));
    expect(lexicon.repository.vocabulary).toHaveBeenCalledTimes(1);
    expect(lexicon.repository.countMatches.mock.calls[0]![1]).toBe(200);
  });

  it('keeps its dictionary while the lexicon is unchanged, and rebuilds it when it changes', async () => {
    const { sut, lexicon } = setup();
    await sut.correct(parseWebQuery('brnox'));
    await sut.correct(parseWebQuery('brnox'));
    expect(lexicon.repository.vocabulary).toHaveBeenCalledTimes(1);

    lexicon.words.push({ word: 'quokka', count: 1 });
    const { corrections } = await sut.correct(parseWebQuery('qoukka'));

    expect(lexicon.repository.vocabulary).toHaveBeenCalledTimes(2);
    expect(corrections).toEqual(new Map([['qoukka', 'quokka']]));
  });

  it('builds once for concurrent first uses', async () => {
    const { sut, lexicon } = setup();

    await Promise.all([sut.correct(parseWebQuery('brnox')), sut.correct(parseWebQuery('bronxx'))]);

    expect(lexicon.repository.vocabulary).toHaveBeenCalledTimes(1);
  });

  it('counts a lone word that 200 sites use as 200 matches without asking the index', async () => {
    const { sut, lexicon } = setup();
    lexicon.words = [
      { word: 'train', count: 5000 },
      { word: 'trail', count: 40 },
    ];

    const { corrections } = await sut.correct(parseWebQuery('traln'));

    expect(corrections).toEqual(new Map([['traln', 'train']]));
    const asked = lexicon.repository.countMatches.mock.calls.flatMap(([queries]) =>
      queries.map((query) => query.clauses.map((c) => c.alternatives[0]?.text).join(' ')),
    );
    // The rare candidate and the unknown word as typed are counted; the common one is not.
    expect(asked).toEqual(expect.arrayContaining(['trail', 'traln']));
    expect(asked).not.toContain('train');
  });

  it('still asks the index about a query of several words, however common each word is', async () => {
    const { sut, lexicon } = setup();
    lexicon.words = [
      { word: 'coral', count: 5000 },
      { word: 'sea', count: 5000 },
    ];

    await sut.correct(parseWebQuery('cral sea'));

    const asked = lexicon.repository.countMatches.mock.calls.flatMap(([queries]) =>
      queries.map((query) => query.clauses.map((c) => c.alternatives[0]?.text).join(' ')),
    );
    expect(asked).toContain('coral sea');
  });
});
