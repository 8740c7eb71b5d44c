import { parseHtml, elementsOf } from '@frenly/html';
import { headFactsOf } from './head-facts.js';

const headOf = (html: string) => headFactsOf(elementsOf(parseHtml(html)));

describe(headFactsOf.name, () => {
  it('reads language, title, meta tags and favicon', () => {
    expect(
      headOf(
        '<html lang=" en-GB "><head><title> Hello &amp;  world </title><meta name="description" content=" A  page "><meta name="description" content="second"><meta property="og:title" content="OG"><meta name="viewport" content="width=device-width"><meta name="referrer" content=" No-Referrer "><meta http-equiv="Refresh" content="30"><meta http-equiv="content-security-policy" content="default-src \'self\'"><link rel="shortcut icon" href="/f.ico"></head><body aria-hidden="true"></body></html>',
      ),
    ).toEqual({
      lang: 'en-GB',
      title: 'Hello & world',
      metaDescription: 'A page',
      ogTitle: 'OG',
      ogDescription: null,
      viewport: 'width=device-width',
      metaRefresh: '30',
      metaReferrer: 'no-referrer',
      metaCsp: "default-src 'self'",
      hasFavicon: true,
      bodyAriaHidden: true,
    });
  });

  it("takes the page's first title, never an SVG's", () => {
    expect(headOf('<body><svg><title>Logo</title></svg></body>').title).toBeNull();
    expect(headOf('<title>First</title><title>Second</title>').title).toBe('First');
    expect(headOf('<title></title>').title).toBe('');
  });
});
