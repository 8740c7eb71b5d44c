// A symmetric-delete spelling index (SymSpell, Wolf Garbe 2012): every word of the vocabulary
// is indexed under the strings its first PREFIX_LENGTH letters become with up to `maxDistance`
// letters deleted; a query word's own deletions looked up there give every vocabulary word
// within that edit distance (insertions, deletions, substitutions and adjacent swaps), each
// then verified with the real distance. A lookup costs a few dozen binary searches, whatever
// the size of the vocabulary; pg_trgm similarity, used before, ranked a swap badly ("jagaur"
// found "jag": a swap breaks two or three trigrams at once).
//
// No maintained npm package implements it (the registry has distance functions only), so it is
// written here, compactly: a delete is kept as its 32-bit FNV-1a hash beside its word's number,
// in two typed arrays grouped by hash bucket, 8 bytes per pair instead of a Map entry and a
// string each (100k words make about 2.5M pairs), and the deletes are hashed without being
// built as strings. Two deletes with one hash only add a candidate that the verification drops.

import { boundedDamerauLevenshtein } from './edit-distance.js';

/** Letters of a word that are indexed (SymSpell's default): longer words are found by their start. */
const PREFIX_LENGTH = 7;

export interface VocabularyWord {
  readonly word: string;
  /** How many documents use the word. */
  readonly count: number;
}

export interface Suggestion extends VocabularyWord {
  /** Damerau–Levenshtein (OSA) distance to the word looked up. */
  readonly distance: number;
}

export class SymSpellIndex {
  private constructor(
    private readonly words: readonly string[],
    private readonly counts: Float64Array,
    private readonly known: ReadonlyMap<string, number>,
    /** The pairs grouped by bucket (the hash's top bits): bucket b's are at [starts[b], starts[b + 1]). */
    private readonly starts: Uint32Array,
    private readonly hashes: Uint32Array,
    private readonly wordIds: Uint32Array,
    private readonly shift: number,
    readonly maxDistance: number,
  ) {}

  /** Indexes `vocabulary` (the first of any repeated word counts) for lookups up to `maxDistance` (at most 2) edits. */
  static build(vocabulary: Iterable<VocabularyWord>, maxDistance = 2): SymSpellIndex {
    const words: string[] = [];
    const counts: number[] = [];
    const known = new Map<string, number>();
    for (const { word, count } of vocabulary) {
      if (word.length === 0 || known.has(word)) continue;
      known.set(word, words.length);
      words.push(word);
      counts.push(count);
    }
    // Every (hash of a delete, word) pair, in arrival order...
    const distance = Math.min(2, Math.max(0, Math.trunc(maxDistance)));
    let hashes: Uint32Array = new Uint32Array(Math.max(16, words.length * 16));
    let ids: Uint32Array = new Uint32Array(hashes.length);
    let size = 0;
    const deletes: number[] = [];
    for (let id = 0; id < words.length; id += 1) {
      deletes.length = 0;
      deleteHashes(words[id] as string, distance, deletes);
      if (size + deletes.length > hashes.length)
        [hashes, ids] = [
          grow(hashes, size + deletes.length, size),
          grow(ids, size + deletes.length, size),
        ];
      for (const hash of deletes) {
        hashes[size] = hash;
        ids[size] = id;
        size += 1;
      }
    }
    // ...then grouped by bucket (the hash's top bits, about two pairs per bucket) with a
    // counting sort: linear, where a comparison sort of millions of pairs was most of the build.
    const bits = Math.min(24, Math.max(4, Math.ceil(Math.log2(Math.max(1, size / 2)))));
    const shift = 32 - bits;
    const starts = new Uint32Array(2 ** bits + 1);
    for (let k = 0; k < size; k += 1) {
      const next = ((hashes[k] as number) >>> shift) + 1;
      starts[next] = (starts[next] as number) + 1;
    }
    for (let b = 1; b < starts.length; b += 1)
      starts[b] = (starts[b] as number) + (starts[b - 1] as number);
    const cursor = starts.slice(0, -1);
    const bucketHashes = new Uint32Array(size);
    const bucketIds = new Uint32Array(size);
    for (let k = 0; k < size; k += 1) {
      const bucket = (hashes[k] as number) >>> shift;
      const at = cursor[bucket] as number;
      cursor[bucket] = at + 1;
      bucketHashes[at] = hashes[k] as number;
      bucketIds[at] = ids[k] as number;
    }
    return new SymSpellIndex(
      words,
      Float64Array.from(counts),
      known,
      starts,
      bucketHashes,
      bucketIds,
      shift,
      distance,
    );
  }

  get size(): number {
    return this.words.length;
  }

  /** How many documents use `word` (0: not in the vocabulary). */
  countOf(word: string): number {
    const id = this.known.get(word);
    return id === undefined ? 0 : (this.counts[id] as number);
  }

  /**
   * The vocabulary words within `maxDistance` edits of `input` (the word itself at distance 0
   * when known), nearest first, then the most used, then alphabetically.
   */
  lookup(input: string, maxDistance = this.maxDistance): Suggestion[] {
    const max = Math.min(maxDistance, this.maxDistance);
    const hashes: number[] = [];
    deleteHashes(input, max, hashes);
    const deletes = new Set(hashes);
    const candidates = new Set<number>();
    for (const hash of deletes) {
      const bucket = hash >>> this.shift;
      for (
        let k = this.starts[bucket] as number, end = this.starts[bucket + 1] as number;
        k < end;
        k += 1
      )
        if (this.hashes[k] === hash) candidates.add(this.wordIds[k] as number);
    }
    const found: Suggestion[] = [];
    for (const id of candidates) {
      const word = this.words[id] as string;
      if (Math.abs(word.length - input.length) > max) continue;
      const distance = boundedDamerauLevenshtein(input, word, max);
      if (distance <= max) found.push({ word, count: this.counts[id] as number, distance });
    }
    return found.sort(
      (a, b) =>
        a.distance - b.distance ||
        b.count - a.count ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    );
  }
}

/**
 * Pushes the hash of the first PREFIX_LENGTH letters of `word` and of every string they become
 * with 1 to `max` (≤ 2) letters deleted, at least one letter left, without building the
 * strings: the hash skips the deleted positions. A string reached twice (repeated letters) is
 * pushed twice, which only repeats a pair.
 */
function deleteHashes(word: string, max: number, into: number[]): void {
  const length = Math.min(word.length, PREFIX_LENGTH);
  into.push(hashSkipping(word, length, -1, -1));
  if (max < 1 || length < 2) return;
  for (let a = 0; a < length; a += 1) {
    into.push(hashSkipping(word, length, a, -1));
    if (max < 2 || length < 3) continue;
    for (let b = a + 1; b < length; b += 1) into.push(hashSkipping(word, length, a, b));
  }
}

/** FNV-1a over the first `length` UTF-16 code units of `word` but those at `a` and `b`. */
function hashSkipping(word: string, length: number, a: number, b: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i += 1)
    if (i !== a && i !== b) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function grow(array: Uint32Array, needed: number, used: number): Uint32Array {
  const grown = new Uint32Array(Math.max(array.length * 2, needed));
  grown.set(array.subarray(0, used));
  return grown;
}
