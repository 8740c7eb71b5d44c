import {
  AllowList,
  checkAddress,
  checkUrl,
  classifyAddress,
  ResolveRules,
  SafeFetchError,
  SafeFetchErrorCode,
  systemResolver,
  type Resolver,
} from '@frenly/safe-fetch';

export interface EgressPolicyOptions {
  /** `FRENLY_FETCH_ALLOWLIST`: host:port pairs that may be reached although not public. */
  readonly allowList?: AllowList | readonly string[];
  /** `FRENLY_RESOLVE`: host names mapped to a fixture address and port. */
  readonly resolve?: ResolveRules | readonly string[];
  /** The system resolver by default. */
  readonly resolver?: Resolver;
  /** Longest wait for one name resolution. */
  readonly resolveTimeoutMs?: number;
}

/** Where a vetted connection goes: an address that passed the policy, and the port to use. */
export interface VettedDestination {
  readonly address: string;
  readonly port: number;
}

/**
 * The safe fetcher's address policy, for connections the browser asks for: the same URL checks
 * (checkUrl: blocked names, literal addresses in every notation), the same FRENLY_RESOLVE routing,
 * and EVERY resolved address must be public or allow-listed (metadata never). The caller connects
 * to the returned address only, so the name is resolved exactly once (no DNS rebinding).
 */
export class EgressPolicy {
  private readonly allowList: AllowList;
  private readonly routes: ResolveRules;
  private readonly resolver: Resolver;
  private readonly resolveTimeoutMs: number;

  constructor(options: EgressPolicyOptions = {}) {
    this.allowList =
      options.allowList instanceof AllowList ? options.allowList : new AllowList(options.allowList);
    this.routes =
      options.resolve instanceof ResolveRules ? options.resolve : new ResolveRules(options.resolve);
    this.resolver = this.routes.wrap(options.resolver ?? systemResolver);
    this.resolveTimeoutMs = options.resolveTimeoutMs ?? 5_000;
  }

  /** Throws SafeFetchError (BLOCKED_ADDRESS, DNS_FAILED, INVALID_URL…) when `url` may not be reached. */
  async vet(url: URL): Promise<VettedDestination> {
    const route = this.routes.route(checkUrl(url, { allowList: this.allowList }));
    if (route.ip) return { address: classifyAddress(route.ip).address, port: route.port };
    const answers = await this.resolve(route.hostname);
    const addresses = answers.map(
      (answer) => checkAddress(route, classifyAddress(answer), this.allowList).address,
    );
    const first = addresses[0];
    if (first === undefined) {
      throw new SafeFetchError(SafeFetchErrorCode.DnsFailed, `${route.hostname} has no addresses`, {
        url: url.href,
      });
    }
    return { address: first, port: route.port };
  }

  private async resolve(hostname: string): Promise<readonly string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SafeFetchError(SafeFetchErrorCode.DnsFailed, `Resolving ${hostname} took too long`),
          ),
        this.resolveTimeoutMs,
      );
    });
    try {
      return await Promise.race([this.resolver(hostname), timeout]);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError(SafeFetchErrorCode.DnsFailed, `Could not resolve ${hostname}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }
}
