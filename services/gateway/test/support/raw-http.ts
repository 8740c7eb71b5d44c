import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * Sends a request whose body goes out in `chunks` (chunked transfer encoding unless a
 * Content-Length header is given), the way fetch cannot: a server may answer before the body
 * is complete, and the answer counts even if the connection is then cut.
 */
export function sendRaw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: readonly Buffer[] },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers });
    let settled = false;
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      const done = () => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      };
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.on('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    const chunks = options.chunks ?? [];
    const writeNext = (index: number): void => {
      if (index >= chunks.length || req.destroyed) return void req.end();
      req.write(chunks[index], () => setImmediate(() => writeNext(index + 1)));
    };
    writeNext(0);
  });
}

/** A TCP relay in front of a server (Redis) that a test can cut to simulate an outage. */
export class TcpRelay {
  private readonly sockets = new Set<Socket>();
  private server?: Server;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on `port` (default: a free one); start again after stop() to bring the server "back". */
  async start(port = 0): Promise<number> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  /** Cuts every connection and refuses new ones. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    this.server = undefined;
  }
}
