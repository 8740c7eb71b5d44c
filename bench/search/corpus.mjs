// A synthetic web catalogue for the search benchmarks, deterministic from a seed.
//
// Vocabulary: the real words of the seed corpus (services/search/seed, ~5k words, ranked by how
// often the seed uses them, so function words lead), then pronounceable synthetic words for the
// long tail, up to VOCABULARY_SIZE. Word frequencies are Zipfian (rank r drawn with weight
// r^-ZIPF_EXPONENT, via an alias table: one random number per word). Each site also belongs to
// a topic (a small set of content words it repeats), so multi-word queries co-occur the way they
// do on real pages rather than as independent draws.
//
// Every row is a pure function of (seed, index): `siteAt(i)` regenerates any row without the
// others, which lets the query mix quote real titles, and `batches()` streams the corpus in
// batches so that 1M rows never sit in memory at once.
//
// Rows are sites and their pages, as the crawler files them (docs/search-ranking.md §1): about
// half are home pages of their own domain (sites: site_id null), the others inner pages of one
// of the first HOME_SITES sites (site_id = that home page's id, on its domain or a subdomain;
// no votes, stakes or analysis of their own). Row i has id i + 1: loads insert ids explicitly,
// so the linkage does not depend on the order in which parallel loads are given ids.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VOCABULARY_SIZE = 80_000;
export const ZIPF_EXPONENT = 1.05;
const TOPICS = 600;
const TOPIC_WORDS = 40;
const TOPIC_SHARE = 0.25; // of a site's words come from its topic
const SEED_DIR = fileURLToPath(new URL('../../services/search/seed/', import.meta.url));
/**
 * Sites [0, HOME_SITES) are home pages, and the only sites that have inner pages: every inner
 * page of the corpus belongs to one of them (its `site_id` is that home page's id). A load
 * must therefore insert them before any page (the foreign key of search.sites.site_id).
 */
export const HOME_SITES = 20_000;

/** mulberry32: small, fast, good enough for synthetic text; state is one 32-bit integer. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of two integers (seeds the per-site generator). */
export function mix(a, b) {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

function normal(random) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Log-normal length with the given median, clamped. */
function lengthOf(random, median, sigma, min, max) {
  return Math.min(max, Math.max(min, Math.round(median * Math.exp(sigma * normal(random)))));
}

/** Real words of the seed corpus, most used first. */
function seedWords() {
  const counts = new Map();
  for (const corpus of readdirSync(SEED_DIR).sort()) {
    for (const file of readdirSync(`${SEED_DIR}${corpus}`)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      for (const entry of JSON.parse(readFileSync(`${SEED_DIR}${corpus}/${file}`, 'utf8'))) {
        for (const word of `${entry.title} ${entry.description}`.toLowerCase().match(/[a-z]+/g) ??
          [])
          counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
  }
  return [...counts]
    .filter(([word]) => word.length >= 2 || word === 'a')
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => word);
}

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'z',
  'br',
  'cl',
  'cr',
  'dr',
  'fl',
  'gr',
  'pl',
  'pr',
  'sh',
  'sl',
  'st',
  'th',
  'tr',
  'ch',
  '',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'i', 'o', 'ai', 'ea', 'ee', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'nt', 'st', 'rk', 'ng', 'x'];

/** Pronounceable made-up words for the tail of the vocabulary. */
function syntheticWords(count, taken, random) {
  const words = [];
  const pick = (list) => list[Math.floor(random() * list.length)];
  while (words.length < count) {
    const syllables = random() < 0.65 ? 2 : 3;
    let word = '';
    for (let s = 0; s < syllables; s += 1)
      word += pick(ONSETS) + pick(VOWELS) + (s === syllables - 1 ? pick(CODAS) : '');
    if (word.length < 4 || word.length > 12 || taken.has(word)) continue;
    taken.add(word);
    words.push(word);
  }
  return words;
}

/** Vose's alias table for weights 1/r^s, r = 1..n: sampling costs one random number. */
function zipfSampler(n, exponent) {
  const weights = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r += 1) sum += weights[r] = 1 / (r + 1) ** exponent;
  const prob = new Float64Array(n);
  const alias = new Int32Array(n);
  const small = [];
  const large = [];
  for (let r = 0; r < n; r += 1) {
    prob[r] = (weights[r] * n) / sum;
    (prob[r] < 1 ? small : large).push(r);
  }
  while (small.length > 0 && large.length > 0) {
    const s = small.pop();
    const l = large.pop();
    alias[s] = l;
    prob[l] = prob[l] + prob[s] - 1;
    (prob[l] < 1 ? small : large).push(l);
  }
  for (const r of [...small, ...large]) prob[r] = 1;
  return {
    weights: Array.from(weights, (w) => w / sum),
    sample(random) {
      const u = random() * n;
      const k = Math.floor(u);
      return u - k < prob[k] ? k : alias[k];
    },
  };
}

