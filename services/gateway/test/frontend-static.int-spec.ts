// The gateway's serving of the built frontend: compressed bodies (the build's brotli and gzip
// files, or compressed once on first request), Vary, caching per file kind, ETag/304, the
// client-side route fallback and 404 for missing fingerprinted files. Real HTTP on loopback.
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { JsonLogger } from '@frenly/platform';
import { createTempDir, type TempDir } from '@frenly/testing';
import { serveFrontend } from '../src/frontend/serve-frontend.js';

@Module({})
class NoRoutesModule {}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A plain HTTP request that leaves the body as sent (fetch would decompress it). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const silent = new JsonLogger({ service: 'test', level: 'error', write: () => undefined });
const BROWSER = 'gzip, deflate, br, zstd';
const YEAR = 'public, max-age=31536000, immutable';

/** Text that compresses like a real bundle would (repetitive identifiers, some variety). */
function bundleLike(name: string, kb: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < kb * 1024; i++)
    lines.push(`export function ${name}${i}(value){return value*${i}+"${name}-${i % 7}";}`);
  return lines.join('\n');
}

async function startApp(
  distDir: string,
): Promise<{ base: string; close: () => Promise<void>; served: boolean }> {
  const app = await NestFactory.create<NestExpressApplication>(NoRoutesModule, { logger: false });
  const served = serveFrontend(app, distDir, silent);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close(), served };
}

