import { detectLanguage } from './detect-language.js';
import { extractPage } from './extract-page.js';
import { parseSitemap } from './sitemap.js';

describe(extractPage.name, () => {
  const html = `<!doctype html>
<html lang="en-GB"><head>
  <title> Solar   &amp; Wind — Guide </title>
  <meta name="description" content="How solar and wind power work.">
  <link rel="canonical" href="/guide">
  <script>var ignored = "script text";</script>
  <style>.x { color: red }</style>
</head><body>
  <header><nav><a href="/">Home</a> <a href="/about#team">About</a></nav></header>
  <main><h1>Solar power</h1><p>Panels turn <b>light</b> into electricity.</p>
    <p>${'Long enough main text. '.repeat(10)}</p>
    <a href="https://other.example/x">Elsewhere</a>
    <a href="/paid" rel="sponsored nofollow">Paid</a>
    <a href="mailto:a@b.example">Mail</a> <a href="javascript:void(0)">JS</a>
  </main>
  <footer>Copyright footer</footer>
</body></html>`;
  const page = extractPage(html, 'https://example.org/guide?ref=1', { maxTextChars: 10_000 });

  it('reads title, description, canonical url and language', () => {
    expect(page.title).toBe('Solar & Wind — Guide');
    expect(page.description).toBe('How solar and wind power work.');
    expect(page.canonical).toBe('https://example.org/guide');
    expect(page.language).toBe('en');
  });

  it('keeps the main text and drops scripts, styles and page chrome', () => {
    expect(page.text.startsWith('Solar power. Panels turn light into electricity.')).toBe(true);
    expect(page.text).not.toMatch(/script text|color: red|Copyright footer|Home/);
  });

  it('lists followable http(s) links, absolute and without fragments', () => {
    expect(page.links).toEqual([
      'https://example.org/',
      'https://example.org/about',
      'https://other.example/x',
    ]);
    expect(page).toMatchObject({ noindex: false, nofollow: false });
  });

  it('leaves text the page keeps hidden out of the page text', () => {
    const hidden = extractPage(
      `<html><head><style>.promo { display: none }</style></head><body>
        <p>Shown words.</p>
        <div style="display:none">inline none</div><p hidden>hidden attribute</p>
        <span aria-hidden="true">aria hidden</span><div class="promo">css rule</div>
        <noscript>noscript text</noscript><template>template text</template>
        <div class="d-none"><p>state class <a href="/kept">still a link</a></p></div>
      </body></html>`,
      'https://example.org/',
      { maxTextChars: 10_000 },
    );
    expect(hidden.text).toBe('Shown words.');
    expect(hidden.links).toEqual(['https://example.org/kept']);
  });

  it('ends a heading like a sentence, so that text running on from it reads as prose', () => {
    const page = extractPage(
      `<html><body><main><h1>Bread in a pan</h1><p>A quick bread baked on the hob.</p>
        <h2>Is it done?</h2><p>Knock on the bottom.</p><h3><span>Serving</span> </h3></main></body></html>`,
      'https://example.org/pan',
      { maxTextChars: 10_000 },
    );
    expect(page.text).toBe(
      'Bread in a pan. A quick bread baked on the hob. Is it done? Knock on the bottom. Serving.',
    );
  });

  it('honours <base>, robots meta and the text cap, and survives broken HTML', () => {
    const other = extractPage(
      '<html><head><base href="https://cdn.example/docs/"><meta name="robots" content="noindex, nofollow"></head><body><p>Hello <a href="page">x</a><div>unclosed',
      'https://example.org/',
      { maxTextChars: 8 },
    );
    expect(other).toMatchObject({
      noindex: true,
      nofollow: true,
      title: '',
      links: ['https://cdn.example/docs/page'],
      text: 'Hello x',
    });
    expect(other.description).toBe('Hello x');
  });
});

describe(parseSitemap.name, () => {
  it('reads page urls and nested sitemaps, with entities and CDATA', () => {
    const urlset = parseSitemap(`<?xml version="1.0"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>https://example.org/a?x=1&amp;y=2</loc><lastmod>2026-01-01</lastmod></url>
        <url><loc><![CDATA[https://example.org/b]]></loc></url>
      </urlset>`);
    expect(urlset).toEqual({
      pages: ['https://example.org/a?x=1&y=2', 'https://example.org/b'],
      sitemaps: [],
    });
    const index = parseSitemap(
      '<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc> https://example.org/s1.xml </sm:loc></sm:sitemap></sm:sitemapindex>',
    );
    expect(index).toEqual({ pages: [], sitemaps: ['https://example.org/s1.xml'] });
    expect(parseSitemap('not xml at all')).toEqual({ pages: [], sitemaps: [] });
  });
});

describe(detectLanguage.name, () => {
  it('tells common languages apart and abstains on little text', () => {
    expect(detectLanguage('The cat is in the garden and the dog is with you. '.repeat(3))).toBe(
      'en',
    );
    expect(
      detectLanguage(
        'Der Hund ist nicht mit der Katze auf dem Sofa und die Katze ist eine Freundin. '.repeat(2),
      ),
    ).toBe('de');
    expect(detectLanguage('too short')).toBeNull();
  });
});
