// oidc-provider ships no type declarations: these cover what the development identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    uid?: string;
    grantId?: string;
    userCode?: string;
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
    client_name?: string;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface KoaContextWithOIDC {
    body: unknown;
    host: string;
    /** Sets a response header. */
    set(name: string, value: string): void;
    oidc: {
      client?: Client;
      session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface InteractionDetails {
    uid: string;
    prompt: {
      name: string;
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId?: string };
    grantId?: string;
  }

  export interface Configuration {
    adapter?: new (name: string) => Adapter;
    clients?: ClientMetadata[];
    cookies?: { keys?: string[] };
    jwks?: { keys: Array<Record<string, unknown>> };
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    interactions?: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string };
    features?: Record<string, unknown>;
    pkce?: { required(ctx: KoaContextWithOIDC, client: Client): boolean };
    ttl?: Record<string, number>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    renderError?: (
      ctx: KoaContextWithOIDC,
      out: Record<string, string>,
      error: Error,
    ) => void | Promise<void>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Client: { prototype: Client };
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