describe('serveFrontend: compressed static files', () => {
  let dist: TempDir;
  let base: string;
  let close: () => Promise<void>;
  const html = `<!doctype html><html lang="en"><head><title>Frenly</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(120)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`;
  const js = bundleLike('chunk', 40);
  const css = bundleLike('style', 8).replace(/export function/g, '.rule');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const brotli11 = (text: string) =>
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

  beforeAll(async () => {
    dist = await createTempDir('frenly-dist-');
    await mkdir(join(dist.path, 'assets'));
    await mkdir(join(dist.path, 'icons'));
    // As the build leaves them: text files with .br and .gz next to them...
    for (const [path, content] of [
      ['index.html', html],
      ['assets/index-abc123.js', js],
    ] as const) {
      await writeFile(join(dist.path, path), content);
      await writeFile(join(dist.path, `${path}.br`), brotli11(content));
      await writeFile(join(dist.path, `${path}.gz`), gzipSync(content, { level: 9 }));
    }
    // ...except this one (a build without the plugin): compressed on first request instead.
    await writeFile(join(dist.path, 'assets/late-def456.css'), css);
    await writeFile(join(dist.path, 'icons/icon-1.png'), png);
    await writeFile(join(dist.path, 'manifest.webmanifest'), '{"name":"Frenly"}');
    const app = await startApp(dist.path);
    expect(app.served).toBe(true);
    base = app.base;
    close = app.close;
  });

  afterAll(async () => {
    await close?.();
    await dist?.remove();
  });

  it("sends a fingerprinted script as the build's brotli file, cached for a year, varying on Accept-Encoding", async () => {
    const res = await get(base, '/assets/index-abc123.js', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body.equals(readFileSync(join(dist.path, 'assets/index-abc123.js.br')))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
    expect(res.body.length).toBeLessThan(js.length / 5);
  });

  it('falls back to gzip, then to the identity body, as the client asks', async () => {
    const gz = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(dist.path, 'assets/index-abc123.js.gz')))).toBe(true);
    expect(gunzipSync(gz.body).toString()).toBe(js);

    expect(
      (await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' }))
        .headers['content-encoding'],
    ).toBe('gzip');
    expect(
      (await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'gzip;q=0.4, br;q=0.8' }))
        .headers['content-encoding'],
    ).toBe('br');
    expect(
      (await get(base, '/assets/index-abc123.js', { 'accept-encoding': '*' })).headers[
        'content-encoding'
      ],
    ).toBe('br');

    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get(
        base,
        '/assets/index-abc123.js',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toBe('Accept-Encoding'); // a cache must not reuse it for a browser that takes br
      expect(plain.body.toString()).toBe(js);
    }
  });

  it('serves index.html, and client-side routes, compressed but revalidated on every use', async () => {
    for (const path of ['/', '/index.html', '/dashboard', '/search?q=privacy']) {
      const res = await get(base, path, { 'accept-encoding': BROWSER });
      expect([
        path,
        res.status,
        res.headers['content-type'],
        res.headers['cache-control'],
        res.headers['content-encoding'],
      ]).toEqual([path, 200, 'text/html; charset=utf-8', 'no-cache', 'br']);
      expect(brotliDecompressSync(res.body).toString()).toBe(html);
    }
  });

  it('serves /analysis compressed, marked with how the browser arrived, and never stored', async () => {
    const res = await get(base, '/analysis?url=https%3A%2F%2Fexample.org', {
      'accept-encoding': BROWSER,
      'sec-fetch-site': 'same-origin',
    });
    expect([res.status, res.headers['cache-control'], res.headers['content-encoding']]).toEqual([
      200,
      'no-store',
      'br',
    ]);
    expect(brotliDecompressSync(res.body).toString()).toBe(
      html.replace('</head>', '<meta name="frenly-arrival" content="same-site"></head>'),
    );
  });

  it('answers a repeated request with 304 while the ETag of that encoding matches', async () => {
    const first = await get(base, '/index.html', { 'accept-encoding': BROWSER });
    const etag = first.headers['etag']!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get(base, '/index.html', {
      'accept-encoding': BROWSER,
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    // The gzip body is another representation: the brotli ETag does not validate it.
    const gz = await get(base, '/index.html', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gz.status).toBe(200);
    expect(gz.headers['etag']).not.toBe(etag);
  });

  it('compresses a text file that the build left uncompressed once, and sends the same bytes again', async () => {
    const first = await get(base, '/assets/late-def456.css', { 'accept-encoding': BROWSER });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(first.body).toString()).toBe(css);
    const second = await get(base, '/assets/late-def456.css', { 'accept-encoding': BROWSER });
    expect(second.body.equals(first.body)).toBe(true);
    const gz = await get(base, '/assets/late-def456.css', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(css);
  });

  it('sends images and tiny files as they are, and HEAD without a body', async () => {
    const icon = await get(base, '/icons/icon-1.png', { 'accept-encoding': BROWSER });
    expect([
      icon.status,
      icon.headers['content-type'],
      icon.headers['content-encoding'],
      icon.headers['vary'],
      icon.headers['cache-control'],
    ]).toEqual([200, 'image/png', undefined, undefined, 'no-cache']);
    expect(icon.body.equals(png)).toBe(true);
    const manifest = await get(base, '/manifest.webmanifest', { 'accept-encoding': BROWSER });
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['content-encoding']).toBeUndefined();

    const head = await get(base, '/assets/index-abc123.js', { 'accept-encoding': BROWSER }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(
      readFileSync(join(dist.path, 'assets/index-abc123.js.br')).length,
    );
    expect(head.body.length).toBe(0);
  });

  it('answers 404 for a missing fingerprinted file and leaves API paths and other methods alone', async () => {
    expect(
      (await get(base, '/assets/index-000000.js', { 'accept-encoding': BROWSER })).status,
    ).toBe(404);
    expect((await get(base, '/assets/index-abc123.js.br')).status).toBe(404); // variants are not files of their own
    const api = await get(base, '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    expect((await get(base, '/dashboard', {}, 'POST')).status).toBe(404);
  });
});

describe('serveFrontend: the real build (frontend/dist)', () => {
  const distDir = fileURLToPath(new URL('../../../frontend/dist/', import.meta.url));
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (!existsSync(join(distDir, 'index.html')))
      throw new Error(`${distDir} is not built: run \`npx nx run-many -t build\` first`);
    const app = await startApp(distDir);
    base = app.base;
    close = app.close;
  });

  afterAll(() => close?.());

  it('sends every script and stylesheet of the build as its own brotli file, under a third of the size', async () => {
    const assets = readdirSync(join(distDir, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    expect(assets.length).toBeGreaterThan(0);
    let raw = 0;
    let sent = 0;
    for (const name of assets) {
      const res = await get(base, `/assets/${name}`, { 'accept-encoding': BROWSER });
      const content = readFileSync(join(distDir, 'assets', name));
      expect([name, res.status, res.headers['cache-control']]).toEqual([name, 200, YEAR]);
      if (content.length < 1024) continue; // too small to be worth compressing
      expect([name, res.headers['content-encoding']]).toEqual([name, 'br']);
      expect(res.body.equals(readFileSync(join(distDir, 'assets', `${name}.br`)))).toBe(true);
      raw += content.length;
      sent += res.body.length;
    }
    expect(sent).toBeLessThan(raw / 3);
  });
});
