import type { IncomingMessage } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger } from '@frenly/platform';
import { DEV_PROVIDER_ID } from '../config/identity-settings.js';
import { mountDevIdentityProvider } from '../dev-idp/mount-dev-idp.js';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options.js';
import { SessionService } from '../sessions/session.service.js';
import { attachIdentity, identityMiddleware } from './identity.middleware.js';
import { sameOriginMiddleware } from './same-origin.middleware.js';

/**
 * The gateway's front door, installed before any route in both runtimes (and, in distributed
 * mode, before the proxy): the development identity provider when enabled, the cross-site
 * check, then identity propagation. Call it first in the app's `configure`.
 */
export async function installGatewayEdge(app: NestExpressApplication): Promise<void> {
  const options = app.get<GatewayOptions>(GATEWAY_OPTIONS);
  const logger = app.get(JsonLogger);
  if (options.identity.devIdp) {
    app.use(
      mountDevIdentityProvider(options.identity.devIdp, options.identity, DEV_PROVIDER_ID, logger),
    );
  }
  app.use(sameOriginMiddleware(options.identity));
  app.use(identityMiddleware(app.get(SessionService), options.identityTokens, logger));
}

/** For installGatewayProxy: websocket upgrades get the same identity as HTTP requests. */
export function upgradeIdentifier(
  app: NestExpressApplication,
): (req: IncomingMessage) => Promise<void> {
  const options = app.get<GatewayOptions>(GATEWAY_OPTIONS);
  const sessions = app.get(SessionService);
  return (req) => attachIdentity(req, sessions, options.identityTokens);
}
