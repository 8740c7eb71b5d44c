import { createHash, generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import type {
  Account,
  Client,
  ClientMetadata,
  Configuration,
  KoaContextWithOIDC,
} from 'oidc-provider';
import {
  DEV_IDP_CONTENT_SECURITY_POLICY,
  loginFormPage,
  logoutPage,
  messagePage,
} from './dev-idp.pages.js';
import { unstorableTextReason } from '@frenly/platform';
import { memoryAdapterClass } from './memory-adapter.js';
import { readForm } from './read-form.js';

/** A client of the development provider (the app itself; in tests, also stand-ins for other apps). */
export interface DevIdpClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly name?: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  /** Redirects accepted besides the registered ones (the app's own callback on any loopback port…). */
  readonly alsoAllow?: {
    redirect(uri: string): boolean;
    postLogout(uri: string): boolean;
  };
}

export interface DevIdentityProviderOptions {
  /** e.g. http://127.0.0.1:3000/dev-idp: the provider answers every path under it. */
  readonly issuer: string;
  readonly clients: readonly DevIdpClient[];
  /** `production` is refused. */
  readonly nodeEnv: string;
  /** Trust X-Forwarded-Proto (behind a TLS-terminating proxy). */
  readonly trustProxy?: boolean;
  /** Reports the provider's own server errors (they are answered with an error page). */
  readonly onError?: (error: unknown) => void;
  /** Receives oidc-provider's console notices (kept out of the JSON log stream). */
  readonly onNotice?: (text: string) => void;
}

export interface DevIdentityProvider {
  readonly issuer: string;
  /** Node/Express middleware: answers paths under the issuer's path, passes on the others. */
  handle(
    req: IncomingMessage & { originalUrl?: string },
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): void;
}

export class DevIdentityProviderRefused extends Error {
  constructor() {
    super(
      'The development identity provider refuses to start when NODE_ENV=production: it lets anyone sign in as anyone. ' +
        'Set FRENLY_DEV_IDP=off and configure real providers in FRENLY_AUTH_PROVIDERS.',
    );
    this.name = 'DevIdentityProviderRefused';
  }
}

interface DevAccount {
  readonly name: string;
  readonly email: string | undefined;
}

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?$/;
const SCOPES = 'openid profile email';

/**
 * A real OpenID provider (oidc-provider) for development: its sign-in page asks only for a
 * name (and optionally an email), consent is implied for its clients, and everything it
 * knows lives in memory. It refuses to exist in production.
 */
