// Which segments a text rule can match in. A large page has tens of thousands of segments and
// every rule scanning every one of them dominated the whole analysis; a rule cannot match
// without some of its required words (required-literals.ts), and finding all rules' words in
// one pass over all segments is cheap. This only narrows the work: each rule still runs on each
// candidate segment alone, exactly as before, so the findings are unchanged.
import { requirementOf } from './required-literals.js';

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

/** How one clause of a requirement is checked: its rarest part by a scan, the rest in the segments found. */
interface ClausePlan {
  /** Indexes (in `words`) of the anchor part's strings: a segment must contain one of them. */
  readonly anchor: readonly number[];
  /** The clause's other parts (each: any one of its strings), checked only in the segments holding the anchor. */
  readonly rest: readonly RegExp[];
}

/**
 * How rare a part of a clause is likely to be in page text: the letters and digits of its
 * shortest string ("ation " and " in " are common fragments; "flying off the shelves" is not),
 * then fewer strings.
 */
function rarity(part: readonly string[]): number {
  const letters = Math.min(...part.map((literal) => literal.replace(/[^a-z0-9]/g, '').length));
  return letters - part.length / 1000;
}

/**
 * The rules' required words, worked out once; `candidatesIn` gives, for each rule, the indexes
 * of the segments that contain what it requires ('all' for a rule without a useful requirement).
 * Only each clause's rarest part (its anchor) is scanned for over the whole page; the clause's
 * other parts are looked up in the few segments holding the anchor. A segment is a candidate
 * exactly when it meets every part of a clause, as when every part was scanned for, but common
 * fragments ("the", "ed ", " in ") are no longer found tens of thousands of times a page.
 */
export class SegmentPrefilter {
  /** Per rule: one plan per clause, or null when the rule runs everywhere. */
  private readonly plans: readonly (readonly ClausePlan[] | null)[];
  /** Every anchor word, longest first: at one position the scan reports the longest. */
  private readonly words: readonly string[];
  /** For each word, the indexes (in `words`) of it and the shorter words it starts with (they occur wherever it does). */
  private readonly prefixesOf: ReadonlyMap<string, readonly number[]>;
  /** Finds, at every position, the longest anchor word starting there (zero-width). */
  private readonly scanner: RegExp | undefined;

  constructor(patterns: readonly RegExp[]) {
    const requirements = patterns.map(requirementOf);
    const anchors = requirements.map((requirement) =>
      requirement?.map((clause) => {
        let best = 0;
        clause.forEach((part, index) => {
          if (rarity(part) > rarity(clause[best] ?? [])) best = index;
        });
        return best;
      }),
    );
    this.words = [
      ...new Set(
        requirements.flatMap(
          (requirement, rule) =>
            requirement?.flatMap((clause, index) => clause[anchors[rule]?.[index] ?? 0] ?? []) ??
            [],
        ),
      ),
    ].sort((a, b) => b.length - a.length);
    const indexOf = new Map(this.words.map((word, index) => [word, index]));
    this.plans = requirements.map(
      (requirement, rule) =>
        requirement?.map((clause, index) => {
          const anchor = anchors[rule]?.[index] ?? 0;
          return {
            anchor: (clause[anchor] ?? []).map((word) => indexOf.get(word) ?? -1),
            rest: clause
              .filter((_, part) => part !== anchor)
              .map((part) => new RegExp(part.map(escapeRegExp).join('|'))),
          };
        }) ?? null,
    );
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
    const joined = lowerCaseAtSameLength(texts.join(SEPARATOR));
    const found = this.segmentsWithEachWord(joined, texts);
    // Where each segment starts in `joined`, for the clauses' other parts: looked up in its
    // lower-cased slice (no copy), only in the segments holding the clause's anchor.
    const starts = new Array<number>(texts.length);
    for (let segment = 0, start = 0; segment < texts.length; segment++) {
      starts[segment] = start;
      start += (texts[segment]?.length ?? 0) + SEPARATOR.length;
    }
    const meets = (segment: number, part: RegExp): boolean => {
      const start = starts[segment] ?? 0;
      return part.test(joined.slice(start, start + (texts[segment]?.length ?? 0)));
    };
    return this.plans.map((plan) => {
      if (!plan) return 'all';
      const segments = new Set<number>();
      for (const { anchor, rest } of plan) {
        for (const word of anchor) {
          for (const segment of found[word] ?? []) {
            if (segments.has(segment)) continue;
            if (rest.every((part) => meets(segment, part))) segments.add(segment);
          }
        }
      }
      return segments;
    });
  }

  /** One pass over all segments joined (lower-cased): for each anchor word (by index), the segments containing it, in order. */
  private segmentsWithEachWord(joined: string, texts: readonly string[]): number[][] {
    // By word index: the segments it was found in, each once and in order.
    const found: number[][] = this.words.map(() => []);
    if (!this.scanner) return found;
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
    return found;
  }
}