const TLDS = [
  ['com', 46],
  ['org', 14],
  ['net', 6],
  ['io', 5],
  ['co.uk', 4],
  ['de', 4],
  ['fr', 2],
  ['dev', 2],
  ['edu', 2],
  ['gov', 1],
  ['info', 2],
  ['app', 2],
  ['ca', 2],
  ['com.au', 2],
  ['nl', 2],
  ['jp', 1],
  ['es', 1],
  ['it', 1],
  ['eu', 1],
];
const SUBDOMAINS = [
  'docs',
  'blog',
  'en',
  'help',
  'news',
  'shop',
  'learn',
  'community',
  'support',
  'dev',
];
const TRUST_OF = (score) => (score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low');

/**
 * The catalogue for one seed. `siteAt(i)` returns a row ready for search.sites (snake_case
 * keys, the columns a bulk insert writes); `batches(from, to, size)` yields arrays of them.
 */
export function createCorpus(seed = 1) {
  const random = rng(mix(seed, 0xc0ffee));
  const real = seedWords();
  const taken = new Set(real);
  const vocabulary = [
    ...real,
    ...syntheticWords(Math.max(0, VOCABULARY_SIZE - real.length), taken, random),
  ].slice(0, VOCABULARY_SIZE);
  const zipf = zipfSampler(vocabulary.length, ZIPF_EXPONENT);
  // Content words (not the top 100, mostly function words) make topics and domain names.
  const content = vocabulary.slice(100, 20_000).filter((word) => word.length >= 4);
  const topics = Array.from({ length: TOPICS }, () =>
    Array.from(
      { length: TOPIC_WORDS },
      () => content[Math.floor(random() * random() * content.length)],
    ),
  );
  const tldTotal = TLDS.reduce((sum, [, weight]) => sum + weight, 0);
  const NAME_SPACE = 4_000_000; // unique (first, second) word pairs: 2000 × 2000
  const nameWords = content.slice(0, 2000);

  function tldOf(r) {
    let x = r * tldTotal;
    for (const [tld, weight] of TLDS) if ((x -= weight) < 0) return tld;
    return 'com';
  }

  /** A unique registrable domain per domain number (a bijection onto the word pairs). */
  function domainName(d) {
    const k = Number((BigInt(d) * 2654435761n) % BigInt(NAME_SPACE));
    const first = nameWords[k % 2000];
    const second = nameWords[Math.floor(k / 2000)];
    const r = rng(mix(seed ^ 0x5eed, d));
    if (d < 2000) return `${nameWords[d]}.${tldOf(r())}`;
    const joined = `${first}${second}`;
    // Joined words are the usual form; a hyphen when they would read as another pair or a word.
    const name = r() < 0.3 || ambiguous(joined, first.length) ? `${first}-${second}` : joined;
    return `${name}.${tldOf(r())}`;
  }

  const nameSet = new Set(nameWords);
  function ambiguous(joined, split) {
    if (nameSet.has(joined)) return true;
    for (let k = 1; k < joined.length; k += 1)
      if (k !== split && nameSet.has(joined.slice(0, k)) && nameSet.has(joined.slice(k)))
        return true;
    return false;
  }

  function words(random, topic, count, out) {
    for (let w = 0; w < count; w += 1) {
      out.push(
        random() < TOPIC_SHARE
          ? topic[Math.floor(random() * TOPIC_WORDS)]
          : vocabulary[zipf.sample(random)],
      );
    }
    return out;
  }

  const capitalise = (word) => word.charAt(0).toUpperCase() + word.slice(1);

  function sentences(list) {
    let text = '';
    let sentence = 0;
    for (let w = 0; w < list.length; w += 1) {
      const word = sentence === 0 ? capitalise(list[w]) : list[w];
      sentence += 1;
      const end = w === list.length - 1 || sentence >= 8 + ((w * 7) % 11);
      text += word + (end ? '. ' : ' ');
      if (end) sentence = 0;
    }
    return text.trimEnd();
  }

  /**
   * Half the rows are home pages of their own domain (sites); the others are inner pages of a
   * bigger site: one of the first HOME_SITES sites, Zipf-weighted (a few domains hold many
   * pages), on its domain or a subdomain of it. Returns the index of the page's site, or null
   * for a site. The row of index i has id i + 1 (loads insert the ids explicitly), so a page's
   * site_id is its site's index + 1.
   */
  function siteIndexOf(i) {
    const r = rng(mix(seed, i + 1));
    r(); // the topic
    return placeOf(i, r);
  }

  /** siteIndexOf with the row's generator, past its topic draw. */
  function placeOf(i, r) {
    const home = i < HOME_SITES || r() < 0.5;
    return home ? null : Math.min(HOME_SITES - 1, Math.floor(HOME_SITES * r() ** 3));
  }

  function siteAt(i) {
    const r = rng(mix(seed, i + 1));
    const topic = topics[Math.floor(r() * TOPICS)];
    const siteIndex = placeOf(i, r);
    const home = siteIndex === null;
    const domainNumber = home ? i : siteIndex;
    const base = domainName(domainNumber);
    const domain =
      !home && r() < 0.25 ? `${SUBDOMAINS[Math.floor(r() * SUBDOMAINS.length)]}.${base}` : base;
    const titleWords = words(r, topic, lengthOf(r, 6, 0.35, 3, 12), []);
    const url =
      home && domain === base
        ? `https://${domain}/`
        : `https://${domain}/${titleWords.slice(0, 3).join('-')}-${i.toString(36)}`;
    const description = sentences(words(r, topic, lengthOf(r, 22, 0.35, 12, 40), []));
    const pageText = sentences(words(r, topic, lengthOf(r, 280, 0.45, 80, 900), []));
    const analysed = r() < 0.4;
    const frenliness = analysed
      ? Math.min(100, Math.max(0, Math.round(60 + 18 * normal(r))))
      : null;
    const voted = r() < 0.35;
    const votes = voted ? Math.floor(Math.exp(r() * Math.log(5000))) : 0;
    const upShare = voted ? Math.min(1, Math.max(0, 0.7 + 0.25 * normal(r))) : 0;
    const upvotes = Math.round(votes * upShare);
    const staked = r() < 0.15 ? Math.floor(Math.exp(r() * Math.log(20_000))) : 0;
    const support = Math.round(staked * r());
    // An inner page is a document of its site: votes, stakes and analysis are the site's, and
    // its own row has none (as a crawled page's; the search scores it with its site's prior).
    if (!home)
      return pageRow(i, siteIndex, { url, domain, titleWords, description, pageText, topic });
    return {
      id: i + 1,
      site_id: null,
      url,
      domain,
      title: titleWords.map(capitalise).join(' '),
      description,
      page_text: pageText,
      language: 'en',
      source: 'crawl',
      frenliness_score: frenliness,
      trust_score: analysed ? TRUST_OF(frenliness) : null,
      is_verified: analysed && r() < 0.05,
      is_claimed: r() < 0.05,
      upvotes,
      downvotes: votes - upvotes,
      total_staked: staked,
      support_total: support,
      concern_total: staked - support,
      analysis_data: analysed
        ? {
            frenliness: {
              reasoning: sentences(words(r, topic, 18, [])),
              improvements: [sentences(words(r, topic, 6, [])), sentences(words(r, topic, 5, []))],
              manipulativePatterns: frenliness < 40 ? ['confirmshaming'] : [],
            },
            ux: {
              details: {
                strengths: [sentences(words(r, topic, 4, [])), sentences(words(r, topic, 5, []))],
              },
            },
          }
        : null,
      // For the query mix only (not a column): the raw words of the title and its topic.
      _titleWords: titleWords,
      _topic: topic,
    };
  }

  function pageRow(i, siteIndex, { url, domain, titleWords, description, pageText, topic }) {
    return {
      id: i + 1,
      site_id: siteIndex + 1,
      url,
      domain,
      title: titleWords.map(capitalise).join(' '),
      description,
      page_text: pageText,
      language: 'en',
      source: 'crawl',
      frenliness_score: null,
      trust_score: null,
      is_verified: false,
      is_claimed: false,
      upvotes: 0,
      downvotes: 0,
      total_staked: 0,
      support_total: 0,
      concern_total: 0,
      analysis_data: null,
      _titleWords: titleWords,
      _topic: topic,
    };
  }

  /** How many of the rows [from, to) are inner pages (two random draws per row). */
  function pagesIn(from, to) {
    let pages = 0;
    for (let i = from; i < to; i += 1) if (siteIndexOf(i) !== null) pages += 1;
    return pages;
  }

  function* batches(from, to, size) {
    for (let start = from; start < to; start += size) {
      const batch = [];
      for (let i = start; i < Math.min(to, start + size); i += 1) batch.push(siteAt(i));
      yield batch;
    }
  }

  return {
    seed,
    vocabulary,
    realWords: real.length,
    zipf,
    siteAt,
    siteIndexOf,
    pagesIn,
    batches,
    domainName,
    vocabularySet: taken,
  };
}

/** A row without the generator's private fields (what a bulk insert sends). */
export function rowOf(site) {
  const { _titleWords, _topic, ...row } = site;
  return row;
}

/** Length and score distributions over 5,000 sites spread evenly across the corpus. */
export function describeCorpus(corpus, sites, samples = 5000) {
  const stats = { titleWords: [], descriptionWords: [], pageWords: [], rowBytes: [] };
  let analysed = 0;
  let pages = 0;
  let voted = 0;
  let staked = 0;
  const domains = new Set();
  const count = Math.min(samples, sites);
  for (let k = 0; k < count; k += 1) {
    const site = corpus.siteAt(Math.floor((k * sites) / count));
    stats.titleWords.push(site._titleWords.length);
    stats.descriptionWords.push(site.description.split(' ').length);
    stats.pageWords.push(site.page_text.split(' ').length);
    stats.rowBytes.push(JSON.stringify(rowOf(site)).length);
    if (site.site_id !== null) pages += 1;
    if (site.frenliness_score !== null) analysed += 1;
    if (site.upvotes + site.downvotes > 0) voted += 1;
    if (site.total_staked > 0) staked += 1;
    domains.add(site.domain);
  }
  const spread = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      min: sorted[0],
      median: sorted[Math.floor(sorted.length / 2)],
      mean: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
      max: sorted[sorted.length - 1],
    };
  };
  return {
    sampled: count,
    titleWords: spread(stats.titleWords),
    descriptionWords: spread(stats.descriptionWords),
    pageWords: spread(stats.pageWords),
    rowBytes: spread(stats.rowBytes),
    pageShare: Math.round((pages / count) * 100) / 100,
    analysedShare: Math.round((analysed / count) * 100) / 100,
    votedShare: Math.round((voted / count) * 100) / 100,
    stakedShare: Math.round((staked / count) * 100) / 100,
    distinctDomainsInSample: domains.size,
  };
}
