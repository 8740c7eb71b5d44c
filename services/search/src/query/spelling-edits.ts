// Candidate spellings one edit away that a lexicon lookup can confirm at once (SymSpell's idea,
// on the query side only): the adjacent swaps ("jagaur" -> "jaguar", "brnox" -> "bronx") and the
// single deletions ("wikipedias" -> "wikipedia") of a word. pg_trgm similarity, which finds
// the rest, ranks a swap badly: it breaks two or three trigrams at once, so "jagaur" found
// "jag" before "jaguar".

/** Words shorter than this are not shortened by a deletion. */
const MIN_DELETION_LENGTH = 6;

/** Every word one adjacent swap or one deleted letter away from `word`, without `word` itself. */
export function oneEditVariants(word: string): string[] {
  const letters = [...word];
  const variants = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i += 1) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1] as string, swapped[i] as string];
    variants.add(swapped.join(''));
  }
  // A deleted letter only from longer words: "boil" is not a typo of "oil".
  if (letters.length >= MIN_DELETION_LENGTH)
    for (let i = 0; i < letters.length; i += 1)
      variants.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  variants.delete(word);
  return [...variants];
}

/**
 * English stop words (PostgreSQL's `english` list, which the index drops): never corrected,
 * as words under three letters are not ("out of cotrol" must not become "out off control").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them ' +
    'their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing ' +
    'a an the and but if or because as until while of at by for with about against between into through during before after above below to ' +
    'from up down in out on off over under again further then once here there when where why how all any both each few more most other some ' +
    'such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/** Words too short or too common to correct. */
export const MIN_CORRECTABLE_LENGTH = 3;
