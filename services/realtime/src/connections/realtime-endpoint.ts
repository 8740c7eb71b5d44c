import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ErrorResponse, LivePongMessage } from '@frenly/contracts';
import {
  IDENTITY_TOKENS,
  IdentityTokens,
  JsonLogger,
  REQUEST_ID_HEADER,
  isAcceptableRequestId,
  newRequestId,
  reasonPhrase,
  type Identity,
  type UpgradeGuard,
  type UpgradeRefusal,
} from '@frenly/platform';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { RealtimeMetrics, type RefusalReason } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, type RealtimeSettings } from '../realtime.settings.js';
import { parseClientMessage } from './client-messages.js';
import { ClientRegistry, type ConnectedClient } from './client-registry.js';
import { identityOf, isEndpointPath, originRefusal } from './upgrade-policy.js';

/** Refusals that come in numbers in normal operation or under attack: logged at debug only. */
const QUIET_REFUSALS: ReadonlySet<RefusalReason> = new Set([
  'unauthenticated',
  'not_found',
  'rate_limited',
]);

/** Malformed messages logged per connection; later ones are only counted. */
const MALFORMED_LOGGED_PER_CLIENT = 3;
const PONG: Buffer = Buffer.from(JSON.stringify({ type: 'pong' } satisfies LivePongMessage));

/**
 * The websocket endpoint: decides on each upgrade (path, Origin, signed identity), keeps the
 * accepted clients in the registry, sweeps heartbeats, and on shutdown closes every socket
 * with 1012 so that clients reconnect (to another instance, or to this one once it is back).
 */
