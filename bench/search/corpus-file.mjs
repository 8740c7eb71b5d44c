// The corpus as files in COPY text format, generated once and reused by later runs: generating
// 1M sites takes a core for over a minute, and the corpus is the input of the indexing
// benchmark, not part of it (the rate measures what indexing costs once the pages exist, as a
// crawl or an import would hand them over). One file per load connection, split by site index,
// after a first file of the HOME_SITES sites that own every inner page: it is loaded before the
// others (a page's site_id must name a row that is there), the others side by side.
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
import { HOME_SITES, rowOf } from './corpus.mjs';

/**
 * The columns of search.sites a corpus row fills, in file order. `id` is explicit (row i is id
 * i + 1) so that `site_id` (an inner page's site) names the right row whatever order parallel
 * loads insert in; a load sets the id sequence past them afterwards.
 */
export const COPY_COLUMNS = [
  'id',
  'site_id',
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

/** A short hash of the generator's source and the columns: a changed generator or file layout never reuses an old file. */
function generatorVersion() {
  const source = readFileSync(new URL('./corpus.mjs', import.meta.url));
  return createHash('sha256')
    .update(source)
    .update(COPY_COLUMNS.join(','))
    .digest('hex')
    .slice(0, 10);
}

/**
 * Files holding sites [from, to): the sites below HOME_SITES first, alone (`first`: how many
 * files to load before the others, 1 or 0), then the rest in `parts` consecutive slices;
 * written when missing (into `dir`, default the system temp folder), reused otherwise. Returns
 * the paths, their size and how long generation took (0 when reused).
 */
export async function corpusFiles({ corpus, seed, from, to, parts, dir, log = () => undefined }) {
  const folder = dir ?? join(tmpdir(), 'frenly-bench-corpus');
  mkdirSync(folder, { recursive: true });
  const version = generatorVersion();
  const leadEnd = Math.min(to, Math.max(from, HOME_SITES));
  const size = Math.ceil((to - leadEnd) / parts);
  const slice = (start, end) => ({
    start,
    end,
    path: join(folder, `seed${seed}-${version}-${start}-${end}.tsv`),
  });
  const slices = [
    slice(from, leadEnd),
    ...Array.from({ length: parts }, (_, k) =>
      slice(leadEnd + k * size, Math.min(to, leadEnd + (k + 1) * size)),
    ),
  ].filter((s) => s.end > s.start);
  const first = leadEnd > from ? 1 : 0;
  let generateMs = 0;
  for (const { start, end, path } of slices) {
    if (existsSync(path)) continue;
    log(`  generating sites ${start}–${end} into ${path}`);
    const t = performance.now();
    const partial = `${path}.partial`;
    const out = createWriteStream(partial);
    for (const batch of corpus.batches(start, end, 1000)) {
      let text = '';
      for (const site of batch) {
        const row = rowOf(site);
        text += `${COPY_COLUMNS.map((column) => escape(row[column])).join('\t')}\n`;
      }
      if (!out.write(text)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    renameSync(partial, path);
    generateMs += performance.now() - t;
  }
  return {
    files: slices.map((s) => s.path),
    first,
    bytes: slices.reduce((sum, s) => sum + statSync(s.path).size, 0),
    generateMs: Math.round(generateMs),
    reused: generateMs === 0,
  };
}
