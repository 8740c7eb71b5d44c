import { Inject, Injectable } from '@nestjs/common';
import type { AuthProviderDto } from '@frenly/contracts';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../../gateway.options.js';
import { IdentityError } from '../identity.error.js';
import { GithubSignInClient } from './github-sign-in.client.js';
import { OidcSignInClient } from './oidc-sign-in.client.js';
import type { SignInClient } from './sign-in-client.js';

/** The configured providers, by id; built once from the settings (nothing is coded per provider). */
@Injectable()
export class SignInProviders {
  private readonly clients: ReadonlyMap<string, SignInClient>;
  private readonly defaultId: string | undefined;

  constructor(@Inject(GATEWAY_OPTIONS) options: GatewayOptions) {
    this.clients = new Map(
      options.identity.providers.map((settings) => [
        settings.id,
        settings.type === 'github'
          ? new GithubSignInClient(settings)
          : new OidcSignInClient(settings),
      ]),
    );
    this.defaultId = options.identity.defaultProviderId;
  }

  list(): AuthProviderDto[] {
    return [...this.clients.values()].map(({ id, name }) => ({ id, name }));
  }

  /** The provider `id`, or the default one; 404 for an unknown id, 503 when none is configured. */
  get(id: string | undefined): SignInClient {
    const wanted = id ?? this.defaultId;
    if (wanted === undefined)
      throw new IdentityError(
        'NO_PROVIDER',
        'No sign-in provider is configured (FRENLY_AUTH_PROVIDERS)',
      );
    const client = this.clients.get(wanted);
    if (!client)
      throw new IdentityError(
        'UNKNOWN_PROVIDER',
        `Unknown sign-in provider "${wanted.slice(0, 40)}"`,
      );
    return client;
  }

  find(id: string): SignInClient | undefined {
    return this.clients.get(id);
  }
}
