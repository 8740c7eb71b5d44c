// A generated fixture web for the pipeline benchmark: N sites served by one loopback server,
// told apart by Host (FRENLY_RESOLVE `*.bench.test=127.0.0.1:PORT`). Each site's page is built
// from known parts — trackers, manipulative designs, accessibility faults — so what its card
// must say is known; some sites close themselves with robots.txt, some are slow, some broken.
import { createServer } from 'node:http';

export const TOPICS = [
  'garden',
  'python',
  'travel',
  'cooking',
  'music',
  'cycling',
  'astronomy',
  'knitting',
  'chess',
  'photography',
];

const TRACKERS = [
  {
    name: 'google-analytics',
    tag: '<script async src="https://www.google-analytics.com/analytics.js"></script>',
  },
  {
    name: 'facebook',
    tag: '<script async src="https://connect.facebook.net/en_US/fbevents.js"></script>',
  },
  {
    name: 'doubleclick',
    tag: '<script async src="https://securepubads.g.doubleclick.net/tag/js/gpt.js"></script>',
  },
  {
    name: 'hotjar',
    tag: '<script async src="https://static.hotjar.com/c/hotjar-123.js?sv=6"></script>',
  },
];

const DARK = [
  {
    name: 'countdown',
    html: '<p class="urgent">Sale ends in 02:14:37 Hurry! Deals like this never come back.</p>',
  },
  { name: 'confirmshaming', html: "<button>No thanks, I don't want to save money</button>" },
  { name: 'low-stock', html: '<p>Only 2 left in stock - order soon.</p>' },
  {
    name: 'pre-checked',
    html: '<label><input type="checkbox" checked> Send me special offers and news from our partners</label>',
  },
];

const A11Y_FAULTS =
  '<img src="/hero.jpg"><img src="/team.jpg"><form><input type="text" name="q"><input type="email"></form>';

/** Deterministic site list: the i-th site's traits follow from i. */
export function generateSites(count) {
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length];
    const trackers = TRACKERS.filter((_, t) => (i >> t) % 3 === 0 && i % 4 !== 0);
    const dark = DARK.filter((_, d) => (i + d) % 5 === 0);
    const kind =
      i % 20 === 7
        ? 'robots-closed'
        : i % 20 === 13
          ? 'slow'
          : i % 40 === 19
            ? 'broken'
            : i % 40 === 39
              ? 'server-error'
              : 'normal';
    return {
      host: `site-${i}.bench.test`,
      topic,
      title: `${capitalise(topic)} corner ${i}`,
      trackers: trackers.map((t) => t.name),
      dark: dark.map((d) => d.name),
      a11yFaults: i % 3 === 1,
      kind,
      html: page(i, topic, trackers, dark, i % 3 === 1),
    };
  });
}

function page(i, topic, trackers, dark, faults) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${capitalise(topic)} corner ${i}</title>
<meta name="description" content="Notes about ${topic} from corner ${i}.">${trackers.map((t) => t.tag).join('')}</head>
<body><header><nav><a href="/about">About</a> <a href="/notes">Notes</a></nav></header>
<main><h1>${capitalise(topic)} corner ${i}</h1><p>Everything we learnt about ${topic}, written down plainly for neighbours and friends.</p>
${dark.map((d) => d.html).join('\n')}${faults ? A11Y_FAULTS : '<img src="/hero.jpg" alt="Our workshop">'}
</main><footer><p>Contact: corner${i}@example.org</p></footer></body></html>`;
}

function capitalise(word) {
  return word[0].toUpperCase() + word.slice(1);
}

/** Serves the sites; returns { port, hits, close }. */
export async function serveFixtureWeb(sites, { slowMs = 4_000 } = {}) {
  const byHost = new Map(sites.map((site) => [site.host, site]));
  const hits = new Map();
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = (req.url ?? '/').split('?')[0];
    hits.set(`${host} ${path}`, (hits.get(`${host} ${path}`) ?? 0) + 1);
    const site = byHost.get(host);
    if (!site) return void res.writeHead(404).end();
    if (site.kind === 'broken') return void req.socket.destroy();
    const answer = () => {
      if (site.kind === 'server-error') return void res.writeHead(500).end('down for maintenance');
      if (path === '/robots.txt') {
        const rules =
          site.kind === 'robots-closed'
            ? 'User-agent: *\nDisallow: /\n'
            : 'User-agent: *\nDisallow: /private/\n';
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end(rules);
      }
      if (path === '/')
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(site.html);
      if (path === '/about' || path === '/notes') {
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><head><title>${site.title}: ${path.slice(1)}</title></head><body><main><p>More about ${site.topic}.</p></main></body></html>`,
          );
      }
      res.writeHead(404).end();
    };
    if (site.kind === 'slow') setTimeout(answer, slowMs);
    else answer();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
