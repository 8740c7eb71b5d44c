import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import type { Handler } from './test-servers.js';

export const PAGE =
  '<!doctype html><html lang="en"><head><title>Fixture</title></head><body><h1>Hello</h1></body></html>';
const MEGABYTE = 1024 * 1024;

// Built once: 20 MB of zeros is ~20 KB gzipped, four times the default body cap.
let gzipBomb: Buffer | undefined;
const bomb = (): Buffer => (gzipBomb ??= gzipSync(Buffer.alloc(20 * MEGABYTE)));

/**
 * The routes of the fixture site the tests fetch from. Hostile routes (infinite bodies, trickles,
 * silent servers) stop when the client goes away, so nothing outlives a test.
 */
export const siteRoutes: Handler = (request, response) => {
  const url = new URL(request.url ?? '/', 'http://fixture');
  const path = url.pathname;
  const step = /^\/(redirect|loop)\/(\d+)$/.exec(path);
  if (path === '/ok') return html(response, PAGE, { 'x-fixture': 'ok' });
  if (path === '/latin1') {
    response.writeHead(200, { 'content-type': 'text/plain; charset=windows-1252' });
    return void response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  }
  if (path === '/gzip') return encoded(response, 'gzip', gzipSync(PAGE));
  if (path === '/br') return encoded(response, 'br', brotliCompressSync(PAGE));
  if (path === '/deflate') return encoded(response, 'deflate', deflateSync(PAGE));
  if (path === '/deflate-raw') return encoded(response, 'deflate', deflateRawSync(PAGE));
  if (path === '/gzip-empty') return encoded(response, 'gzip', Buffer.alloc(0));
  if (path === '/gzip-corrupt')
    return encoded(response, 'gzip', Buffer.from('this is not gzip at all'));
  if (path === '/gzip-bomb') return encoded(response, 'gzip', bomb());
  if (path === '/sized') return sized(response, Number(url.searchParams.get('bytes')));
  if (path === '/status') return html(response, PAGE, {}, Number(url.searchParams.get('code')));
  if (step?.[1] === 'redirect') {
    // /redirect/3 → /redirect/2 → /redirect/1 → /redirect/0 → /ok
    const left = Number(step[2]);
    return redirect(response, left === 0 ? '/ok' : `/redirect/${left - 1}`);
  }
  if (step?.[1] === 'loop') return redirect(response, `/loop/${Number(step[2]) + 1}`);
  if (path === '/relative') return redirect(response, 'ok?from=relative');
  if (path === '/to') return redirect(response, url.searchParams.get('target') ?? '/ok');
  if (path === '/announced-huge') return announcedHuge(response);
  if (path === '/endless') return endless(request, response);
  if (path === '/trickle') return trickle(request, response);
  if (path === '/silent') return; // accepts the request, never answers
  response.writeHead(404).end();
};

function html(
  response: ServerResponse,
  body: string,
  headers: Record<string, string>,
  status = 200,
): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  response.end(body);
}

function encoded(response: ServerResponse, encoding: string, body: Buffer): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': encoding,
    'content-length': body.length,
  });
  response.end(body);
}

function sized(response: ServerResponse, bytes: number): void {
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  response.end(Buffer.alloc(bytes, 0x61));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location }).end();
}

/** Announces 10 MB, sends 1 KB, then waits: the client must refuse on the header alone. */
function announcedHuge(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html', 'content-length': 10 * MEGABYTE });
  response.write(Buffer.alloc(1024, 0x61));
}

/** A chunked body that never ends, written as fast as the client reads. */
function endless(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', pump);
  request.socket.on('close', () => response.off('drain', pump));
  pump();
}

/** Headers at once, then one byte every 50 ms, forever. */
function trickle(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html' });
  const timer = setInterval(() => response.write('.'), 50);
  request.socket.on('close', () => clearInterval(timer));
}
