// The distributed gateway in-process: its own routes, forwarding to stand-in services
// (real HTTP and websocket servers on loopback), and quick 503s for unreachable ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { InProcessEventBus } from '@frenly/events';
import { JsonLogger, createServiceApp, identityTokensFor } from '@frenly/platform';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import request from 'supertest';
import { WebSocket, WebSocketServer } from 'ws';
import { commonVars, loadConfig } from '@frenly/config';
import { identityVars } from '../src/config/gateway.config.js';
import { identitySettingsFrom } from '../src/config/identity-settings.js';
import { GatewayModule } from '../src/gateway.module.js';
import { downstreamReadinessChecks } from '../src/routing/downstream-readiness.js';
import { installGatewayProxy, type DownstreamUrls } from '../src/routing/gateway-proxy.js';

interface SeenRequest {
  method: string;
  url: string;
  requestId: string | undefined;
  body: string;
}

/** A stand-in for a downstream service: records what reaches it, echoes it, answers /health/ready. */
function standIn(name: string, seen: SeenRequest[], instance = name): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/health/ready') {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ status: 'ready', service: name, checks: {} }));
        return;
      }
      if (req.url?.includes('silent')) return; // accepts the request and never answers
      const requestId = req.headers['x-request-id'];
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        requestId: typeof requestId === 'string' ? requestId : undefined,
        body,
      });
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'X-Request-Id': String(requestId),
        'X-Seen-Forwarded-For': String(req.headers['x-forwarded-for']),
        'X-Seen-Connection-Header': String(req.headers['x-hop'] ?? 'none'),
        'Keep-Alive': 'timeout=77',
        'X-Instance': instance,
      });
      res.end(JSON.stringify({ servedBy: name, url: req.url, body }));
    });
  });
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

