import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_CALL_HEADER } from '@frenly/platform';

/** One request a stand-in saw. */
export interface SeenRequest {
  path: string | undefined;
  token: string | undefined;
  body: unknown;
}

/** Another service (search, the ledger) on loopback, answering every request with `status` and `body`. */
export interface ServiceStandIn {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function startStandIn(status: number, body: string): Promise<ServiceStandIn> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const token = req.headers[INTERNAL_CALL_HEADER];
      seen.push({ path: req.url, token: String(token), body: JSON.parse(raw || 'null') });
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Stand-ins for the specs of a describe block, each closed after its test; `closedUrl` is a port
 * nothing listens on (a stand-in started and closed again).
 */
export function serviceStandIns(): {
  standIn(status: number, body: string): Promise<ServiceStandIn>;
  closedUrl(): Promise<string>;
} {
  const open: ServiceStandIn[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((standIn) => standIn.close()));
  });
  return {
    async standIn(status, body) {
      const standIn = await startStandIn(status, body);
      open.push(standIn);
      return standIn;
    },
    async closedUrl() {
      const standIn = await startStandIn(200, '{}');
      await standIn.close();
      return standIn.url;
    },
  };
}
