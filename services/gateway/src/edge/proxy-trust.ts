import proxyaddr from 'proxy-addr';

/** Which peers may tell us who the client is (X-Forwarded-For): hop 0 is the socket's peer. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** Names proxy-addr knows besides addresses and CIDR ranges. */
export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

export interface TrustedProxies {
  /** Addresses, CIDR ranges or PROXY_RANGE_NAMES of the reverse proxies in front of us. */
  readonly addresses: readonly string[];
  /** How many of them a request passes through (X-Forwarded-For entries we believe). */
  readonly hops: number;
}

/**
 * A reverse proxy's word about the client is believed only from a proxy we know of, and only
 * for as many hops as we have proxies: the socket's peer must be a listed proxy, and so must
 * every hop before it up to `hops`. A client that reaches the gateway directly, or sends its
 * own X-Forwarded-For through our proxy, cannot pick the address it is counted as.
 */
export function compileProxyTrust(proxies: TrustedProxies): ProxyTrust {
  const listed = proxyaddr.compile([...proxies.addresses]);
  return (address, hop) => hop < proxies.hops && listed(address, hop);
}

/** Why `item` is no proxy address or range, or undefined (for the config's validation). */
export function proxyAddressProblem(item: string): string | undefined {
  try {
    proxyaddr.compile(item);
    return undefined;
  } catch {
    return `must be an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')}`;
  }
}

/** The client's address as `trust` allows us to believe it (the socket's peer when it allows nothing). */
export function forwardedClientAddress(
  req: Parameters<typeof proxyaddr>[0],
  trust: ProxyTrust,
): string {
  return proxyaddr(req, trust);
}
