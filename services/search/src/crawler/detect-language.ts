// A last resort when a page does not say its language: the language whose most common
// words occur most often. Good enough to tell the major European languages apart.
const COMMON_WORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'for', 'with', 'you', 'this', 'are'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'den', 'ein', 'eine', 'sie', 'auf'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'pour', 'dans', 'que', 'pas', 'sur'],
  es: ['el', 'la', 'los', 'las', 'que', 'por', 'una', 'para', 'con', 'del', 'es', 'y'],
  it: ['il', 'che', 'della', 'per', 'una', 'sono', 'con', 'non', 'gli', 'del', 'di', 'è'],
  pt: ['que', 'não', 'uma', 'para', 'com', 'os', 'as', 'do', 'da', 'em', 'é', 'por'],
  nl: ['de', 'het', 'een', 'van', 'en', 'niet', 'dat', 'is', 'op', 'voor', 'met', 'zijn'],
};

const LOOKUP = new Map<string, string[]>();
for (const [language, words] of Object.entries(COMMON_WORDS)) {
  for (const word of words) LOOKUP.set(word, [...(LOOKUP.get(word) ?? []), language]);
}

/** The most likely language of `text`, or null when the text is too short or unclear. */
export function detectLanguage(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 2000) ?? [];
  if (words.length < 20) return null;
  const scores = new Map<string, number>();
  for (const word of words)
    for (const language of LOOKUP.get(word) ?? [])
      scores.set(language, (scores.get(language) ?? 0) + 1);
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [best, second] = ranked;
  if (!best || best[1] < 5 || (second && best[1] < second[1] * 1.5)) return null;
  return best[0];
}
