import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRequest {
  readonly path: string;
  readonly at: number;
  readonly userAgent: string | undefined;
}

export interface FixtureSite {
  readonly origin: string;
  readonly port: number;
  /** Every request the site received, in order. */
  readonly requests: FixtureRequest[];
  close(): Promise<void>;
}

type Page = { status?: number; type?: string; body?: string; location?: string };

const html = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main>${body}</main></body></html>`;

/**
 * A small site on loopback for crawler tests: robots.txt with a Disallow and a Crawl-delay, a
 * sitemap with a page nothing links to, a chain of links deeper than the depth limit, the same
 * page under several spellings, a canonical duplicate, a redirect to a forbidden address.
 */
export async function startFixtureSite(options: {
  forbiddenPort: number;
  crawlDelaySeconds?: number;
  robots?: string;
}): Promise<FixtureSite> {
  const requests: FixtureRequest[] = [];
  let origin = '';
  const pages = (): Record<string, Page> => ({
    '/robots.txt': {
      type: 'text/plain',
      body:
        options.robots ??
        `User-agent: *\nDisallow: /private/\nCrawl-delay: ${options.crawlDelaySeconds ?? 0.05}\n\nUser-agent: EvilBot\nDisallow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
    },
    '/sitemap.xml': {
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${origin}/from-sitemap</loc></url>
        <url><loc>${origin}/private/in-sitemap</loc></url>
        <url><loc>${origin}/about?utm_source=sitemap</loc></url>
      </urlset>`,
    },
    '/': {
      body: html(
        'Fixture Home',
        `<h1>Welcome to the fixture garden</h1>
        <a href="/about">About</a> <a href="/about#team">Team</a> <a href="/about?utm_source=news">About again</a>
        <a href="/ABOUT/../about">About, dotted</a> <a href="/about-copy">Copy</a>
        <a href="/private/secret">Secret</a> <a href="/level1">Deeper</a> <a href="http://other.example/">Elsewhere</a>
        <a href="/paper.pdf">Paper</a>`,
        '<meta name="description" content="The home page of a small test garden.">',
      ),
    },
    '/about': {
      body: html(
        'About the fixture garden',
        '<p>Marigolds and tomatoes grow side by side here.</p>',
      ),
    },
    '/about-copy': {
      body: html(
        'About (printer-friendly copy)',
        '<p>Marigolds and tomatoes.</p>',
        `<link rel="canonical" href="${origin}/about">`,
      ),
    },
    '/from-sitemap': {
      body: html('Only in the sitemap', '<p>Nothing links to this page: quinoa harvest notes.</p>'),
    },
    '/private/secret': { body: html('Secret', 'must never be fetched') },
    '/private/in-sitemap': { body: html('Secret too', 'must never be fetched') },
    '/level1': {
      body: html('Level one', '<a href="/level2">down</a> <a href="/redirect-hostile">hostile</a>'),
    },
    '/level2': { body: html('Level two', '<a href="/level3">further down</a>') },
    '/level3': { body: html('Level three', 'beyond the depth limit') },
    '/redirect-hostile': {
      status: 302,
      location: `http://127.0.0.1:${options.forbiddenPort}/steal`,
    },
    '/paper.pdf': { type: 'application/pdf', body: '%PDF-1.4' },
  });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    requests.push({
      path: `${url.pathname}${url.search}`,
      at: Date.now(),
      userAgent: req.headers['user-agent'],
    });
    const page = pages()[url.pathname];
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (page.location) {
      res.writeHead(page.status ?? 302, { Location: page.location }).end();
      return;
    }
    res
      .writeHead(page.status ?? 200, {
        'Content-Type': `${page.type ?? 'text/html'}; charset=utf-8`,
      })
      .end(page.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