@Injectable()
export class RealtimeEndpoint implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly server: WebSocketServer;
  private readonly logger: JsonLogger;
  private heartbeat?: NodeJS.Timeout;
  private closing = false;

  constructor(
    @Inject(REALTIME_SETTINGS) private readonly settings: RealtimeSettings,
    @Inject(IDENTITY_TOKENS) private readonly tokens: IdentityTokens,
    private readonly registry: ClientRegistry,
    private readonly metrics: RealtimeMetrics,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('RealtimeEndpoint');
    this.server = new WebSocketServer({
      noServer: true,
      clientTracking: false, // the registry tracks clients
      perMessageDeflate: false, // tiny messages: compression would cost more memory than it saves
      maxPayload: settings.maxClientMessageBytes,
    });
  }

  /** Whether this endpoint answers upgrades to `url` (others belong to someone else). */
  owns(url: string | undefined): boolean {
    return isEndpointPath(url, this.settings.path);
  }

  /**
   * Handles one upgrade of the endpoint's path: a refused upgrade gets its HTTP status
   * (401 signed out, 403 foreign Origin, 429 over the edge's limits, 503 shutting down) and
   * no socket.
   */
  async handleUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    guard?: UpgradeGuard,
  ): Promise<void> {
    socket.on('error', () => undefined); // a client vanishing mid-handshake is not our error
    const requestId = isAcceptableRequestId(req.headers[REQUEST_ID_HEADER])
      ? req.headers[REQUEST_ID_HEADER]
      : newRequestId();
    req.headers[REQUEST_ID_HEADER] = requestId;
    if (this.closing)
      return this.refuse(
        socket,
        requestId,
        'shutting_down',
        503,
        'SHUTTING_DOWN',
        'The realtime service is restarting; reconnect shortly',
      );
    const crossSite = originRefusal(req, this.settings);
    if (crossSite)
      return this.refuse(
        socket,
        requestId,
        'cross_site',
        crossSite.status,
        crossSite.code,
        crossSite.message,
      );
    if (guard) {
      let refusal: UpgradeRefusal | undefined;
      try {
        refusal = await guard(req, socket);
      } catch (error) {
        this.logger.exception('websocket refused: identity lookup failed', error, { requestId });
        return this.refuse(
          socket,
          requestId,
          'identity_unavailable',
          503,
          'SESSIONS_UNAVAILABLE',
          'Sessions are unavailable; try again shortly',
        );
      }
      if (socket.destroyed) return;
      if (refusal) {
        const { status, code, message, headers } = refusal;
        return this.refuse(socket, requestId, 'rate_limited', status, code, message, headers);
      }
    }
    const verdict = identityOf(req, this.tokens);
    if (!verdict.accepted) {
      const { status, code, message } = verdict.refusal;
      return this.refuse(socket, requestId, 'unauthenticated', status, code, message);
    }
    this.server.handleUpgrade(req, socket, head, (ws) =>
      this.accept(ws, verdict.identity, requestId),
    );
  }

  /** Answers an upgrade that is not ours when nobody else on the server will (a 404, then no socket). */
  refuseUnknownPath(socket: Duplex): void {
    socket.on('error', () => undefined);
    this.refuse(
      socket,
      newRequestId(),
      'not_found',
      404,
      'NOT_FOUND',
      'No websocket endpoint here',
    );
  }

  get connectedClients(): number {
    return this.registry.size;
  }

  onApplicationBootstrap(): void {
    // One slice of the clients per tick: each client is still pinged once per interval.
    let tick = 0;
    const slices = this.registry.heartbeatSlices;
    this.heartbeat = setInterval(
      () => this.sweep(tick++ % slices),
      Math.max(1, Math.floor(this.settings.heartbeatIntervalMs / slices)),
    );
    this.heartbeat.unref();
  }

  /**
   * First thing on shutdown (the HTTP server would wait for upgraded sockets, and clients should
   * start reconnecting elsewhere at once): close every client with 1012.
   */
  async onModuleDestroy(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    const open = this.registry.size;
    this.registry.closeAll();
    const deadline = Date.now() + this.settings.closeGraceMs;
    while (this.registry.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const stragglers = this.registry.size;
    this.registry.terminateAll();
    this.metrics.openConnections.set(0);
    this.server.close();
    this.logger.info('websocket clients closed', {
      code: 1012,
      clients: open,
      terminated: stragglers,
    });
  }

  private accept(ws: WebSocket, identity: Identity, requestId: string): void {
    if (this.closing) {
      ws.close(1012, 'Service restart');
      return;
    }
    const client = this.registry.add(ws, identity.userId);
    this.metrics.connectionsAccepted.inc();
    this.metrics.openConnections.set(this.registry.size);
    this.logger.entry('debug', 'websocket connected', {
      requestId,
      userId: identity.userId,
      clients: this.registry.size,
    });
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data: RawData, isBinary: boolean) =>
      this.onClientMessage(client, ws, data, isBinary, requestId),
    );
    ws.on('error', (error: Error) => {
      // ws closes the connection itself after a protocol error (bad frame, oversized message).
      this.logger.entry('debug', 'websocket error', { requestId, err: error.message });
    });
    ws.on('close', (code: number) => {
      this.registry.remove(client);
      this.metrics.openConnections.set(this.registry.size);
      this.logger.entry('debug', 'websocket closed', {
        requestId,
        code,
        clients: this.registry.size,
      });
    });
  }

  private onClientMessage(
    client: ConnectedClient,
    ws: WebSocket,
    data: RawData,
    isBinary: boolean,
    requestId: string,
  ): void {
    client.alive = true;
    const verdict = parseClientMessage(toBuffer(data), isBinary);
    if (verdict.ok) {
      ws.send(PONG, { binary: false });
      return;
    }
    // Ignored, and the connection stays open: a confused client is not a reason to cut it off.
    this.metrics.clientMessagesIgnored.inc();
    client.malformed++;
    if (client.malformed <= MALFORMED_LOGGED_PER_CLIENT) {
      this.logger.entry('warn', 'ignoring a malformed client message', {
        requestId,
        userId: client.userId,
        problem: verdict.problem,
        bytes: toBuffer(data).length,
        ...(client.malformed === MALFORMED_LOGGED_PER_CLIENT
          ? { note: 'further malformed messages of this connection are only counted' }
          : {}),
      });
    }
  }

  private sweep(slice: number): void {
    const { droppedDead } = this.registry.sweep(slice);
    if (droppedDead > 0) {
      this.metrics.clientsDropped.inc({ reason: 'dead' }, droppedDead);
      this.metrics.openConnections.set(this.registry.size);
      this.logger.entry('info', 'dropped clients that did not answer the last ping', {
        clients: droppedDead,
      });
    }
  }

  private refuse(
    socket: Duplex,
    requestId: string,
    reason: RefusalReason,
    status: number,
    code: string,
    message: string,
    headers: Readonly<Record<string, string>> = status === 503 ? { 'Retry-After': '5' } : {},
  ): void {
    this.metrics.upgradesRefused.inc({ reason });
    this.logger.entry(
      // A flood of refused upgrades must not become a flood of log lines.
      QUIET_REFUSALS.has(reason) ? 'debug' : 'info',
      'websocket upgrade refused',
      { requestId, status, code },
    );
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body: ErrorResponse = {
      statusCode: status,
      error: reasonPhrase(status),
      message,
      code,
      requestId,
    };
    const json = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${reasonPhrase(status)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      'Cache-Control: no-store',
      `X-Request-Id: ${requestId}`,
      `Content-Length: ${Buffer.byteLength(json)}`,
    ];
    socket.once('finish', () => socket.destroy());
    socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
