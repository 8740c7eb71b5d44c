import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);
/** Below this, the saving does not pay for a second round of negotiation. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text
 * file of the build, for the gateway to send as they are (services/gateway/src/frontend). The
 * strongest settings cost about a second per build once, instead of CPU on every request:
 * measured on this app's assets, 607 KB of JavaScript and CSS become 198 KB with gzip -9 and
 * 175 KB with brotli 11 (1.2 s), against 189 KB with the brotli 5 a server could afford live.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'frenly:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After the bundle and the public/ files are written.
    async closeBundle() {
      const files = await textFiles(outDir);
      await Promise.all(files.map(compressNextTo));
    },
  };
}

async function textFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(path)));
    else if (COMPRESSIBLE.has(extname(entry.name)) && (await stat(path)).size >= MIN_BYTES)
      found.push(path);
  }
  return found;
}

async function compressNextTo(path: string): Promise<void> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  // A variant that is not smaller is not worth a Content-Encoding.
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
}
