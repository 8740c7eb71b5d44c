// The analyze request's site id on the distributed topology (each service its own process, on
// a Kafka of the test's own): a URL never seen before gets its site id in the first answer,
// with Kafka down, so no search.site-indexed can reach the analysis service. The id comes from
// search's internal route, which the gateway never forwards and which only a service may call.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiUser,
  DistributedTopology,
  startPrivateKafka,
  waitFor,
  type PrivateServer,
} from '@frenly/testing';
import pg from 'pg';

describe('POST /api/sites/analyze on the distributed topology, Kafka down', () => {
  let kafka: PrivateServer;
  let topology: DistributedTopology;
  let db: pg.Pool;
  let user: ApiUser;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Never seen before</title>
        <meta name="description" content="A site the catalogue does not know yet"></head>
        <body><main><h1>Hello</h1><p>Plain, honest content.</p></main></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    kafka = await startPrivateKafka();
    topology = await DistributedTopology.start({
      infra: { kafkaBrokers: kafka.url },
      env: {
        FRENLY_FETCH_ALLOWLIST: new URL(siteUrl).host,
        BROWSER_POOL_SIZE: '0',
        SEARCH_AUTO_CRAWL: 'false',
      },
    });
    db = new pg.Pool({ connectionString: topology.database.url, max: 2 });
    user = await ApiUser.signIn(topology.url, 'Ada Catalogue');
  }, 300_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    // Kafka back first, so that every service drains its outbox and stops in time.
    await kafka?.start().catch(() => undefined);
    await topology?.stop();
    await kafka?.close();
    await new Promise((resolve) => site?.close(resolve));
  }, 120_000);

  it('answers the first analysis of a new URL with its catalogue site id; site.indexed follows once Kafka is back', async () => {
    await kafka.stop();

    const res = await user.call('POST', '/api/sites/analyze', { url: siteUrl });
    const body = (await res.json()) as { site?: { id?: number; title?: string } };

    expect([res.status, body.site?.title]).toEqual([200, 'Never seen before']);
    const siteId = body.site!.id!;
    const catalogued = await db.query<{ id: number; site_id: number | null; source: string }>(
      'select id, site_id, source from search.sites where url = $1',
      [siteUrl],
    );
    expect(catalogued.rows).toEqual([{ id: siteId, site_id: null, source: 'analysis' }]);
    // The announcement is written but could not be sent: the id did not come through Kafka.
    const announcement = () =>
      db.query<{ published: boolean }>(
        `select published_at is not null as published from search.outbox
         where topic = 'search.site-indexed' and payload->>'url' = $1`,
        [siteUrl],
      );
    expect((await announcement()).rows).toEqual([{ published: false }]);
    const known = await db.query('select site_id from analysis.site_refs where url = $1', [
      siteUrl,
    ]);
    expect(known.rows).toEqual([{ site_id: siteId }]);

    // Asking again is answered from the analysis (cached) with the same id.
    const again = await user.call('POST', '/api/sites/analyze', { url: siteUrl });
    expect(await again.json()).toMatchObject({ cached: true, site: { id: siteId } });

    // The Kafka path is kept for everything else: the announcement goes out once Kafka is back.
    await kafka.start();
    await waitFor(
      async () => ((await announcement()).rows[0]?.published ? true : undefined),
      60_000,
      200,
      'search.site-indexed to be published',
    );
  }, 120_000);

  it("keeps search's internal route out of reach: the gateway does not forward it, and search refuses a caller without a service token", async () => {
    const body = { url: 'https://intruder.example/', title: 'Intruder' };
    const viaGateway = await user.call('POST', '/internal/site-ids', body);
    expect(viaGateway.status).toBe(404);
    const direct = await fetch(`${topology.instance('search').url}/internal/site-ids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(direct.status).toBe(401);
    const rows = await db.query('select 1 from search.sites where url = $1', [body.url]);
    expect(rows.rowCount).toBe(0);
  });
});
