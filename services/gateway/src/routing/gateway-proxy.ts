import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ErrorResponse } from '@frenly/contracts';
import {
  IDENTITY_HEADER,
  METRICS_ROUTE_LOCAL,
  REQUEST_ID_HEADER,
  isAcceptableRequestId,
  newRequestId,
  type HttpResponse,
  type JsonLogger,
  type UpgradeGuard,
} from '@frenly/platform';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  proxyEventsPlugin,
  type RequestHandler,
} from 'http-proxy-middleware';
import { answerPayloadTooLarge } from '../edge/body-limit.js';
import { writeUpgradeRefusal } from '../edge/rate-limit-upgrade.js';
import {
  createHttpForwarder,
  InstancePicker,
  type ForwardFailure,
  type HttpForwarder,
} from './http-forwarder.js';
import { DOWNSTREAM_SERVICES, findRoute, type DownstreamService } from './route-table.js';

/** Each downstream service's base URL, or the URLs of its instances. */
export type DownstreamUrls = Readonly<Record<DownstreamService, string | readonly string[]>>;

export function instancesOf(urls: DownstreamUrls, service: DownstreamService): readonly string[] {
  const value = urls[service];
  return typeof value === 'string' ? [value] : value;
}

export interface GatewayProxyOptions {
  /** A downstream that accepts the connection but stays silent this long gets a 504. */
  idleTimeoutMs?: number;
  /**
   * The edge's checks of a websocket upgrade (upgrades bypass Express middleware, so the edge's
   * identity and rate-limit middleware never see them): sets the identity header, and may
   * refuse (429), which is answered on the raw socket before anything is forwarded. Any
   * client-sent identity is removed first. installGatewayEdge's forward hook passes it.
   */
  guardUpgrade?: UpgradeGuard;
  /** Bodies streaming past this many bytes get a 413 (installGatewayEdge's forward hook passes its bound). */
  maxBodyBytes?: number;
}

const SESSIONS_UNAVAILABLE = {
  status: 503,
  code: 'SESSIONS_UNAVAILABLE',
  message: 'Sessions are unavailable; try again shortly',
  headers: { 'Retry-After': '5' },
} as const;

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * Distributed mode: forwards every route a downstream service owns (see the route table),
 * HTTP and websocket upgrades alike, keeping the request id. Installed ahead of body parsing
 * so request bodies stream through untouched. An unreachable service answers a quick 503.
 */
