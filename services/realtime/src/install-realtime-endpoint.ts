import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger, type UpgradeGuard } from '@frenly/platform';
import { RealtimeEndpoint } from './connections/realtime-endpoint.js';

export interface RealtimeEndpointOptions {
  /**
   * The runtime's edge checks of an upgrade: who it is, and whether it is over the rate limits
   * (embedded: the gateway's `guardUpgrade`). Distributed, the gateway's proxy ran them already.
   */
  guardUpgrade?: UpgradeGuard;
}

/**
 * Connects the app's HTTP server's `upgrade` event to the realtime endpoint (upgrades bypass
 * Express, so no middleware or route sees them). Call it in the runtime's `configure`, after
 * the module is created and before the server listens. An upgrade to another path is left to
 * the server's other upgrade listeners, or refused with 404 when there are none.
 */
export function installRealtimeEndpoint(
  app: NestExpressApplication,
  options: RealtimeEndpointOptions = {},
): void {
  const endpoint = app.get(RealtimeEndpoint);
  const log = app.get(JsonLogger).forContext('RealtimeEndpoint');
  const server: Server = app.getHttpServer();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!endpoint.owns(req.url)) {
      if (server.listenerCount('upgrade') === 1) endpoint.refuseUnknownPath(socket);
      return;
    }
    endpoint.handleUpgrade(req, socket, head, options.guardUpgrade).catch((error: unknown) => {
      log.exception('websocket upgrade failed', error);
      socket.destroy();
    });
  });
}
