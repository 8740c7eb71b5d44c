import { Parser } from 'htmlparser2';

export interface SitemapContent {
  /** Page URLs (<urlset><url><loc>). */
  readonly pages: string[];
  /** Further sitemaps (<sitemapindex><sitemap><loc>). */
  readonly sitemaps: string[];
}

/** A sitemap beyond this many URLs is cut (the protocol's own limit is 50,000). */
export const MAX_SITEMAP_URLS = 50_000;

/** Reads a sitemap or sitemap index (sitemaps.org protocol); tolerant of namespaces and CDATA. */
export function parseSitemap(xml: string): SitemapContent {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  const open: string[] = [];
  let loc = '';
  const parser = new Parser(
    {
      onopentag(name) {
        open.push(localName(name));
        if (localName(name) === 'loc') loc = '';
      },
      ontext(text) {
        if (open[open.length - 1] === 'loc') loc += text;
      },
      onclosetag(name) {
        const closing = localName(name);
        open.pop();
        if (closing !== 'loc') return;
        const url = loc.trim();
        const parent = open[open.length - 1];
        if (url === '' || pages.length + sitemaps.length >= MAX_SITEMAP_URLS) return;
        if (parent === 'sitemap') sitemaps.push(url);
        else if (parent === 'url') pages.push(url);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return { pages, sitemaps };
}

function localName(name: string): string {
  return name.toLowerCase().replace(/^.*:/, '');
}