export function installGatewayProxy(
  app: NestExpressApplication,
  urls: DownstreamUrls,
  logger: JsonLogger,
  options: GatewayProxyOptions = {},
): void {
  // Body parsers already installed would consume the bodies this proxy must stream on.
  if (
    (
      app.getHttpAdapter() as { isMiddlewareApplied?: (name: string) => boolean }
    ).isMiddlewareApplied?.('jsonParser')
  ) {
    throw new Error(
      "installGatewayProxy must run before body parsing: pass it as installGatewayEdge's forward hook",
    );
  }
  const log = logger.forContext('proxy');
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const { maxBodyBytes } = options;
  const onBodyTooLarge =
    maxBodyBytes === undefined
      ? undefined
      : (req: IncomingMessage, res: ServerResponse) =>
          answerPayloadTooLarge(req, res, maxBodyBytes);
  // HTTP goes through our lean forwarder; websocket upgrades through http-proxy.
  const forwarders = Object.fromEntries(
    DOWNSTREAM_SERVICES.map((service) => [
      service,
      createHttpForwarder({
        targets: instancesOf(urls, service),
        idleTimeoutMs,
        onError: answerUnavailable(service, instancesOf(urls, service).join(','), log),
        maxBodyBytes,
        onBodyTooLarge,
      }),
    ]),
  ) as Record<DownstreamService, HttpForwarder>;
  const proxies = Object.fromEntries(
    DOWNSTREAM_SERVICES.map((service) => [
      service,
      createServiceProxy(service, instancesOf(urls, service), idleTimeoutMs, log),
    ]),
  ) as Record<DownstreamService, RequestHandler>;

  app.use((req: IncomingMessage, res: HttpResponse, next: (error?: unknown) => void) => {
    const route = findRoute(req.url ?? '/');
    if (!route || route.owner === 'gateway') return next();
    if (res.locals) res.locals[METRICS_ROUTE_LOCAL] = route.pattern;
    // Services learn who is asking from the signed identity header, never from the session cookie.
    delete req.headers.cookie;
    forwarders[route.owner](req, res);
  });

  const server: Server = app.getHttpServer();
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const route = findRoute(req.url ?? '/');
    if (route && route.owner !== 'gateway') {
      if (!isAcceptableRequestId(req.headers[REQUEST_ID_HEADER]))
        req.headers[REQUEST_ID_HEADER] = newRequestId();
      const requestId = String(req.headers[REQUEST_ID_HEADER]);
      delete req.headers[IDENTITY_HEADER];
      socket.on('error', () => undefined); // a client vanishing mid-handshake is not our error
      const owner = route.owner;
      (options.guardUpgrade?.(req, socket) ?? Promise.resolve(undefined)).then(
        (refusal) => {
          if (refusal) return writeUpgradeRefusal(socket, refusal, requestId);
          if (socket.destroyed) return;
          delete req.headers.cookie;
          proxies[owner].upgrade(req, socket, head);
        },
        (error: Error) => {
          log.entry('warn', 'websocket refused: identity lookup failed', {
            err: error.message,
            requestId,
          });
          writeUpgradeRefusal(socket, SESSIONS_UNAVAILABLE, requestId);
        },
      );
    } else if (server.listenerCount('upgrade') === 1) {
      socket.destroy(); // nobody else handles upgrades on this server
    }
  });
}

/** The websocket upgrade proxy of one service (HTTP requests use the forwarder). */
function createServiceProxy(
  service: DownstreamService,
  targets: readonly string[],
  idleTimeoutMs: number,
  log: JsonLogger,
): RequestHandler {
  const instances = new InstancePicker(targets);
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: targets[0],
    // Each upgrade goes to the next instance: websocket clients spread over them.
    router: () => instances.next().origin,
    xfwd: true,
    proxyTimeout: idleTimeoutMs,
    // Our own error answer replaces the library's plain-text one.
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    on: { error: answerUnavailable(service, targets.join(','), log) },
  });
}

/** A quick JSON 503 (unreachable) or 504 (silent) for a failed forward; a broken upgrade or answer is cut. */
function answerUnavailable(service: DownstreamService, target: string, log: JsonLogger) {
  return (error: ForwardFailure, req: IncomingMessage, res: ServerResponse | Socket): void => {
    const requestId = req.headers[REQUEST_ID_HEADER];
    log.entry('warn', `${service} service unreachable`, {
      service,
      target,
      code: error.code,
      err: error.message,
      requestId,
    });
    if (!('writeHead' in res) || res.headersSent) {
      res.destroy(); // an upgrade, or an answer already under way: nothing better to send
      return;
    }
    const unreachable = UNREACHABLE.has(error.code ?? '');
    const statusCode = unreachable ? 503 : 504;
    const body: ErrorResponse = {
      statusCode,
      error: unreachable ? 'Service Unavailable' : 'Gateway Timeout',
      message: unreachable
        ? `The ${service} service is unavailable`
        : `The ${service} service did not answer in time`,
      code: unreachable ? 'SERVICE_UNAVAILABLE' : 'SERVICE_TIMEOUT',
      requestId: typeof requestId === 'string' ? requestId : undefined,
    };
    res.writeHead(statusCode, {
      'Content-Type': 'application/json; charset=utf-8',
      'Retry-After': '5',
    });
    res.end(JSON.stringify(body));
  };
}
