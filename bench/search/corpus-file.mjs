// The corpus as files in COPY text format, generated once and reused by later runs: generating
// 1M sites takes a core for over a minute, and the corpus is the input of the indexing
// benchmark, not part of it (the rate measures what indexing costs once the pages exist, as a
// crawl or an import would hand them over). One file per load connection, split by site index.
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { rowOf } from './corpus.mjs';

/** The columns of search.sites a corpus row fills, in file order. */
export const COPY_COLUMNS = [
  'url',
  'domain',
  'title',
  'description',
  'page_text',
  'language',
  'source',
  'frenliness_score',
  'trust_score',
  'is_verified',
  'is_claimed',
  'upvotes',
  'downvotes',
  'total_staked',
  'support_total',
  'concern_total',
  'analysis_data',
];

export const COPY_SQL = `copy search.sites (${COPY_COLUMNS.join(', ')}) from stdin`;

const escape = (value) =>
  value === null || value === undefined
    ? '\\N'
    : String(typeof value === 'object' ? JSON.stringify(value) : value).replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c],
      );

/** A short hash of the generator's source: a changed generator never reuses an old file. */
function generatorVersion() {
  const source = readFileSync(new URL('./corpus.mjs', import.meta.url));
  return createHash('sha256').update(source).digest('hex').slice(0, 10);
}

/**
 * Files holding sites [from, to) in `parts` consecutive slices; written when missing (into
 * `dir`, default the system temp folder), reused otherwise. Returns the paths, their size and
 * how long generation took (0 when reused).
 */
export async function corpusFiles({ corpus, seed, from, to, parts, dir, log = () => undefined }) {
  const folder = dir ?? join(tmpdir(), 'frenly-bench-corpus');
  mkdirSync(folder, { recursive: true });
  const version = generatorVersion();
  const size = Math.ceil((to - from) / parts);
  const slices = Array.from({ length: parts }, (_, k) => {
    const start = from + k * size;
    const end = Math.min(to, start + size);
    return { start, end, path: join(folder, `seed${seed}-${version}-${start}-${end}.tsv`) };
  }).filter((slice) => slice.end > slice.start);
  let generateMs = 0;
  for (const slice of slices) {
    if (existsSync(slice.path)) continue;
    log(`  generating sites ${slice.start}–${slice.end} into ${slice.path}`);
    const t = performance.now();
    const partial = `${slice.path}.partial`;
    const out = createWriteStream(partial);
    for (const batch of corpus.batches(slice.start, slice.end, 1000)) {
      let text = '';
      for (const site of batch) {
        const row = rowOf(site);
        text += `${COPY_COLUMNS.map((column) => escape(row[column])).join('\t')}\n`;
      }
      if (!out.write(text)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    renameSync(partial, slice.path);
    generateMs += performance.now() - t;
  }
  return {
    files: slices.map((slice) => slice.path),
    bytes: slices.reduce((sum, slice) => sum + statSync(slice.path).size, 0),
    generateMs: Math.round(generateMs),
    reused: generateMs === 0,
  };
}
