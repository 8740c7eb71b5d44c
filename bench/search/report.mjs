// The markdown of the `search` section of docs/benchmarks.md, from bench/results/search.json.
import { byKind, bytes, markdownTable, ms, ratio, summarize } from './stats.mjs';

const n = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value));
const failedCell = (summary) =>
  summary.timeouts + (summary.errors ?? 0) === 0
    ? '0'
    : [
        summary.timeouts ? `${summary.timeouts} timed out` : '',
        summary.errors ? `${summary.errors} HTTP 500` : '',
      ]
        .filter(Boolean)
        .join(', ');
const slowness = (record) =>
  (record.timedOut ? 2e9 : record.status && record.status !== 200 ? 1e9 : 0) + record.ms;
const s = (milliseconds) => `${(milliseconds / 1000).toFixed(1)} s`;

export function renderMarkdown(result) {
  const { corpus, postgres, pglite } = result;
  const ix = postgres.indexing;
  const q = postgres.queries;
  // Summaries from the per-query records when present (failures count as timed out).
  const api = q.records
    ? {
        ...q.api,
        ...summarize(q.records),
        byKind: byKind(q.records),
        slowest: [...q.records]
          .sort((a, b) => slowness(b) - slowness(a))
          .slice(0, 8)
          .map((record) => ({ ...record, ms: Math.round(record.ms) })),
      }
    : q.api;
  const timeout = q.subset.baselineTimeoutMs;
  const requestTimeout = q.requestTimeoutMs;
  const t = (value) => ms(value, requestTimeout);
  const perMillion = (value) => bytes((value / ix.sites) * 1_000_000);
  const sizes = ix.sizes.totals;
  const sample = corpus.sample;

  const indexRows = [
    {
      step: `bulk load, secondary indexes dropped (${ix.workers} connections, ${ix.batchSize}-row json_to_recordset batches)`,
      sites: n(ix.bulk.sites),
      time: s(ix.bulk.wallMs),
      'sites/s': n(ix.bulk.sitesPerSec),
    },
    ...Object.entries(ix.bulk.indexMs).map(([name, time]) => ({
      step: `&nbsp;&nbsp;CREATE INDEX ${name}`,
      sites: '',
      time: s(time),
      'sites/s': '',
    })),
    {
      step: '&nbsp;&nbsp;lexicon rebuild (SiteRepository.rebuildLexicon)',
      sites: '',
      time: s(ix.bulk.lexiconMs),
      'sites/s': '',
    },
    {
      step: `indexes + lexicon, ${ix.workers} connections side by side (wall)`,
      sites: '',
      time: s(ix.bulk.indexAndLexiconWallMs),
      'sites/s': '',
    },
    {
      step: '**bulk total, indexes and lexicon included**',
      sites: n(ix.bulk.sites),
      time: s(ix.bulk.totalMs),
      'sites/s': `**${n(ix.bulk.sitesPerSecIncludingIndexes)}**`,
    },
  ];
  if (ix.online) {
    indexRows.push({
      step: `**online: every index live + SiteRepository.addToLexicon per batch**, on top of the ${n(ix.bulk.sites)}`,
      sites: n(ix.online.sites),
      time: s(ix.online.wallMs),
      'sites/s': `**${n(ix.online.sitesPerSec)}**`,
    });
  }
  indexRows.push({
    step: 'VACUUM ANALYZE search.sites',
    sites: '',
    time: s(ix.vacuumAnalyzeMs),
    'sites/s': '',
  });

  const sizeRows = [
    {
      relation: 'search.sites heap',
      size: bytes(sizes.heap),
      'per 1M sites': perMillion(sizes.heap),
    },
    {
      relation: 'search.sites TOAST (page text, search_vector, analysis_data)',
      size: bytes(sizes.toast),
      'per 1M sites': perMillion(sizes.toast),
    },
    ...ix.sizes.relations
      .filter((r) => r.kind === 'index' && r.name.startsWith('sites'))
      .map((r) => ({
        relation: r.name,
        size: bytes(r.bytes),
        'per 1M sites': perMillion(r.bytes),
      })),
    {
      relation: `search.lexicon (${n(sizes.lexicon_words)} words, with its trigram index)`,
      size: bytes(sizes.lexicon),
      'per 1M sites': '',
    },
    {
      relation: '**database total**',
      size: `**${bytes(sizes.database)}**`,
      'per 1M sites': perMillion(sizes.database),
    },
  ];

  const latencyRows = [
    {
      engine: `PostgreSQL 15 (service process + server)`,
      sites: n(ix.sites),
      p50: t(api.p50),
      p95: `**${t(api.p95)}**`,
      p99: t(api.p99),
      max: t(api.max),
      failed: failedCell(api),
      'queries/s': api.queriesPerSec,
      'CPU ms/query': `${api.cpuMsPerQuery.service} service + ${api.cpuMsPerQuery.postgres} PostgreSQL`,
    },
  ];
  if (pglite) {
    latencyRows.push({
      engine: 'PGlite (in process)',
      sites: n(pglite.sites),
      p50: t(pglite.api.p50),
      p95: `**${t(pglite.api.p95)}**`,
      p99: t(pglite.api.p99),
      max: t(pglite.api.max),
      failed: failedCell(pglite.api),
      'queries/s': pglite.api.queriesPerSec,
      'CPU ms/query': `${pglite.api.cpuMsPerQuery} (one process)`,
    });
  }

  const kinds = Object.keys(api.byKind);
  const kindRows = kinds.map((kind) => ({
    kind,
    queries: api.byKind[kind].count,
    [`PostgreSQL ${n(ix.sites)} p50`]: t(api.byKind[kind].p50),
    p95: t(api.byKind[kind].p95),
    failed: failedCell(api.byKind[kind]),
    ...(pglite?.api.byKind[kind]
      ? {
          [`PGlite ${n(pglite.sites)} p50`]: t(pglite.api.byKind[kind].p50),
          'p95 ': t(pglite.api.byKind[kind].p95),
        }
      : {}),
  }));

  const serial = q.subset.apiSerial;
  const baselineRows = [
    {
      method: 'search API (two-stage ranking, HTTP, one query at a time)',
      p50: t(serial.p50),
      p95: t(serial.p95),
      p99: t(serial.p99),
      timeouts: `${serial.timeouts + (serial.errors ?? 0)}/${serial.count}`,
      'p50 vs API': '1×',
      'p95 vs API': '1×',
    },
    ...Object.entries(q.subset.baselines).map(([name, b]) => ({
      method:
        name === 'ilike'
          ? "naive `ILIKE '%term%'` on title or description, top 10 by static rank + count"
          : 'plain `ts_rank_cd` over every match (GIN), top 10 + count',
      p50: ms(b.p50, timeout),
      p95: ms(b.p95, timeout),
      p99: ms(b.p99, timeout),
      timeouts: `${b.timeouts}/${b.count}`,
      'p50 vs API': ratio(b.p50, serial.p50, timeout),
      'p95 vs API': ratio(b.p95, serial.p95, timeout),
    })),
  ];

  const mix = corpus.mix.map(([kind, share]) => `${kind} ${Math.round(share * 100)}%`).join(', ');
  const goalLatency = typeof api.p95 === 'number' && api.p95 <= 50 ? 'met' : 'not met';
  const goalRate =
    Math.max(ix.bulk.sitesPerSecIncludingIndexes, ix.online?.sitesPerSec ?? 0) >= 5000
      ? 'met'
      : 'not met';

  return `
Run finished ${result.measuredAt.slice(0, 16).replace('T', ' ')} UTC. Load average over the run: mean ${result.loadAverage.mean}, max ${result.loadAverage.max} (other people's test runs share the 2 cores; every figure below is under that load). Whole run ${Math.round(result.durationS / 60)} min.

**Corpus** (\`bench/search/corpus.mjs\`, seed ${corpus.seed}, streamed in batches): ${n(ix.sites)} sites; vocabulary of ${n(corpus.vocabulary)} words (the ${n(corpus.realWords)} real words of the seed corpus, most used first, then pronounceable synthetic words), Zipfian frequencies (s = ${corpus.zipfExponent}) with a quarter of each site's words from one of 600 topics. Over a sample of ${n(sample.sampled)} sites: title ${sample.titleWords.min}–${sample.titleWords.max} words (median ${sample.titleWords.median}), description ${sample.descriptionWords.min}–${sample.descriptionWords.max} (median ${sample.descriptionWords.median}), page text ${sample.pageWords.min}–${sample.pageWords.max} (median ${sample.pageWords.median}), ${n(sample.rowBytes.mean)} bytes of JSON per site; ${Math.round(sample.analysedShare * 100)}% analysed (Frenliness, trust, analysisData), ${Math.round(sample.votedShare * 100)}% with votes, ${Math.round(sample.stakedShare * 100)}% with stakes, half the sites are pages of bigger domains.

### Bulk indexing on PostgreSQL (goal ≥ 5,000 sites/s: ${goalRate})
Rows go as one JSON parameter per batch through \`json_to_recordset\` (the service's own bulk path; COPY needs pg-copy-streams, not installed). PostgreSQL computes the generated \`search_vector\` (weighted title/domain A, description B, first 4,000 characters of page text C), \`static_rank\` and \`domain_label\` on insert either way. Load first, index after: dropping the secondary indexes, loading, and building them with \`maintenance_work_mem = ${ix.maintenanceWorkMem}\` is the faster path for a bulk load (one sorted GIN build instead of pending-list merges on every batch); the online row measures what adding sites costs while the index serves.

${markdownTable(indexRows)}

Index and table sizes (after VACUUM ANALYZE):

${markdownTable(sizeRows)}

### Query latency through \`GET /api/search\` (warm; goal p95 ≤ 50 ms at 1M: ${goalLatency})
The built service (\`services/search/dist/main.js\` at commit ${result.code?.commit ?? '?'}${result.code?.uncommittedSearchFiles ? ` with ${result.code.uncommittedSearchFiles} uncommitted search files` : ''}, distributed config, seed off, candidate window ${q.candidateLimit}, page-text tier below ${q.bodyTierBelow} head matches, ranking v${q.rankingVersion}) on the scratch database; ${n(q.warmup.count)} warm-up queries, then ${n(api.count)} measured at concurrency ${q.concurrency} (closed loop, keep-alive), limit 10. PGlite: the same service module mounted in process on a PGlite data folder (as the embedded runtime mounts it), over loopback HTTP, same queries. The mix is fixed and drawn from the corpus: ${mix}. A query unanswered after ${n(requestTimeout)} ms counts as timed out (${api.timeouts} did); the service has no statement timeout, so PostgreSQL keeps running those queries, and while they hold its 10 pool connections other searches wait and fail with HTTP 500 after the pool's 5 s connection timeout (${api.errors ?? 0} did). A failed query counts as slower than the timeout in the percentiles. ${api.zeroResults} queries with no result, ${api.corrected} answered through a typo correction. CPU per query is the service process's plus the PostgreSQL backends' CPU time over the measured run, divided by the queries; it includes the ${n(api.foreignEventsHandled)} ledger events from other people's runs that the service consumed meanwhile (it joins the shared Kafka group \`search.catalogue\`).

${markdownTable(latencyRows)}

By kind:

${markdownTable(kindRows)}

### Baselines on the same data (first ${q.subset.count} queries of the mix, one at a time, statement timeout ${timeout} ms)

${markdownTable(baselineRows)}

Slowest API queries at ${n(ix.sites)} sites: ${api.slowest
    .slice(0, 5)
    .map(
      (x) =>
        `\`${x.q}\` (${x.kind}, ${x.timedOut ? `> ${n(requestTimeout)} ms` : x.status && x.status !== 200 ? `HTTP ${x.status} after ${x.ms} ms` : `${x.ms} ms, ${n(x.total ?? 0)} results`})`,
    )
    .join('; ')}.
${
  pglite
    ? `
### PGlite at ${n(pglite.sites)} sites
Bulk load ${s(pglite.indexing.loadMs)} (${n(pglite.indexing.sitesPerSec)} sites/s), indexes ${s(pglite.indexing.indexTotalMs)}, lexicon ${s(pglite.indexing.lexiconMs)}: ${n(pglite.indexing.sitesPerSecIncludingIndexes)} sites/s all included${pglite.loadedWhilePostgresBuiltIndexes ? ' (loaded while PostgreSQL built its GIN index on the other core; queries measured alone)' : ''}; data folder ${bytes(pglite.indexing.dataDirBytes)}. Same ${n(pglite.subsetSerial.count)}-query subset one at a time: p50 ${t(pglite.subsetSerial.p50)}, p95 ${t(pglite.subsetSerial.p95)}.
`
    : ''
}
What limits these figures in the search service (with fixes measured on this corpus), and how the index grows past one server: [docs/search-scaling.md](search-scaling.md).
`;
}
