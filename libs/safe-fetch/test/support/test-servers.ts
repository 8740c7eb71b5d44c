import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The TLS server name the client sent (SNI), for HTTPS servers. */
  readonly servername: string | null;
}

/** A real server on loopback that remembers every connection and request it saw. */
export interface LoopbackServer {
  readonly host: string;
  readonly port: number;
  /** `http://127.0.0.1:1234` (IPv6 hosts bracketed). */
  readonly origin: string;
  readonly connections: number;
  readonly requests: readonly RecordedRequest[];
  /** Sockets closed so far (by the client or under it). */
  readonly closedSockets: number;
  close(): Promise<void>;
}

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const FIXTURES = new URL('../fixtures/', import.meta.url);
export const selfSignedCert = readFileSync(new URL('self-signed.cert.pem', FIXTURES), 'utf8');
const selfSignedKey = readFileSync(new URL('self-signed.key.pem', FIXTURES), 'utf8');

export function startHttpServer(handler: Handler, host = '127.0.0.1'): Promise<LoopbackServer> {
  return listen(http.createServer(), handler, host, 'http');
}

/** HTTPS with the self-signed certificate for tls.frenly.test and 127.0.0.1. */
export function startHttpsServer(handler: Handler, host = '127.0.0.1'): Promise<LoopbackServer> {
  return listen(
    https.createServer({ cert: selfSignedCert, key: selfSignedKey }),
    handler,
    host,
    'https',
  );
}

async function listen(
  server: http.Server | https.Server,
  handler: Handler,
  host: string,
  scheme: 'http' | 'https',
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];
  let connections = 0;
  let closedSockets = 0;
  // TCP connections, for HTTPS too: a client that rejects the certificate still connected.
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closedSockets++;
    });
  });
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const tlsSocket = request.socket as Partial<TLSSocket>;
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      servername: typeof tlsSocket.servername === 'string' ? tlsSocket.servername : null,
    });
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    host,
    port,
    origin: `${scheme}://${hostInUrl}:${port}`,
    get connections() {
      return connections;
    },
    requests,
    get closedSockets() {
      return closedSockets;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
