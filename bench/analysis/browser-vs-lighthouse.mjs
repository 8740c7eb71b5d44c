// Frenly's browser tier (homepage + one inner page, as the analysis job visits a site) against
// Lighthouse (accessibility + best-practices) on the same fixture pages, with the same Chromium
// (/usr/bin/chromium), in one run: median and p95 time, pages per minute, peak memory (PSS).
//
//   npx nx run @frenly/analysis:build
//   node bench/analysis/browser-vs-lighthouse.mjs [--frenly-runs 5] [--lighthouse-runs 3] [--doc]
//
// The fixture web is one plain-HTTP server on loopback answering by Host name; the tier reaches it
// through its egress proxy (FRENLY_RESOLVE `*` → that port, allow-list = that port), Lighthouse's
// Chromium through `--host-resolver-rules`. Writes bench/results/browser-tier.json and, with --doc,
// the "bench:browser-tier" section of docs/benchmarks.md. Bounded: ~5 min on a loaded 2-core box.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BrowserTier, findChromium, observeSite } from '@frenly/analysis/browser';
import { machineLine, updateSection } from '../lib/benchmarks-doc.mjs';

const loadAtStart = loadavg();
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const FRENLY_RUNS = option('--frenly-runs', 5);
const LIGHTHOUSE_RUNS = option('--lighthouse-runs', 3);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The analysis job's budget of one site: 2 × BROWSER_PAGE_BUDGET_MS (default 15 s).
const SITE_BUDGET_MS = 30_000;
const CATEGORIES = ['accessibility', 'best-practices'];

// --- the fixture web --------------------------------------------------------------------------
const SITES_DIR = new URL('../../services/analysis/test/fixtures/sites/', import.meta.url);
// Served over plain HTTP: every https:// reference becomes http:// (same hosts, same port).
const fixture = (name) =>
  readFileSync(new URL(name, SITES_DIR), 'utf8').replaceAll('https://', 'http://');
const newsWall = fixture('news-wall.html');
const BANNER =
  'position:fixed;bottom:0;left:0;right:0;background:#fff;padding:16px;border-top:1px solid #333';
