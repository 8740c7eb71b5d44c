// /analysis?url= runs an analysis when the page opens: its HTML says how the browser arrived
// (a meta tag from Sec-Fetch-Site / Referer), so the app runs it at once only for this site's own
// navigations. Real HTTP on loopback against serveFrontend.
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { JsonLogger } from '@frenly/platform';
import { createTempDir, type TempDir } from '@frenly/testing';
import { serveFrontend } from '../src/frontend/serve-frontend.js';

@Module({})
class NoRoutesModule {}

const silent = new JsonLogger({ service: 'test', level: 'error', write: () => undefined });
const HTML = '<!doctype html><html><head><title>Frenly</title></head><body></body></html>';

describe('serveFrontend: how the browser arrived at /analysis', () => {
  let dist: TempDir;
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    dist = await createTempDir('frenly-arrival-');
    await writeFile(join(dist.path, 'index.html'), HTML);
    app = await NestFactory.create<NestExpressApplication>(NoRoutesModule, { logger: false });
    serveFrontend(app, dist.path, silent);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await dist?.remove();
  });

  const arrival = (html: string) =>
    /<meta name="frenly-arrival" content="([a-z-]+)">/.exec(html)?.[1];

  it.each<[string, (origin: string) => Record<string, string>, string]>([
    ["this site's own link", () => ({ 'Sec-Fetch-Site': 'same-origin' }), 'same-site'],
    ['the address bar', () => ({ 'Sec-Fetch-Site': 'none' }), 'same-site'],
    [
      'a Referer of this origin (no Sec-Fetch-Site)',
      (o) => ({ Referer: `${o}/search` }),
      'same-site',
    ],
    ["another site's link", () => ({ 'Sec-Fetch-Site': 'cross-site' }), 'cross-site'],
    ['a Referer of another site', () => ({ Referer: 'https://evil.example/' }), 'cross-site'],
    ['no header that says (rel=noreferrer, old browser)', () => ({}), 'cross-site'],
  ])('marks an arrival from %s as %s, never cached', async (_from, headers, mark) => {
    const res = await fetch(`${base}/analysis?url=example.org`, { headers: headers(base) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    const html = await res.text();
    expect(arrival(html)).toBe(mark);
    expect(html).toContain('<title>Frenly</title>');
  });

  it('answers a revalidation of a cached index with the marked page, not 304', async () => {
    const plain = await fetch(`${base}/search`);
    const etag = plain.headers.get('etag');
    expect(etag).toBeTruthy();
    const res = await fetch(`${base}/analysis?url=example.org`, {
      headers: { 'If-None-Match': etag!, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(arrival(await res.text())).toBe('cross-site');
  });

  it('leaves other pages as the cached, unmarked index', async () => {
    const res = await fetch(`${base}/search?q=x`, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(arrival(await res.text())).toBeUndefined();
  });
});
