import * as http from 'node:http';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import type { EgressPolicy, VettedDestination } from './egress-policy.js';

/** A connection the browser asked for and the proxy refused (nothing was connected). */
export interface RefusedConnection {
  /** `host:port` as the browser asked for it, or the absolute URL of a plain HTTP request. */
  readonly target: string;
  readonly reason: string;
}

export interface EgressProxyOptions {
  /** Bytes received from the web per recording; past it every connection is cut. */
  readonly maxTransferBytes: number;
  /** Idle limit of one upstream connection. */
  readonly socketTimeoutMs?: number;
}

/** Headers that describe one connection, not the message: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * The only way out for the browser tier's Chromium (launched with --proxy-server pointing here
 * and `<-loopback>` so that not even loopback bypasses it). Every connection — page loads,
 * subresources, redirects (each hop is a new request), fetch/XHR, iframes, WebSockets and TLS
 * (CONNECT tunnels) — is vetted by the EgressPolicy before a socket is opened, and the socket goes
 * to the vetted address only: Chromium itself resolves no name, so DNS rebinding has no second
 * resolution to exploit. Why a proxy rather than Playwright's request interception: interception
 * misses WebSockets' and service workers' traffic in places, and after `route.continue()` Chromium
 * resolves the name again on its own.
 */
export class EgressProxy {
  private readonly refusals: RefusedConnection[] = [];
  private readonly sockets = new Set<Duplex>();
  private transferred = 0;
  private capped = false;

  private constructor(
    private readonly server: http.Server,
    private readonly policy: EgressPolicy,
    private readonly options: EgressProxyOptions,
  ) {}

  static async start(policy: EgressPolicy, options: EgressProxyOptions): Promise<EgressProxy> {
    const server = http.createServer();
    const proxy = new EgressProxy(server, policy, options);
    server.on('request', (request, response) => void proxy.forward(request, response));
    server.on('connect', (request, socket, head) => void proxy.tunnel(request, socket, head));
    server.on('upgrade', (request, socket, head) => void proxy.upgrade(request, socket, head));
    server.on('connection', (socket: net.Socket) => proxy.track(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  /** `http://127.0.0.1:<port>`, for Chromium's --proxy-server. */
  get url(): string {
    const { port } = this.server.address() as net.AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Starts a new recording: refusals and the transfer count of the previous page are dropped. */
  reset(): void {
    this.refusals.length = 0;
    this.transferred = 0;
    this.capped = false;
  }

  /** What was refused since the last reset, and whether the transfer cap was hit. */
  record(): { refused: readonly RefusedConnection[]; transferredBytes: number; capped: boolean } {
    return { refused: [...this.refusals], transferredBytes: this.transferred, capped: this.capped };
  }

  /** Cuts every open connection (the page is over). */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A plain-HTTP request in absolute form (`GET http://host/path`). */
  private async forward(
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ): Promise<void> {
    const url = parseUrl(request.url ?? '');
    if (!url || url.protocol !== 'http:') {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Not a proxy request');
      return;
    }
    const destination = await this.vet(url, url.href);
    if (!destination) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('Refused by Frenly');
      return;
    }
    const upstream = http.request({
      host: destination.address,
      port: destination.port,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: forwardedHeaders(request.rawHeaders),
      setHost: false,
      agent: false,
      timeout: this.options.socketTimeoutMs ?? 10_000,
    });
    upstream.on('socket', (socket) => this.track(socket));
    upstream.on('timeout', () => upstream.destroy());
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end();
    });
    upstream.on('response', (incoming) => {
      incoming.on('data', (chunk: Buffer) => this.count(chunk.length));
      response.writeHead(
        incoming.statusCode ?? 502,
        incoming.statusMessage,
        forwardedHeaders(incoming.rawHeaders),
      );
      incoming.pipe(response);
    });
    request.pipe(upstream);
  }

  /** CONNECT host:port: TLS (and WebSocket) tunnels; the bytes inside are the browser's business. */
  private async tunnel(request: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const authority = request.url ?? '';
    const url = parseUrl(`http://${authority}/`);
    const destination = url ? await this.vet(url, authority) : undefined;
    if (!destination) {
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    this.splice(client, destination, head, 'HTTP/1.1 200 Connection Established\r\n\r\n');
  }

  /** A WebSocket handshake sent in absolute form instead of through CONNECT. */
  private async upgrade(
    request: http.IncomingMessage,
    client: Duplex,
    head: Buffer,
  ): Promise<void> {
    const url = parseUrl(request.url ?? '');
    const destination = url && url.protocol === 'http:' ? await this.vet(url, url.href) : undefined;
    if (!url || !destination) {
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`];
    const raw = request.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      if (!/^proxy-/i.test(raw[i] ?? '')) lines.push(`${raw[i]}: ${raw[i + 1]}`);
    }
    this.splice(
      client,
      destination,
      Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), head]),
    );
  }

  /** Connects to the vetted destination and pipes both ways. */
  private splice(
    client: Duplex,
    destination: VettedDestination,
    first: Buffer,
    greeting?: string,
  ): void {
    this.track(client);
    const upstream = net.connect({ host: destination.address, port: destination.port });
    this.track(upstream);
    upstream.setTimeout(this.options.socketTimeoutMs ?? 10_000, () => upstream.destroy());
    upstream.once('connect', () => {
      if (greeting) client.write(greeting);
      if (first.length > 0) upstream.write(first);
      upstream.on('data', (chunk: Buffer) => this.count(chunk.length));
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const close = (): void => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', close);
    upstream.on('close', close);
    client.on('error', close);
    client.on('close', close);
  }

  /** The policy's verdict; a refusal is recorded and answered with undefined. */
  private async vet(url: URL, target: string): Promise<VettedDestination | undefined> {
    if (this.capped) {
      this.refusals.push({ target, reason: 'the page exceeded the transfer cap' });
      return undefined;
    }
    try {
      return await this.policy.vet(url);
    } catch (error) {
      this.refusals.push({
        target,
        reason: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }

  private count(bytes: number): void {
    this.transferred += bytes;
    if (this.transferred > this.options.maxTransferBytes && !this.capped) {
      this.capped = true;
      this.dropConnections();
    }
  }

  private track(socket: Duplex): void {
    if (this.sockets.has(socket)) return;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Raw header pairs minus the hop-by-hop ones, order and repeats (Set-Cookie) kept. */
function forwardedHeaders(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (!HOP_BY_HOP.has(name.toLowerCase())) kept.push(name, raw[i + 1] ?? '');
  }
  return kept;
}
