// A few sites on one loopback server, told apart by their Host header; FRENLY_RESOLVE
// (`*.pipeline.test=127.0.0.1:PORT`) sends the product's connections for them here. Their pages
// are the analysis golden fixtures, so what each card must say is known.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const FIXTURES = new URL('../../../analysis/test/fixtures/sites/', import.meta.url);

export interface FixtureWebSite {
  readonly host: string;
  readonly fixture: string;
  readonly robots?: string;
}

export class FixtureWeb {
  /** Requests per host and path ("host path"). */
  readonly hits = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly sites: ReadonlyMap<string, FixtureWebSite>,
  ) {}

  static async start(sites: readonly FixtureWebSite[]): Promise<FixtureWeb> {
    const byHost = new Map(sites.map((site) => [site.host, site]));
    const pages = new Map(
      sites.map((site) => [
        site.host,
        readFileSync(new URL(`${site.fixture}.html`, FIXTURES), 'utf8'),
      ]),
    );
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const web = new FixtureWeb(server, (server.address() as AddressInfo).port, byHost);
    server.on('request', (req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      web.hits.set(`${host} ${path}`, (web.hits.get(`${host} ${path}`) ?? 0) + 1);
      const site = byHost.get(host);
      if (!site) return void res.writeHead(404).end();
      if (path === '/robots.txt')
        return void res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(site.robots ?? 'User-agent: *\nAllow: /\n');
      if (path === '/')
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(pages.get(host));
      res.writeHead(404).end();
    });
    return web;
  }

  /** The catalogue URL of a site: no port, FRENLY_RESOLVE sends its connections to this server. */
  url(host: string): string {
    return `http://${host}/`;
  }

  hitsOf(host: string, path = '/'): number {
    return this.hits.get(`${host} ${path}`) ?? 0;
  }

  get hosts(): string[] {
    return [...this.sites.keys()];
  }

  /** FRENLY_RESOLVE rules and the allow-list entry that let the product reach this server. */
  get resolve(): string[] {
    return [`*.pipeline.test=127.0.0.1:${this.port}`];
  }

  get allowEntry(): string {
    return `127.0.0.1:${this.port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
