// Which segments a text rule can match in. A large page has tens of thousands of segments and
// every rule scanning every one of them dominated the whole analysis; a rule cannot match
// without some of its required words (required-literals.ts), and finding all rules' words in
// one pass over all segments is cheap. This only narrows the work: each rule still runs on each
// candidate segment alone, exactly as before, so the findings are unchanged.
import { requirementOf, type Requirement } from './required-literals.js';

/** Between joined segments, so that no required word is found across two of them. */
const SEPARATOR = '\u0000';

/**
 * Lower-cased at the same length, so that positions stay those of `text`. The native
 * lower-casing is used when it keeps the length (it always does but for a few letters such as
 * U+0130); beyond ASCII it may only add matches (the Kelvin sign becomes "k"), and a segment
 * found by mistake costs a rule run, never a finding. Else ASCII letters only.
 */
function lowerCaseAtSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type Candidates = ReadonlySet<number> | 'all';

/**
 * The rules' required words, worked out once; `candidatesIn` gives, for each rule, the indexes
 * of the segments that contain what it requires ('all' for a rule without a useful requirement).
 */
export class SegmentPrefilter {
  private readonly requirements: readonly (Requirement | null)[];
  /** Every required word, longest first: at one position the scan reports the longest. */
  private readonly words: readonly string[];
  /** For each word, the indexes (in `words`) of it and the shorter words it starts with (they occur wherever it does). */
  private readonly prefixesOf: ReadonlyMap<string, readonly number[]>;
  /** Finds, at every position, the longest required word starting there (zero-width). */
  private readonly scanner: RegExp | undefined;

  constructor(patterns: readonly RegExp[]) {
    this.requirements = patterns.map(requirementOf);
    this.words = [
      ...new Set(this.requirements.flatMap((requirement) => requirement?.flat(2) ?? [])),
    ].sort((a, b) => b.length - a.length);
    this.prefixesOf = new Map(
      this.words.map((word) => [
        word,
        this.words.flatMap((other, index) => (word.startsWith(other) ? [index] : [])),
      ]),
    );
    this.scanner =
      this.words.length > 0
        ? new RegExp(`(?=(${this.words.map(escapeRegExp).join('|')}))`, 'g')
        : undefined;
  }

  candidatesIn(texts: readonly string[]): readonly Candidates[] {
    const segmentsOf = this.segmentsWithEachWord(texts);
    const none: ReadonlySet<number> = new Set();
    const segmentsWithAny = (words: readonly string[]): ReadonlySet<number> => {
      if (words.length === 1) return segmentsOf.get(words[0] ?? '') ?? none;
      const segments = new Set<number>();
      for (const word of words)
        for (const segment of segmentsOf.get(word) ?? none) segments.add(segment);
      return segments;
    };
    return this.requirements.map((requirement) => {
      if (!requirement) return 'all';
      const segments = new Set<number>();
      for (const clause of requirement) {
        // The segments meeting every part of the clause: the rarest part first, then narrowed.
        const parts = clause.map(segmentsWithAny).sort((a, b) => a.size - b.size);
        for (const segment of parts[0] ?? none) {
          if (parts.every((part) => part.has(segment))) segments.add(segment);
        }
      }
      return segments;
    });
  }

  /** One pass over all segments joined: for each required word, the segments containing it. */
  private segmentsWithEachWord(texts: readonly string[]): Map<string, Set<number>> {
    if (!this.scanner) return new Map();
    // By word index: the segments it was found in, each once and in order.
    const found: number[][] = this.words.map(() => []);
    const joined = lowerCaseAtSameLength(texts.join(SEPARATOR));
    const scanner = this.scanner;
    scanner.lastIndex = 0;
    let segment = 0;
    let segmentEnd = texts[0]?.length ?? 0;
    for (let match = scanner.exec(joined); match; match = scanner.exec(joined)) {
      // A zero-width match: step past it by hand, as matchAll would.
      scanner.lastIndex = match.index + 1;
      // Matches come in order of position, so the segment only ever moves forward.
      while (match.index > segmentEnd) {
        segment += 1;
        segmentEnd += SEPARATOR.length + (texts[segment]?.length ?? 0);
      }
      for (const index of this.prefixesOf.get(match[1] ?? '') ?? []) {
        const segments = found[index]!;
        if (segments[segments.length - 1] !== segment) segments.push(segment);
      }
    }
    const segmentsOf = new Map<string, Set<number>>();
    found.forEach((segments, index) => {
      if (segments.length > 0) segmentsOf.set(this.words[index]!, new Set(segments));
    });
    return segmentsOf;
  }
}
