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

/**
 * The development identity provider as the app's own: one client (this app), whose callback
 * may be on any loopback origin (localhost or 127.0.0.1, any port: `npm start`, the Vite dev
 * server) or on FRENLY_PUBLIC_URL. No harm in that latitude: anyone may sign in as anyone here.
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
    void provider.then((ready) => {
      if (ready) return ready.handle(req, res, next);
      res.statusCode = 503;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('The development identity provider failed to start; see the log.');
    });
  };
}