const BUTTON = 'font-size:16px;padding:10px 18px;background:#0a58ca;color:#fff;border:0';
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** Host → (path → HTML, or null for 404). Any other host is a tracker/CDN answering scripts and pixels. */
const SITES = {
  // The browser tier's tag-manager shop: analytics and an ad pixel injected after load.
  'shop.test': (path) => {
    if (path === '/tags.js')
      return {
        type: 'text/javascript',
        body: `addEventListener('load', () => setTimeout(() => {
        const s = document.createElement('script'); s.src = 'http://www.google-analytics.com/analytics.js';
        document.head.appendChild(s); new Image().src = 'http://www.facebook.com/tr?id=123&ev=PageView'; }, 50));`,
      };
    const title = path === '/about' ? 'About the shop' : 'Shop';
    return {
      body: page(
        title,
        `<main><h1>${title}</h1><p>Handmade bags.</p><p><a href="/about">About us</a></p></main><script src="/tags.js"></script>`,
      ),
    };
  },
  // A shop with a Complianz consent banner: reject only behind "Manage options", analytics before any choice.
  'consent-shop.test': (path) => {
    if (path !== '/' && path !== '/product') return { status: 204 };
    const title = path === '/' ? 'Consent shop' : 'Product';
    return {
      body: page(
        title,
        `<main><h1>${title}</h1><p><a href="/product">Our bestseller</a></p>
      <form><label><input type="checkbox" name="insurance" checked> Add insurance (+€4.99)</label> <button>Buy</button></form></main>
      <div id="cmplz-cookiebanner-container"><div class="cmplz-cookiebanner" style="${BANNER}">
        <p>We use cookies to improve your experience and for marketing.</p>
        <button class="cmplz-accept" style="${BUTTON}">Accept all</button>
        <button class="cmplz-view-preferences" style="${BUTTON}" onclick="document.getElementById('prefs').hidden = false">Manage options</button>
        <div id="prefs" hidden><button class="cmplz-deny" style="${BUTTON}">Deny</button></div>
      </div></div><script src="http://www.google-analytics.com/analytics.js"></script>`,
      ),
    };
  },
  // The news fixture (cookie wall, ad script, analytics); its inner pages are articles like it.
  'news.test': (path) => (['/', '/politics', '/city'].includes(path) ? { body: newsWall } : null),
};

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const server = createServer((request, response) => {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  const path = (request.url ?? '/').split('?')[0];
  const site = SITES[host];
  if (!site) {
    if (path.endsWith('.js'))
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end('/* vendor */');
    return response.writeHead(200, { 'content-type': 'image/gif' }).end(GIF);
  }
  const answer = site(path);
  if (!answer) return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  if (answer.status) return response.writeHead(answer.status).end();
  response
    .writeHead(200, { 'content-type': `${answer.type ?? 'text/html'}; charset=utf-8` })
    .end(answer.body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;
const HOMEPAGES = Object.keys(SITES).map((host) => `http://${host}/`);

// --- measuring ----------------------------------------------------------------------------------
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
const stats = (values) => ({
  n: values.length,
  medianMs: round(percentile(values, 50)),
  p95Ms: round(percentile(values, 95)),
});

/** PIDs of every process below ours (Chromium's browser, zygotes, renderers, GPU/utility…). */
function descendants(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  const out = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift();
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}
/** PSS (KiB) of one process and everything below it. */
function treePssKiB(root, pids = [root, ...descendants(root)]) {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (match) total += Number(match[1]);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}
/**
 * Samples every 250 ms, until stopped, the peak PSS (MiB) of Lighthouse's Chromium tree (below
 * `lighthousePid()`, when there is one) and of every other process below ours (the tier's Chromium).
 */
function memorySampler(lighthousePid = () => null) {
  const peak = { frenly: 0, lighthouse: 0 };
  const sample = () => {
    const lh = lighthousePid();
    const lhTree = lh ? [lh, ...descendants(lh)] : [];
    const others = descendants(process.pid).filter((pid) => !lhTree.includes(pid));
    peak.frenly = Math.max(peak.frenly, treePssKiB(0, others));
    if (lh) peak.lighthouse = Math.max(peak.lighthouse, treePssKiB(lh, lhTree));
  };
  const timer = setInterval(sample, 250);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { frenly: round(peak.frenly / 1024), lighthouse: round(peak.lighthouse / 1024) };
    },
  };
}

const chromium = findChromium(CHROMIUM);
if (!chromium.found) throw new Error(`needs Chromium: ${chromium.reason}`);
const tierOptions = (poolSize) => ({
  chromiumPath: chromium.path,
  poolSize,
  pageBudgetMs: SITE_BUDGET_MS / 2,
  allowList: [`127.0.0.1:${port}`],
  resolve: [`*=127.0.0.1:${port}`],
});

// --- one browser each, one page at a time, interleaved site by site --------------------------------
// Both browsers stay open; each round visits a site with the tier, then audits its two pages with
// Lighthouse, so that the two tools share the (changing) load of this shared machine.
const frenly = { perSite: {}, siteTimes: [], pagesTimedOut: 0, pagesNotSettled: 0, innerPage: {} };
const lighthouse = { perPage: {}, pageTimes: [], pairTimes: [] };
const loadPerRound = [];
{
  const { default: runLighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  lighthouse.version = JSON.parse(
    readFileSync(new URL('../../node_modules/lighthouse/package.json', import.meta.url), 'utf8'),
  ).version;
  const userDataDir = mkdtempSync(join(tmpdir(), 'frenly-bench-lh-'));
  let chrome = null;
  const memory = memorySampler(() => chrome?.pid ?? null);
  const tier = new BrowserTier(tierOptions(1));
  try {
    const launchStarted = performance.now();
    await observeSite(tier, HOMEPAGES[0], SITE_BUDGET_MS); // warm-up: launches Chromium
    frenly.firstVisitWithLaunchMs = round(performance.now() - launchStarted);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      userDataDir,
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        `--host-resolver-rules=MAP * 127.0.0.1:${port}`,
      ],
    });
    const audit = async (url) => {
      const t0 = performance.now();
      const result = await runLighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
      lighthouse.audits = Object.keys(result.lhr.audits).length;
      return performance.now() - t0;
    };
    await audit(HOMEPAGES[0]); // warm-up, as for the tier
    for (let run = 0; run < Math.max(FRENLY_RUNS, LIGHTHOUSE_RUNS); run++) {
      loadPerRound.push(round(loadavg()[0], 2));
      for (const url of HOMEPAGES) {
        if (run < FRENLY_RUNS) {
          const t0 = performance.now();
          const site = await observeSite(tier, url, SITE_BUDGET_MS);
          const ms = performance.now() - t0;
          if (!site.innerPage)
            throw new Error(`no inner page for ${url}: ${site.innerPageSkipped}`);
          (frenly.perSite[url] ??= []).push(ms);
          frenly.siteTimes.push(ms);
          // A page that hit its budget would make the time the budget's, not the work's: count them.
          frenly.pagesTimedOut += [site.homepage, site.innerPage].filter((p) => p.timedOut).length;
          frenly.pagesNotSettled += [site.homepage, site.innerPage].filter(
            (p) => !p.networkSettled,
          ).length;
          frenly.innerPage[url] = site.homepage.innerLinks[0];
        }
        if (run < LIGHTHOUSE_RUNS) {
          const inner = frenly.innerPage[url]; // the inner page the tier chose
          const homeMs = await audit(url);
          const innerMs = await audit(inner);
          (lighthouse.perPage[url] ??= []).push(homeMs);
          (lighthouse.perPage[inner] ??= []).push(innerMs);
          lighthouse.pageTimes.push(homeMs, innerMs);
          lighthouse.pairTimes.push(homeMs + innerMs);
        }
      }
    }
    // Interleaved, so "per minute" is pages ÷ the time spent on them, not the loop's wall time.
    const sum = (values) => values.reduce((a, b) => a + b, 0);
    frenly.pagesPerMinute = round(
      ((frenly.siteTimes.length * 2) / sum(frenly.siteTimes)) * 60_000,
      1,
    );
    lighthouse.pagesPerMinute = round(
      (lighthouse.pageTimes.length / sum(lighthouse.pageTimes)) * 60_000,
      1,
    );
  } finally {
    await tier.close();
    await chrome?.kill();
    const peaks = memory.stop();
    frenly.peakPssMiB = peaks.frenly;
    lighthouse.peakPssMiB = peaks.lighthouse;
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

// --- Frenly: two browsers in parallel (one per core) ---------------------------------------------
{
  const tier = new BrowserTier(tierOptions(2));
  const memory = memorySampler();
  try {
    await Promise.all([
      observeSite(tier, HOMEPAGES[0], SITE_BUDGET_MS),
      observeSite(tier, HOMEPAGES[1], SITE_BUDGET_MS),
    ]); // launch both
    const queue = [...HOMEPAGES, ...HOMEPAGES];
    const started = performance.now();
    await Promise.all(
      [0, 1].map(async () => {
        for (let url = queue.shift(); url; url = queue.shift())
          await observeSite(tier, url, SITE_BUDGET_MS);
      }),
    );
    frenly.parallel = {
      sites: HOMEPAGES.length * 2,
      pagesPerMinute: round(((HOMEPAGES.length * 4) / (performance.now() - started)) * 60_000, 1),
    };
  } finally {
    await tier.close();
    frenly.parallel.peakPssMiB = memory.stop().frenly;
  }
}
server.close();
const loadAtEnd = loadavg();

// --- report ---------------------------------------------------------------------------------------
const site = stats(frenly.siteTimes);
const lhPage = stats(lighthouse.pageTimes);
const lhPair = stats(lighthouse.pairTimes);
const speedup = round(lhPair.medianMs / site.medianMs, 1);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rows = [
  '| | Frenly browser tier | Lighthouse ' +
    lighthouse.version +
    ' (' +
    CATEGORIES.join(' + ') +
    ') |',
  '| --- | --- | --- |',
  `| per site (homepage + inner page), median / p95 | **${seconds(site.medianMs)}** / ${seconds(site.p95Ms)} (n=${site.n}) | ${seconds(lhPair.medianMs)} / ${seconds(lhPair.p95Ms)} (n=${lhPair.n}) |`,
  `| per page, median / p95 | — (the tier visits a site as one job) | ${seconds(lhPage.medianMs)} / ${seconds(lhPage.p95Ms)} (n=${lhPage.n}) |`,
  `| pages per minute, one browser, one page at a time | ${frenly.pagesPerMinute} | ${lighthouse.pagesPerMinute} |`,
  `| pages per minute, two browsers in parallel (2 cores) | ${frenly.parallel.pagesPerMinute} (${frenly.parallel.sites} sites) | not measured (Lighthouse audits one page at a time per process) |`,
  `| peak PSS of the Chromium process tree, one browser | ${frenly.peakPssMiB} MiB | ${lighthouse.peakPssMiB} MiB |`,
  `| peak PSS, two browsers | ${frenly.parallel.peakPssMiB} MiB | — |`,
];
const perSite = HOMEPAGES.map((url) => {
  const s = stats(frenly.perSite[url]);
  const inner = frenly.innerPage[url];
  const h = stats(lighthouse.perPage[url]);
  const i = stats(lighthouse.perPage[inner]);
  return `| ${url} → ${new URL(inner).pathname} | ${seconds(s.medianMs)} / ${seconds(s.p95Ms)} | ${seconds(h.medianMs)} | ${seconds(i.medianMs)} |`;
});
const goal = (ok) => (ok ? 'met' : '**not met**');
const body = [
  `**The machine was shared and loaded**: load average ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min) at start and ${loadAtEnd.map((l) => l.toFixed(2)).join(' / ')} at the end, on 2 cores, with other engineers' builds and tests running (1-minute load at the start of each round: ${loadPerRound.join(', ')}). The two tools ran interleaved site by site, so they shared that load; the ratio means more than the absolute times, which an idle machine would make shorter.`,
  '',
  ...rows,
  '',
  '| site | Frenly per site, median / p95 | Lighthouse homepage, median | Lighthouse inner page, median |',
  '| --- | --- | --- | --- |',
  ...perSite,
  '',
  `Goals of issue 14: median ≤ 5 s per site (homepage + inner page): ${seconds(site.medianMs)}, ${goal(site.medianMs <= 5000)}; ≥ 3× faster than Lighthouse on the same two pages: ${speedup}×, ${goal(speedup >= 3)}.`,
  '',
  `- Same Chromium (${CHROMIUM}) for both, same fixture pages in the same run, served over plain HTTP on loopback (one server answering by Host name; tracker and CDN hosts answer an empty script or a pixel). Sites: the tag-manager shop of the browser-tier tests, a shop with a Complianz consent banner (reject behind "Manage options", analytics before consent, a pre-ticked add-on), and services/analysis/test/fixtures/sites/news-wall.html (cookie wall, ad and analytics scripts).`,
  `- Frenly: \`observeSite\` from \`@frenly/analysis/browser\` (the built package), as the analysis job calls it — homepage, then the first same-site link of the rendered DOM, ${SITE_BUDGET_MS / 1000} s budget per site, through the egress proxy (FRENLY_RESOLVE \`*\` → the fixture port). Each visit records requests, cookies, trackers, fingerprinting, key logging, session recording, axe-core, the design probes and a homepage screenshot. ${FRENLY_RUNS} timed visits per site after one warm-up visit (browser launch + first visit: ${seconds(frenly.firstVisitWithLaunchMs)}, not counted). Pages that hit their budget: ${frenly.pagesTimedOut} of ${frenly.siteTimes.length * 2}; pages whose network had not settled when recorded: ${frenly.pagesNotSettled}.`,
  `- Lighthouse: ${LIGHTHOUSE_RUNS} runs per page (homepage and the inner page the tier chose) in one Chromium launched by chrome-launcher (launch not counted, one warm-up audit not counted), onlyCategories ${CATEGORIES.join(' + ')} (${lighthouse.audits} audits): no tracker attribution, no consent or manipulative-design checks. "Per site" = homepage + inner page audits of the same run.`,
  '- Pages per minute, one browser: timed pages ÷ the time spent on them (the tools alternate, one page at a time, the other browser idle). Two browsers: the tier with BROWSER_POOL_SIZE=2, two sites at a time, 2 rounds of every site (launch not counted). With the 2 cores already busy with other work (load average above 2), a second browser competes for the same CPU instead of adding one, so this figure says little about an idle 2-core worker.',
  "- Memory: the summed PSS (/proc/<pid>/smaps_rollup) of each browser's process tree (Lighthouse's: the Chromium chrome-launcher started and everything below it; the tier's: every other process below the benchmark), sampled every 250 ms; peak reported. The egress proxy runs inside the Node process and is not counted.",
  '- Percentiles are nearest-rank on few runs: the p95 is the slowest or second-slowest run.',
].join('\n');
console.log(`\n${machineLine(loadAtStart[0])}\n\n${body}\n`);

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/browser-tier.json', import.meta.url),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machineLine(loadAtStart[0]), loadAtStart, loadAtEnd, frenly, lighthouse, goals: { siteMedianMs: site.medianMs, speedup } }, null, 2)}\n`,
);
if (flag('--doc'))
  updateSection(
    'browser-tier',
    'Browser tier vs Lighthouse (homepage + inner page)',
    'node bench/analysis/browser-vs-lighthouse.mjs --doc',
    body,
    { loadAtStart: loadAtStart[0] },
  );
