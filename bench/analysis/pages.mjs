// Deterministic benchmark pages of a target size, built from the analyzer's fixture sites: a
// shop head with trackers, product listings, article prose, a consent banner and dark patterns,
// repeated until the page reaches the size. The same bytes every run.
import { readFileSync } from 'node:fs';

const fixture = (name) =>
  readFileSync(
    new URL(`../../services/analysis/test/fixtures/sites/${name}.html`, import.meta.url),
    'utf8',
  );
const between = (text, start, end) =>
  text.slice(text.indexOf(start) + start.length, text.indexOf(end));

export function buildPage(targetBytes) {
  const shop = fixture('dark-shop');
  const plain = fixture('plain-shop');
  const news = fixture('news-wall');
  const blog = fixture('friendly-blog');
  const head = between(shop, '<head>', '</head>');
  const products = between(plain, '<main>', '</main>');
  const article = between(blog, '<main id="content">', '</main>');
  const prose = between(
    news,
    '<h1>Transport committee decides on reorganisation</h1>',
    '<div class="ad-slot"',
  );
  const banner = between(shop, '<body>', '<h1>');
  const blocks = [products, article, prose];
  let body = '';
  let i = 0;
  const opening = `<!doctype html><html lang="en"><head>${head}</head><body>${banner}<main>`;
  const closing = '</main><footer><p>Benchmark page</p></footer></body></html>';
  while (opening.length + body.length + closing.length < targetBytes) {
    body += `<section id="s${i}">${blocks[i % blocks.length].replaceAll(' id="', ` data-i="${i}" id="`)}</section>\n`;
    i++;
  }
  return opening + body + closing;
}
