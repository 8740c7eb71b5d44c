import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger } from '@frenly/platform';
import { RealtimeEndpoint, type UpgradeIdentifier } from './connections/realtime-endpoint.js';

export interface RealtimeEndpointOptions {
  /** How the runtime resolves the session of an upgrade (embedded: the gateway's `upgradeIdentifier`). */
  identifyUpgrade?: UpgradeIdentifier;
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
    endpoint.handleUpgrade(req, socket, head, options.identifyUpgrade).catch((error: unknown) => {
      log.exception('websocket upgrade failed', error);
      socket.destroy();
    });
  });
}
