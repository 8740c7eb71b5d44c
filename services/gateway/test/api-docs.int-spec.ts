// /api/docs: the gateway itself serves the committed API documents and Swagger UI on them,
// also in distributed mode where every service route is forwarded (here to nowhere).
import { readFile } from 'node:fs/promises';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { startGateway, type GatewayUnderTest } from './support/gateway-harness.js';

const committed = (name: string) =>
  readFile(new URL(`../../../docs/api/${name}`, import.meta.url), 'utf8');
// Nothing listens on port 9: a request forwarded there would answer 503, not the document.
const NOWHERE = 'http://127.0.0.1:9';

describe('GET /api/docs through the gateway', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_docs');
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 2 });
    gateway = await startGateway({
      db: database.db,
      ledgerUrl: NOWHERE,
      downstream: { search: NOWHERE, ledger: NOWHERE, analysis: NOWHERE, realtime: NOWHERE },
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('serves Swagger UI whose scripts and styles all load', async () => {
    const page = await fetch(`${gateway.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('id="swagger-ui"');
    // No inline script: a script-src 'self' policy allows the page; only data: images are added.
    expect(html).not.toMatch(/<script>/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(
      expect.arrayContaining(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/init.js']),
    );
    for (const asset of assets) {
      const res = await fetch(`${gateway.url}${asset}`);
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${gateway.url}/api/docs/assets/init.js`)).text();
    expect(init).toContain("url: '/api/docs/openapi.json'");
  });

  it('serves the committed OpenAPI document, listing the forwarded routes too', async () => {
    const res = await fetch(`${gateway.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(text).toBe(await committed('openapi.json'));
    const document = JSON.parse(text) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/search', '/api/stakes', '/api/docs']),
    );
  });

  it('serves the committed AsyncAPI document', async () => {
    const res = await fetch(`${gateway.url}/api/docs/asyncapi.json`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toBe(await committed('asyncapi.json'));
    expect(JSON.parse(text)).toMatchObject({
      asyncapi: '3.0.0',
      channels: { 'ledger.stake-placed': { address: 'ledger.stake-placed' } },
    });
  });

  it('answers an unknown asset with a 404 in the JSON error shape', async () => {
    const res = await fetch(`${gateway.url}/api/docs/assets/..%2F..%2Fpackage.json`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
