import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small bakery's home page, as the analyzer would meet it in the wild: readable and
 * labelled, but with a countdown, a low-stock line, confirmshaming, a pre-checked opt-in and
 * an analytics tag. Served over plain HTTP on loopback.
 */
export const BAKERY_TITLE = 'Crumb & Co. — sourdough baked every morning';
export const BAKERY_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${BAKERY_TITLE.replace('&', '&amp;')}</title>
  <meta name="description" content="A neighbourhood bakery: sourdough, rye and seasonal buns, baked before dawn and delivered by bike.">
  <link rel="icon" href="/favicon.ico">
  <script async src="https://www.googletagmanager.com/gtag/js?id=G-CRUMB123"></script>
  <style>
    body { font-family: Georgia, serif; max-width: 46rem; margin: auto; padding: 1rem; color: #2b2118; }
    .offer { background: #fff4d6; padding: .75rem 1rem; border-radius: .5rem; }
  </style>
</head>
<body>
  <header>
    <nav aria-label="Main">
      <ul>
        <li><a href="/">Home</a></li>
        <li><a href="/breads">Our breads</a></li>
        <li><a href="/visit">Visit us</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <h1>Sourdough baked every morning</h1>
    <p>We are a small bakery on Mill Street. Every loaf is shaped by hand and baked in a stone
      oven before dawn. We use flour from two farms less than fifty kilometres away.</p>
    <img src="/images/loaves.jpg" alt="Six round sourdough loaves cooling on a wooden rack">
    <section class="offer" aria-labelledby="offer-title">
      <h2 id="offer-title">Weekend box</h2>
      <p>A country loaf, four cinnamon buns and a jar of our apricot jam. Offer ends in 09:59!</p>
      <p>Only 3 left in stock.</p>
      <form action="/basket" method="post">
        <label><input type="checkbox" name="newsletter" checked> Send me the weekly bread letter</label>
        <button type="submit">Add the weekend box to my basket</button>
        <a href="/no-thanks">No thanks, I don't like fresh bread</a>
      </form>
    </section>
    <h2>Visit us</h2>
    <p>Open Tuesday to Sunday, seven until two. Bring your own bag and we take ten cents off.</p>
  </main>
  <footer><p>Crumb &amp; Co., 12 Mill Street. Call us on 01234 567 890.</p></footer>
</body>
</html>`;

/**
 * A second page on the same host that leans on every trick: trackers, a cookie wall, pressure
 * messages, sneaking, tiny print and an unlabelled, unzoomable layout.
 */
export const DEALS_TITLE = 'MEGA DEALS - Crumb & Co. bread machines';
export const DEALS_HTML = `<!doctype html>
<html>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">
  <title>${DEALS_TITLE.replace('&', '&amp;')}</title>
  <meta name="description" content="Crumb deals on bread machines: today only, while stocks last.">
  <script async src="https://www.googletagmanager.com/gtag/js?id=G-DEALS1"></script>
  <script src="https://connect.facebook.net/en_US/fbevents.js"></script>
  <script src="https://static.hotjar.com/c/hotjar-12345.js?sv=6"></script>
  <script src="https://securepubads.g.doubleclick.net/tag/js/gpt.js"></script>
  <script src="https://bat.bing.com/bat.js"></script>
  <script src="https://snap.licdn.com/li.lms-analytics/insight.min.js"></script>
</head>
<body>
  <div class="cookie-consent"><p>By using this site you accept all cookies.</p><button>Accept all</button></div>
  <div><span class="countdown-timer">Sale ends in 02:14:37</span> Hurry! Deals like this never come back.</div>
  <div>Crumb-o-matic 3000</div>
  <img src="/img/machine.jpg"><img src="/img/machine-side.jpg">
  <p>Only 2 left in stock - order soon.</p>
  <p>17 people are viewing this right now</p>
  <form action="/cart" method="post">
    <input type="number" name="qty" value="1">
    <input type="checkbox" name="protect" checked> Add 3-year protection plan for $29.99
    <input type="checkbox" name="news" checked> Send me special offers and news from our partners
    <button type="submit">Add to cart</button>
    <a href="/no">No thanks, I don't want to save money</a>
  </form>
  <p>A service fee will be added at checkout.</p>
  <p style="font-size:8px">Membership renews automatically every month at $19.99 unless cancelled.</p>
  <p>To cancel your membership, please call our customer line between 9am and 11am on weekdays.</p>
  <a href="/more"><i class="icon-arrow"></i></a>
</body>
</html>`;

/**
 * The manipulative shop a new user met (issue 17): a shouting name, a superlative claim, a
 * cookie banner to click through and about 75 words of prose. What the lenses may say about
 * it is bounded by that evidence.
 */
export const SHOP_TITLE = 'MEGA DEALS';
export const SHOP_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${SHOP_TITLE}</title>
  <meta name="description" content="Unbeatable deals on everything. Prices slashed for today only!">
  <script src="https://connect.facebook.net/en_US/fbevents.js"></script>
</head>
<body>
  <div id="cookie-banner" class="cookie-banner" role="dialog" aria-label="Cookies">
    <p>We use cookies to improve your experience and show you personalised ads.</p>
    <button>Accept all cookies</button>
  </div>
  <main>
    <h1>MEGA DEALS</h1>
    <p>Hurry! Only 3 left in stock. Offer ends in 04:59!</p>
    <p>Unbeatable deals on everything: televisions, headphones, kitchen machines and garden tools.
      Every price is slashed for today only, and the discount is applied at checkout.</p>
    <p>Join millions of happy customers who already saved with us this week.</p>
    <a href="/no">No thanks, I prefer paying full price</a>
    <p>Delivery in five days. Returns within fourteen days, at your cost.</p>
  </main>
</body>
</html>`;

const FIXTURE_PAGES: Record<string, string> = {
  '/': BAKERY_HTML,
  '/deals': DEALS_HTML,
  '/shop': SHOP_HTML,
};

/** The fixture site on 127.0.0.1 (allow-listed for the analyzer by its host:port). */
export class FixtureSite {
  readonly hits: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FixtureSite> {
    const server = createServer();
    const site = new FixtureSite(server);
    server.on('request', (req, res) => {
      site.hits.push(req.url ?? '/');
      const page = FIXTURE_PAGES[req.url ?? '/'] ?? null;
      if (page) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return site;
  }

  get hostPort(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get url(): string {
    return `http://${this.hostPort}/`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
