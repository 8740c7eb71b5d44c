import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { Duplex } from 'node:stream';
import { BrowserTier, findChromium, type BrowserObservation } from '../../src/browser/index.js';
import { designFindings } from '../../src/browser/design-findings.js';

/**
 * A whole little web on one loopback port: HTTP and HTTPS on the same socket (the first byte
 * tells a TLS handshake), answering by Host name, so that one FRENLY_RESOLVE rule (`*=127.0.0.1:port`)
 * and one allow-list entry serve shops, CDNs and trackers alike.
 */
export interface FixtureWeb {
  readonly port: number;
  /** Host + path of every request it answered, in order. */
  readonly hits: readonly string[];
  close(): Promise<void>;
}

export type Site = (
  path: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) => void;

// The safe fetcher's test certificate; the browser tier's tests accept it with ignoreHttpsErrors.
const FIXTURES = new URL('../../../../libs/safe-fetch/test/fixtures/', import.meta.url);
const cert = readFileSync(new URL('self-signed.cert.pem', FIXTURES), 'utf8');
const key = readFileSync(new URL('self-signed.key.pem', FIXTURES), 'utf8');

export async function startFixtureWeb(sites: Readonly<Record<string, Site>>): Promise<FixtureWeb> {
  const hits: string[] = [];
  const handler = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const path = request.url ?? '/';
    hits.push(`${host}${path}`);
    const site = sites[host];
    if (!site)
      return void response.writeHead(404, { 'content-type': 'text/plain' }).end('no such site');
    site(path, request, response);
  };
  const plain = http.createServer(handler);
  const secure = https.createServer({ cert, key }, handler);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first) => {
      socket.pause();
      if (first[0] !== 0x16) {
        socket.unshift(first);
        plain.emit('connection', socket);
        socket.resume();
        return;
      }
      // TLS reads a native socket's handle directly, past the byte we already took: hand it a JS
      // stream that replays that byte first instead.
      const replay = new Duplex({
        read: () => socket.resume(),
        write: (chunk: Buffer, _encoding, done) => void socket.write(chunk, done),
        final: (done) => void socket.end(done),
        destroy: (error, done) => {
          socket.destroy();
          done(error);
        },
      });
      replay.push(first);
      socket.on('data', (chunk) => {
        if (!replay.push(chunk)) socket.pause();
      });
      socket.on('end', () => replay.push(null));
      socket.on('error', (error) => replay.destroy(error));
      secure.emit('connection', replay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP listener that only counts: the hostile page's targets, which must see nothing. */
export async function startTripwire(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function html(
  response: http.ServerResponse,
  body: string,
  headers: http.OutgoingHttpHeaders = {},
): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

export function script(response: http.ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
}

/** A 1×1 transparent GIF. */
export function pixel(response: http.ServerResponse): void {
  response
    .writeHead(200, { 'content-type': 'image/gif' })
    .end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
}

/**
 * The browser tier under test: this machine's Chromium, one browser, every host name served by
 * `web` (and only its port allowed), the fixture certificate accepted.
 */
export function browserTierOver(web: FixtureWeb, pageBudgetMs = 12_000): BrowserTier {
  const chromium = findChromium(process.env.FRENLY_CHROMIUM_PATH);
  if (!chromium.found) throw new Error(`These tests need Chromium: ${chromium.reason}`);
  return new BrowserTier({
    chromiumPath: chromium.path,
    poolSize: 1,
    pageBudgetMs,
    allowList: [`127.0.0.1:${web.port}`],
    resolve: [`*=127.0.0.1:${web.port}`],
    ignoreHttpsErrors: true,
  });
}

/** The rendered-design findings of a site seen through its homepage alone. */
export const homepageFindings = (homepage: BrowserObservation) =>
  designFindings({ homepage, innerPage: null, innerPageSkipped: 'test' });
