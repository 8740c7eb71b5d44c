// Real loopback web servers (HTTP and HTTPS) serving the fixture sites, counting the requests
// each path receives: the tests prove "nothing was fetched" and "one fetch" from these counts.
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from '@frenly/testing';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Route {
  readonly status?: number;
  readonly headers?: Record<string, string | string[]>;
  readonly body?: string;
  /** Waits this long before answering (to make concurrent requests overlap). */
  readonly delayMs?: number;
  readonly handler?: Handler;
}

const FIXTURES = new URL('../fixtures/sites/', import.meta.url);

export function fixtureHtml(name: string): string {
  return readFileSync(new URL(`${name}.html`, FIXTURES), 'utf8');
}

export class FixtureServer {
  readonly hits = new Map<string, number>();
  private readonly routes = new Map<string, Route>();
  private readonly sockets = new Set<import('node:net').Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly protocol: 'http' | 'https',
  ) {}

  static async start(options: { tls?: TestCertificate } = {}): Promise<FixtureServer> {
    const server: Server = options.tls
      ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key })
      : createHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const instance = new FixtureServer(
      server,
      (server.address() as AddressInfo).port,
      options.tls ? 'https' : 'http',
    );
    server.on('request', (req: IncomingMessage, res: ServerResponse) => instance.handle(req, res));
    server.on('connection', (socket: import('node:net').Socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    return instance;
  }

  get allowEntry(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** The URL of `path` under `host` (a name the test resolver maps to 127.0.0.1). */
  url(host: string, path: string): string {
    return `${this.protocol}://${host}:${this.port}${path}`;
  }

  route(path: string, route: Route): this {
    this.routes.set(path, route);
    return this;
  }

  /** Serves a fixture page with HTML content type and the given extra headers. */
  page(
    path: string,
    fixture: string,
    headers: Record<string, string | string[]> = {},
    delayMs = 0,
  ): this {
    return this.route(path, {
      body: fixtureHtml(fixture),
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
      delayMs,
    });
  }

  hitsOf(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  get totalHits(): number {
    let total = 0;
    for (const count of this.hits.values()) total += count;
    return total;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const route = this.routes.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const answer = (): void => {
      if (route.handler) return route.handler(req, res);
      res.writeHead(route.status ?? 200, route.headers ?? {});
      res.end(route.body ?? '');
    };
    if (route.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  }
}