export async function createDevIdentityProvider(
  options: DevIdentityProviderOptions,
): Promise<DevIdentityProvider> {
  if (options.nodeEnv === 'production') throw new DevIdentityProviderRefused();
  const { default: Provider } = await importOidcProvider(options.onNotice);
  const basePath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const accounts = new Map<string, DevAccount>();

  const configuration: Configuration = {
    adapter: memoryAdapterClass(),
    clients: options.clients.map(toClientMetadata),
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [await signingKey()] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? accountClaims(sub, account) : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.set('Content-Security-Policy', DEV_IDP_CONTENT_SECURITY_POLICY);
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.set('Content-Security-Policy', DEV_IDP_CONTENT_SECURITY_POLICY);
          ctx.body = messagePage(
            'Signed out',
            'You are signed out of the development identity provider.',
          );
        },
      },
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 900,
      Session: 86_400,
      Grant: 86_400,
    },
    // Every client of this provider is first party: consent is implied.
    loadExistingGrant: async (ctx) => {
      const client = ctx.oidc.client;
      const accountId = ctx.oidc.session.accountId;
      if (!client || !accountId) return undefined;
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.set('Content-Security-Policy', DEV_IDP_CONTENT_SECURITY_POLICY);
      ctx.body = messagePage(
        'Sign-in error',
        `${out.error ?? 'error'}: ${out.error_description ?? ''}`,
      );
    },
    clientBasedCORS: () => false,
  };

  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.trustProxy ?? false;
  if (options.onError)
    provider.on('server_error', (_ctx: unknown, error: unknown) => options.onError?.(error));
  allowExtraRedirects(provider.Client.prototype, options.clients);
  const oidcCallback = provider.callback();

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    submitted: boolean,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid)
      return sendHtml(
        res,
        400,
        messagePage(
          'Sign-in error',
          'This sign-in page does not match your sign-in. Start again from the app.',
        ),
      );
    const clientName =
      options.clients.find((c) => c.clientId === details.params.client_id)?.name ?? 'Frenly';
    if (details.prompt.name === 'consent') {
      // Reached only if a client asks for more than the implied grant: grant what it asked.
      const grant = new provider.Grant({
        clientId: String(details.params.client_id),
        accountId: details.session?.accountId ?? '',
      });
      grant.addOIDCScope((details.prompt.details.missingOIDCScope ?? []).join(' ') || SCOPES);
      if (details.prompt.details.missingOIDCClaims)
        grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    if (details.prompt.name !== 'login') {
      return sendHtml(
        res,
        400,
        messagePage('Sign-in error', `Unsupported step "${details.prompt.name}".`),
      );
    }
    const action = `${basePath}/interaction/${uid}/login`;
    if (!submitted) return sendHtml(res, 200, loginFormPage({ action, clientName }));

    const form = await readForm(req);
    const name = (form.get('name') ?? '').trim().replace(/\s+/g, ' ');
    const email = (form.get('email') ?? '').trim() || undefined;
    const problem =
      name === ''
        ? 'Please enter your name.'
        : name.length > 100
          ? 'Your name is too long (100 characters at most).'
          : email && !/^[^\s@]+@[^\s@]+$/.test(email)
            ? 'That email does not look right.'
            : unstorableTextReason(`${name}${email ?? ''}`)
              ? 'Your name or email contains a character that cannot be stored (such as NUL).'
              : undefined;
    if (problem)
      return sendHtml(res, 400, loginFormPage({ action, clientName, name, email, error: problem }));

    const accountId = accountIdFor(name, email);
    accounts.set(accountId, { name, email });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer: options.issuer,
    handle(req, res, next) {
      const url = req.url ?? '/';
      const path = url.split('?')[0] ?? '/';
      if (basePath !== '' && path !== basePath && !path.startsWith(`${basePath}/`)) return next();
      const rest = url.slice(basePath.length) || '/';
      const restPath = rest.split('?')[0] ?? '/';
      const match = INTERACTION.exec(restPath);
      if (match) {
        const submitted = match[2] !== undefined;
        if ((submitted && req.method !== 'POST') || (!submitted && req.method !== 'GET')) {
          return sendHtml(res, 405, messagePage('Sign-in error', 'Method not allowed.'));
        }
        interaction(req, res, match[1]!, submitted).catch((error: Error) => {
          if (res.headersSent) return res.destroy();
          if (error.name === 'SessionNotFound') {
            return sendHtml(
              res,
              400,
              messagePage(
                'Sign-in expired',
                'This sign-in has expired or was already used. Start again from the app.',
              ),
            );
          }
          options.onError?.(error);
          sendHtml(
            res,
            500,
            messagePage('Sign-in error', 'Something went wrong. Start again from the app.'),
          );
        });
        return;
      }
      // oidc-provider finds its mount path from originalUrl minus url.
      req.originalUrl ??= url;
      req.url = rest;
      oidcCallback(req, res);
    },
  };
}

/**
 * oidc-provider prints a console warning when it is first loaded on Node 20 (it supports Node
 * 22+; everything it does here works on 20, as the tests show). Hand that line to the caller's
 * logger instead of letting it break the JSON log stream.
 */
async function importOidcProvider(
  onNotice: ((text: string) => void) | undefined,
): Promise<typeof import('oidc-provider')> {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.startsWith('oidc-provider WARNING: Unsupported runtime')) onNotice?.(text);
    else original(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = original;
  }
}

function toClientMetadata(client: DevIdpClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: client.name,
    redirect_uris: [...client.redirectUris],
    post_logout_redirect_uris: [...client.postLogoutRedirectUris],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'ES256',
  };
}

/** Each client's own extra rule, on top of oidc-provider's exact matching. */
function allowExtraRedirects(prototype: Client, clients: readonly DevIdpClient[]): void {
  const rules = new Map(clients.filter((c) => c.alsoAllow).map((c) => [c.clientId, c.alsoAllow!]));
  const exactRedirect = prototype.redirectUriAllowed;
  const exactPostLogout = prototype.postLogoutRedirectUriAllowed;
  prototype.redirectUriAllowed = function (this: Client, uri: string) {
    return exactRedirect.call(this, uri) || (rules.get(this.clientId)?.redirect(uri) ?? false);
  };
  prototype.postLogoutRedirectUriAllowed = function (this: Client, uri: string) {
    return exactPostLogout.call(this, uri) || (rules.get(this.clientId)?.postLogout(uri) ?? false);
  };
}

/** The same name (or email, when given) signs in as the same person while the provider runs. */
function accountIdFor(name: string, email: string | undefined): string {
  const key = email ? `email:${email.toLowerCase()}` : `name:${name.toLowerCase()}`;
  return `dev-${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
}

function accountClaims(sub: string, account: DevAccount): Account {
  const [first, ...rest] = account.name.split(' ');
  return {
    accountId: sub,
    claims: () => ({
      sub,
      name: account.name,
      given_name: first,
      family_name: rest.length > 0 ? rest.join(' ') : undefined,
      email: account.email,
      email_verified: account.email ? false : undefined,
    }),
  };
}

/** A fresh ES256 signing key per start (an RSA key would cost a few hundred ms of start-up). */
async function signingKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await promisify(generateKeyPair)('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', DEV_IDP_CONTENT_SECURITY_POLICY);
  res.end(html);
}
