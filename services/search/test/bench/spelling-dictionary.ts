// Build time, memory and lookup time of the spelling dictionary (services/search/src/query/
// symspell.ts) at N synthetic words or, with BENCH_DB_URL, over the search.lexicon of that
// database (and the time to read it).
// Run: node --expose-gc --import tsx services/search/test/bench/spelling-dictionary.ts   (BENCH_WORDS=100000 by default)
// The words are synthetic (syllables, Zipf-distributed counts): the build cost depends on the
// number and length of words (4–14 letters here, 8.5 on average), not on what they mean.
import pg from 'pg';
import { SymSpellIndex } from '../../src/query/symspell.js';

const WORDS = Number(process.env.BENCH_WORDS ?? 100_000);

// mulberry32: a repeatable sequence.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};

// Letters alternating between consonants and vowels (now and then two of a kind), 3 to 14
// letters, about 8 on average: as dense in near neighbours as a real lexicon, or denser.
function vocabulary(n: number): { word: string; count: number }[] {
  const consonants = 'bcdfghjklmnprstvwyz';
  const vowels = 'aeiou';
  const pick = (letters: string) => letters[Math.floor(random() * letters.length)];
  const words = new Set<string>();
  while (words.size < n) {
    const length = 3 + Math.min(11, Math.floor(-Math.log(1 - random()) * 5));
    let word = '';
    let vowel = random() < 0.3;
    while (word.length < length) {
      word += pick(vowel ? vowels : consonants);
      vowel = random() < 0.2 ? vowel : !vowel;
    }
    words.add(word);
  }
  return [...words].map((word, rank) => ({
    word,
    count: Math.max(1, Math.round(100_000 / (rank + 1))),
  }));
}

function swapMiddle(word: string): string {
  const at = Math.floor(word.length / 2);
  return `${word.slice(0, at - 1)}${word[at]}${word[at - 1]}${word.slice(at + 1)}`;
}

const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const words = process.env.BENCH_DB_URL
  ? await fromDatabase(process.env.BENCH_DB_URL)
  : vocabulary(WORDS);

/** search.lexicon as SpellingRepository reads it, with the time of its two statements. */
async function fromDatabase(url: string): Promise<{ word: string; count: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let t = performance.now();
    await client.query(
      'select count(*)::int as words, coalesce(sum(sites), 0)::float8 as uses from search.lexicon',
    );
    const versionMs = performance.now() - t;
    t = performance.now();
    const { rows } = await client.query<{ word: string; sites: number }>(
      'select word, sites from search.lexicon',
    );
    console.log(
      `search.lexicon: version ${versionMs.toFixed(0)} ms, ${rows.length} words read in ${(performance.now() - t).toFixed(0)} ms`,
    );
    return rows.map((row) => ({ word: row.word, count: Number(row.sites) }));
  } finally {
    await client.end();
  }
}
const meanLength = words.reduce((sum, w) => sum + w.word.length, 0) / words.length;
gc();
const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const heapBefore = memory();
const started = performance.now();
const cpuBefore = process.cpuUsage();
const index = SymSpellIndex.build(words);
const buildMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const buildCpuMs = (cpu.user + cpu.system) / 1000;
gc();
const heapMb = (memory() - heapBefore) / 2 ** 20;

const lookups = words
  .filter((_, i) => i % Math.max(1, Math.floor(WORDS / 1000)) === 0)
  .map((w) => swapMiddle(w.word));
const times: number[] = [];
let found = 0;
for (const typo of lookups) {
  const t = performance.now();
  const suggestions = index.lookup(typo, 2);
  times.push(performance.now() - t);
  if (suggestions.length > 0) found += 1;
}
times.sort((a, b) => a - b);
const pct = (p: number) =>
  times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3);
console.log(
  `${index.size} words (mean length ${meanLength.toFixed(1)}): build ${buildMs.toFixed(0)} ms (CPU ${buildCpuMs.toFixed(0)} ms), memory +${heapMb.toFixed(0)} MB` +
    (hasGc ? '' : ' (run with --expose-gc for a settled figure)') +
    `; lookup at distance 2 of ${lookups.length} middle-swap typos: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms; ${found} found a word`,
);
