// The fixed query mix: what people type, drawn from the corpus itself so that queries have
// matches the way real ones do. Deterministic from (seed, source range): the sources are sites
// [0, min(corpus, 100k)), which every corpus of 100k sites or more shares (the corpus is
// prefix-stable), so the 1M PostgreSQL run and the 100k PGlite run answer the same queries.
import { mix, rng } from './corpus.mjs';

/** Share of each kind in the mix (sums to 1). */
export const QUERY_MIX = [
  ['1 term', 0.25],
  ['2 terms', 0.17],
  ['3 terms', 0.1],
  ['4 terms', 0.05],
  ['phrase', 0.1],
  ['exclusion', 0.1],
  ['typo', 0.1],
  ['site name', 0.08],
  ['OR', 0.05],
];

const SOURCE_LIMIT = 100_000;
const COMMON_RANKS = 100; // the most frequent words are mostly function words: people rarely type them alone

export function queryMix(corpus, { sites, count, seed = 7, stream = 0 }) {
  const random = rng(mix(seed, 0x9e37 + stream));
  const rankOf = new Map(corpus.vocabulary.map((word, rank) => [word, rank]));
  const sources = Math.min(sites, SOURCE_LIMIT);
  const pickSite = () => corpus.siteAt(Math.floor(random() * sources));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const content = (word) => word.length >= 3 && (rankOf.get(word) ?? 0) >= COMMON_RANKS;
  /** Distinct content words of a site's title and description, in order. */
  const wordsOf = (site) => [
    ...new Set(
      [...site._titleWords, ...site.description.toLowerCase().match(/[a-z]+/g)].filter(content),
    ),
  ];
  const kinds = QUERY_MIX.flatMap(([kind, share]) =>
    Array.from({ length: Math.round(share * count) }, () => kind),
  );
  while (kinds.length < count) kinds.push('1 term');
  kinds.length = count;
  // Interleave kinds (deterministically) so that a prefix of the list has every kind.
  for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }

  const make = {
    '1 term': () => pick(wordsOf(pickSite())),
    '2 terms': () => terms(2),
    '3 terms': () => terms(3),
    '4 terms': () => terms(4),
    phrase: () => {
      const site = pickSite();
      const title = site._titleWords;
      const length = Math.min(title.length, 2 + Math.floor(random() * 2));
      const start = Math.floor(random() * (title.length - length + 1));
      return `"${title.slice(start, start + length).join(' ')}"`;
    },
    exclusion: () => {
      const words = wordsOf(pickSite());
      const keep = pick(words);
      // Exclude a word common enough to matter (ranks 100..2000).
      const excluded = corpus.vocabulary[COMMON_RANKS + Math.floor(random() * 1900)];
      return excluded === keep ? keep : `${keep} -${excluded}`;
    },
    typo: () => {
      const words = wordsOf(pickSite()).filter((word) => word.length >= 5);
      const word = words.length > 0 ? pick(words) : 'wikipedia';
      return misspell(word);
    },
    'site name': () => {
      const site = pickSite();
      const host = site.domain.replace(
        /^(docs|blog|en|help|news|shop|learn|community|support|dev)\./,
        '',
      );
      return random() < 0.5 ? host : host.split('.')[0];
    },
    OR: () => {
      const [a, b] = wordsOf(pickSite());
      const c = pick(wordsOf(pickSite()));
      return `${a ?? c} OR ${b ?? c}`;
    },
  };

  function terms(n) {
    const words = wordsOf(pickSite());
    const chosen = [];
    while (chosen.length < Math.min(n, words.length)) {
      const word = pick(words);
      if (!chosen.includes(word)) chosen.push(word);
    }
    return chosen.join(' ');
  }

  function misspell(word) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const at = 1 + Math.floor(random() * (word.length - 2));
      const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)];
      const edit = Math.floor(random() * 4);
      const typo =
        edit === 0
          ? word.slice(0, at) + word.slice(at + 1) // deletion
          : edit === 1
            ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) // transposition
            : edit === 2
              ? word.slice(0, at) + letter + word.slice(at + 1) // substitution
              : word.slice(0, at) + letter + word.slice(at); // insertion
      if (typo !== word && !corpus.vocabularySet.has(typo)) return typo;
    }
    return `${word}x`;
  }

  return kinds.map((kind) => ({ kind, q: make[kind]() }));
}
