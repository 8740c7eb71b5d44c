import {
  Agent,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';

/** Why a forward failed: the downstream refused or dropped the connection, or stayed silent too long. */
export type ForwardFailure = Error & { code?: string };

export interface HttpForwarderOptions {
  /**
   * The instances of the service, e.g. `http://127.0.0.1:3002`; the request's own path and
   * query are kept. Requests go round-robin to the instances not recently found unreachable.
   */
  readonly targets: readonly string[];
  /** A downstream that accepts the request but sends nothing back for this long fails with ETIMEDOUT. */
  readonly idleTimeoutMs: number;
  /** Called at most once per request, before anything was sent back to the client or after. */
  readonly onError: (error: ForwardFailure, req: IncomingMessage, res: ServerResponse) => void;
  /**
   * A request body that streams past this many bytes (a chunked one: a declared Content-Length
   * is checked before forwarding) stops being forwarded, the downstream request is aborted and
   * `onBodyTooLarge` answers instead of `onError`.
   */
  readonly maxBodyBytes?: number;
  readonly onBodyTooLarge?: (req: IncomingMessage, res: ServerResponse) => void;
}

export type HttpForwarder = (req: IncomingMessage, res: ServerResponse) => void;

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never forwarded.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
];

/**
 * Forwards one HTTP request to a downstream service over a pooled keep-alive connection and
 * streams the answer back: the request body is piped untouched (the gateway forwards before
 * parsing bodies), hop-by-hop headers are dropped, and X-Forwarded-For/-Proto/-Host say who
 * asked. A lean replacement for a general proxy library on the hottest path of the gateway.
 */
export function createHttpForwarder(options: HttpForwarderOptions): HttpForwarder {
  const instances = new InstancePicker(options.targets);
  const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
  return (req, res) => {
    let failed = false;
    const fail = (error: ForwardFailure): void => {
      if (failed) return;
      failed = true;
      options.onError(error, req, res);
    };
    // A request without a body can be tried on another instance when one refuses the connection.
    const retriable = req.method === 'GET' || req.method === 'HEAD';
    const attempt = (target: URL, triesLeft: number): void => {
      const upstream = request({
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
        agent,
        timeout: options.idleTimeoutMs,
      });
      let answered = false;
      upstream.on('timeout', () =>
        upstream.destroy(
          Object.assign(new Error(`no answer within ${options.idleTimeoutMs} ms`), {
            code: 'ETIMEDOUT',
          }),
        ),
      );
      upstream.on('error', (error: ForwardFailure) => {
        if (!answered && UNREACHABLE_CODES.has(error.code ?? '')) {
          instances.markDown(target);
          const next = retriable && triesLeft > 0 ? instances.next() : undefined;
          if (next && next.href !== target.href) return attempt(next, triesLeft - 1);
        }
        fail(error);
      });
      upstream.on('response', (answer) => {
        answered = true;
        res.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          withoutHopByHop(answer.headers),
        );
        answer.on('error', fail);
        answer.pipe(res);
      });
      // The client went away before the answer was complete: stop the downstream work too.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      if (retriable) upstream.end();
      else {
        req.on('error', (error) => upstream.destroy(error));
        if (options.maxBodyBytes !== undefined) {
          whenBodyExceeds(req, options.maxBodyBytes, () => {
            failed = true; // the abort below is ours, not the downstream's failure
            req.unpipe(upstream);
            upstream.destroy();
            options.onBodyTooLarge?.(req, res);
          });
        }
        req.pipe(upstream);
      }
    };
    attempt(instances.next(), instances.size - 1);
  };
}

/** Calls `exceeded` once, as soon as more than `maxBytes` of the body have arrived. */
function whenBodyExceeds(req: IncomingMessage, maxBytes: number, exceeded: () => void): void {
  let received = 0;
  const count = (chunk: Buffer): void => {
    received += chunk.length;
    if (received <= maxBytes) return;
    req.off('data', count);
    exceeded();
  };
  req.on('data', count);
}

/** Connection failures that say nothing reached the instance (worth trying another one). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** How long an instance that refused a connection is skipped (unless every instance is down). */
const DOWN_FOR_MS = 1_000;

/** Round-robin over a service's instances, skipping the ones that refused a connection lately. */
export class InstancePicker {
  private readonly targets: URL[];
  private readonly downUntil = new Map<string, number>();
  private cursor = 0;

  constructor(targets: readonly string[]) {
    if (targets.length === 0) throw new Error('a service needs at least one instance URL');
    this.targets = targets.map((target) => new URL(target));
  }

  get size(): number {
    return this.targets.length;
  }

  next(): URL {
    const now = Date.now();
    for (let i = 0; i < this.targets.length; i++) {
      const target = this.targets[this.cursor++ % this.targets.length]!;
      if ((this.downUntil.get(target.href) ?? 0) <= now) return target;
    }
    return this.targets[this.cursor++ % this.targets.length]!; // all down: keep trying them in turn
  }

  markDown(target: URL): void {
    this.downUntil.set(target.href, Date.now() + DOWN_FOR_MS);
  }
}

function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers = withoutHopByHop(req.headers);
  const remote = req.socket.remoteAddress;
  if (remote) {
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${remote}` : remote;
  }
  const proto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const priorProto = req.headers['x-forwarded-proto'];
  headers['x-forwarded-proto'] = priorProto ? `${String(priorProto)}, ${proto}` : proto;
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  return headers;
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = { ...headers };
  const named =
    typeof headers.connection === 'string'
      ? headers.connection.split(',').map((h) => h.trim().toLowerCase())
      : [];
  for (const name of [...HOP_BY_HOP, ...named]) delete kept[name];
  return kept;
}