/** A port nothing listens on: bound, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe('gateway, distributed mode', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let app: NestExpressApplication;
  let gatewayUrl: string;
  const seenBySearch: SeenRequest[] = [];
  const seenByLedger: SeenRequest[] = [];
  const search = standIn('search', seenBySearch, 'search-1');
  const searchTwo = standIn('search', seenBySearch, 'search-2');
  const ledger = standIn('ledger', seenByLedger);
  const realtime = createServer((_req, res) => res.writeHead(200).end('{"status":"ready"}'));
  const sockets = new WebSocketServer({ server: realtime, path: '/ws' });
  sockets.on('connection', (socket, req) =>
    socket.send(JSON.stringify({ hello: 'from realtime', requestId: req.headers['x-request-id'] })),
  );

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_gateway');
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    // Search runs as two instances plus one that is down: the gateway spreads and fails over.
    const urls = {
      search: [await listen(search), await listen(searchTwo), await closedPortUrl()],
      ledger: await listen(ledger),
      analysis: await closedPortUrl(),
      realtime: await listen(realtime),
    } satisfies DownstreamUrls;
    const logger = new JsonLogger({ service: 'gateway', level: 'silent' });
    app = await createServiceApp({
      service: 'gateway',
      logger,
      modules: [
        GatewayModule.forRoot({
          db: database.db,
          bus: new InProcessEventBus(),
          identityTokens: identityTokensFor({}),
          mode: 'distributed',
          version: '9.9.9',
          identity: identitySettingsFrom(
            loadConfig(
              { NODE_ENV: commonVars.NODE_ENV, ...identityVars },
              { FRENLY_DEV_IDP: 'off' },
            ),
            {
              internalUrl: 'http://127.0.0.1:1',
            },
          ),
          ledgerUrl: urls.ledger,
        }),
      ],
      checks: downstreamReadinessChecks(urls, 500),
      configure: (nest) => installGatewayProxy(nest, urls, logger, { idleTimeoutMs: 1_000 }),
    });
    await app.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
    sockets.close();
    await Promise.all(
      [search, searchTwo, ledger, realtime].map(
        (server) => new Promise((resolve) => server.close(resolve)),
      ),
    );
  });

  it('serves /api/meta itself, with the installation created at start', async () => {
    const res = await request(gatewayUrl).get('/api/meta').expect(200);
    expect(res.body).toEqual({
      installationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      mode: 'distributed',
      version: '9.9.9',
    });
    const again = await request(gatewayUrl).get('/api/meta').expect(200);
    expect(again.body.installationId).toBe(res.body.installationId);
    expect(seenBySearch).toHaveLength(0);
  });

  it('forwards an owned route with its path, query and request id', async () => {
    const res = await request(gatewayUrl)
      .get('/api/search?q=frenly%20sites')
      .set('X-Request-Id', 'fwd-1')
      .expect(200);
    expect(res.body).toMatchObject({ servedBy: 'search', url: '/api/search?q=frenly%20sites' });
    expect(res.headers['x-request-id']).toBe('fwd-1');
    expect(seenBySearch.at(-1)).toMatchObject({ method: 'GET', requestId: 'fwd-1' });
  });

  it('streams request bodies through untouched, and generates a request id when none is sent', async () => {
    const payload = '{"siteId":7,"amount":25,"type":"support"}';
    const res = await request(gatewayUrl)
      .post('/api/sites/7/vote')
      .set('Content-Type', 'application/json')
      .send(payload)
      .expect(200);
    expect(res.body).toMatchObject({ servedBy: 'ledger', url: '/api/sites/7/vote', body: payload });
    const seen = seenByLedger.at(-1);
    expect(seen?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(seen?.requestId);
  });

  it('spreads requests over the instances of a service, skipping one that is down', async () => {
    const served: string[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await request(gatewayUrl).get(`/api/search?q=spread-${i}`).expect(200);
      served.push(String(res.headers['x-instance']));
    }
    expect(new Set(served)).toEqual(new Set(['search-1', 'search-2']));
    expect(served.filter((s) => s === 'search-1').length).toBeGreaterThanOrEqual(3);
    expect(served.filter((s) => s === 'search-2').length).toBeGreaterThanOrEqual(3);
  });

  it('says who asked (X-Forwarded-For) and drops hop-by-hop headers both ways', async () => {
    const res = await request(gatewayUrl)
      .get('/api/search?q=hops')
      .set('Connection', 'keep-alive, X-Hop')
      .set('X-Hop', 'for this connection only')
      .expect(200);
    expect(res.headers['x-seen-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(res.headers['x-seen-connection-header']).toBe('none');
    expect(res.headers['keep-alive']).not.toBe('timeout=77');
  });

  it('answers 504 in the error shape when the owning service accepts but stays silent', async () => {
    const res = await request(gatewayUrl).get('/api/search/silent').set('X-Request-Id', 'slow-1');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The search service did not answer in time',
      code: 'SERVICE_TIMEOUT',
      requestId: 'slow-1',
    });
  });

  it('answers 503 in the error shape, quickly, when the owning service is unreachable', async () => {
    const started = Date.now();
    const res = await request(gatewayUrl)
      .post('/api/sites/analyze')
      .set('X-Request-Id', 'down-1')
      .send({ url: 'https://example.org' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The analysis service is unavailable',
      code: 'SERVICE_UNAVAILABLE',
      requestId: 'down-1',
    });
  });

  it('leaves paths nobody owns to the gateway, which answers 404', async () => {
    const res = await request(gatewayUrl).get('/api/sites/7').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('forwards websocket upgrades on /ws to the realtime service', async () => {
    const socket = new WebSocket(`${gatewayUrl.replace('http', 'ws')}/ws`, {
      headers: { 'X-Request-Id': 'ws-1' },
    });
    const message = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data: Buffer) => resolve(data.toString()));
      socket.once('error', reject);
    });
    socket.close();
    expect(JSON.parse(message)).toEqual({ hello: 'from realtime', requestId: 'ws-1' });
  });

  it('reports each downstream service in /health/ready', async () => {
    const res = await request(gatewayUrl).get('/health/ready').expect(503);
    expect(res.body).toEqual({
      status: 'not-ready',
      service: 'gateway',
      checks: {
        search: { status: 'up' },
        ledger: { status: 'up' },
        analysis: { status: 'down', detail: expect.stringContaining('analysis unreachable') },
        realtime: { status: 'up' },
      },
    });
  });
});
