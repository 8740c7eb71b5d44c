import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentEncoding } from './content-encoding.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
/** Text formats (the same list as the build's precompress plugin); the rest is compressed already. */
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
const MIN_COMPRESS_BYTES = 1024;
const PRECOMPRESSED_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };
/** Live compression, for a build without precompressed files: fast settings, once per file. */
const LIVE_BROTLI_QUALITY = 5;
const LIVE_GZIP_LEVEL = 6;

/** Vite fingerprints what it puts under assets/: a name never gets other content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the manifest, icons) is revalidated on every use. */
const REVALIDATE = 'no-cache';

export interface StaticFile {
  readonly urlPath: string;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly compressible: boolean;
  /** Strong validator of the uncompressed content; an encoded body's ETag adds its encoding. */
  readonly etag: string;
  readonly identity: Buffer;
}

/**
 * The built frontend, read into memory once (it is a few hundred KB and never changes while
 * the process runs): each file with its type, caching policy and ETag, and its compressed
 * bodies — the build's `.br`/`.gz` files when present, otherwise compressed on first request
 * and kept.
 */
export class StaticFiles {
  private readonly files = new Map<string, StaticFile>();
  private readonly encoded = new Map<string, Promise<Buffer>>();

  static load(root: string): StaticFiles {
    const site = new StaticFiles();
    for (const path of walk(root)) {
      const extension = extname(path).toLowerCase();
      const isVariant =
        (extension === '.br' || extension === '.gz') &&
        COMPRESSIBLE.has(extname(path.slice(0, -3)).toLowerCase());
      if (isVariant) continue;
      const urlPath = `/${relative(root, path).split(sep).join('/')}`;
      const identity = readFileSync(path);
      site.files.set(urlPath, {
        urlPath,
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        compressible: COMPRESSIBLE.has(extension) && identity.length >= MIN_COMPRESS_BYTES,
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
      });
      for (const [encoding, suffix] of Object.entries(PRECOMPRESSED_SUFFIX) as [
        ContentEncoding,
        string,
      ][]) {
        const variant = readIfPresent(`${path}${suffix}`);
        if (variant) site.encoded.set(key(urlPath, encoding), Promise.resolve(variant));
      }
    }
    return site;
  }

  get(urlPath: string): StaticFile | undefined {
    return this.files.get(urlPath);
  }

  /** How many files were built with their compressed variants (for the start-up log). */
  get precompressedCount(): number {
    return [...this.files.values()].filter((file) => this.encoded.has(key(file.urlPath, 'br')))
      .length;
  }

  get size(): number {
    return this.files.size;
  }

  /** The body in `encoding`: the build's file, or one compressed now and kept for next time. */
  body(file: StaticFile, encoding: ContentEncoding): Promise<Buffer> {
    const id = key(file.urlPath, encoding);
    let body = this.encoded.get(id);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliAsync(file.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: file.identity.length,
              },
            })
          : gzipAsync(file.identity, { level: LIVE_GZIP_LEVEL });
      body.catch(() => this.encoded.delete(id));
      this.encoded.set(id, body);
    }
    return body;
  }
}

const key = (urlPath: string, encoding: ContentEncoding) => `${encoding}:${urlPath}`;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.isFile() ? [path] : [];
  });
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
