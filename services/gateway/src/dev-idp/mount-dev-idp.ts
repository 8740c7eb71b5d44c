import type { HttpMiddleware, JsonLogger } from '@frenly/platform';
import {
  isLoopbackHost,
  type DevIdpSettings,
  type IdentitySettings,
} from '../config/identity-settings.js';
import {
  createDevIdentityProvider,
  DevIdentityProviderRefused,
  type DevIdentityProvider,
} from './dev-identity-provider.js';
import { DEV_IDP_CONTENT_SECURITY_POLICY, messagePage } from './dev-idp.pages.js';
import { isLocalClient } from './local-clients.js';

/**
 * The development identity provider as the app's own: one client (this app), whose callback
 * may be on any loopback origin (localhost or 127.0.0.1, any port: `npm start`, the Vite dev
 * server) or on FRENLY_PUBLIC_URL. No harm in that latitude: anyone may sign in as anyone here.
 *
 * Where anyone may sign in as anyone, only this machine may ask: with FRENLY_DEV_IDP=auto a
 * client that is not on loopback gets a 403 (`npm start` on a laptop in a café); =on serves
 * any client, with a warning at start.
 *
 * Refuses production at once; otherwise the provider is built in the background (loading
 * oidc-provider takes a few hundred ms) so that it does not delay the start, and requests
 * under /dev-idp wait for it.
 */
export function mountDevIdentityProvider(
  devIdp: DevIdpSettings,
  identity: Pick<IdentitySettings, 'nodeEnv' | 'trustProxy'>,
  providerId: string,
  logger: JsonLogger,
): HttpMiddleware {
  if (identity.nodeEnv === 'production') throw new DevIdentityProviderRefused();
  const log = logger.forContext('dev-idp');
  if (devIdp.anyClient) {
    log.entry(
      'warn',
      'FRENLY_DEV_IDP=on: the development identity provider answers clients on any machine; whoever reaches this port can sign in as anyone',
      { issuer: devIdp.issuer },
    );
  } else if (!isLoopbackHost(new URL(devIdp.issuer).hostname)) {
    log.entry(
      'warn',
      'the development identity provider answers clients on this machine (loopback) only, and its issuer is not on loopback: sign-in through it will be refused (FRENLY_DEV_IDP=on serves any client)',
      { issuer: devIdp.issuer },
    );
  }
  const basePath = new URL(devIdp.issuer).pathname.replace(/\/$/, '');
  const callbackPath = `/auth/${providerId}/callback`;
  const issuerOrigin = new URL(devIdp.issuer).origin;
  const trustedOrigin = (uri: string, path: string): boolean => {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return false;
    }
    if (url.pathname !== path || url.search || url.hash || url.username || url.password)
      return false;
    if (devIdp.redirectOrigins.includes(url.origin)) return true;
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  };
  const provider: Promise<DevIdentityProvider | undefined> = createDevIdentityProvider({
    issuer: devIdp.issuer,
    nodeEnv: identity.nodeEnv,
    trustProxy: identity.trustProxy,
    clients: [
      {
        clientId: devIdp.clientId,
        clientSecret: devIdp.clientSecret,
        name: 'Frenly',
        redirectUris: [`${issuerOrigin}${callbackPath}`],
        postLogoutRedirectUris: [`${issuerOrigin}/`],
        alsoAllow: {
          redirect: (uri) => trustedOrigin(uri, callbackPath),
          postLogout: (uri) => trustedOrigin(uri, '/'),
        },
      },
    ],
    onError: (error) => log.exception('development identity provider error', error),
    onNotice: (text) => log.entry('debug', text),
  }).then(
    (ready) => {
      log.info('development identity provider mounted', { issuer: devIdp.issuer });
      return ready;
    },
    (error: unknown) => {
      log.exception('development identity provider failed to start', error);
      return undefined;
    },
  );
  return (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path !== basePath && !path.startsWith(`${basePath}/`)) return next();
    if (!devIdp.anyClient && !isLocalClient(req)) {
      res.statusCode = 403;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', DEV_IDP_CONTENT_SECURITY_POLICY);
      res.end(
        messagePage(
          'For local use only',
          'This development sign-in lets anyone sign in as anyone, so it answers only on the computer that runs Frenly (localhost).',
        ),
      );
      return;
    }
    void provider.then((ready) => {
      if (ready) return ready.handle(req, res, next);
      res.statusCode = 503;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('The development identity provider failed to start; see the log.');
    });
  };
}
