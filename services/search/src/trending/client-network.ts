import { networkOf } from '@frenly/safe-fetch';

/**
 * The network a client address belongs to, the unit trending counts for signed-out visitors:
 * IPv4 by its /24, IPv6 by its /48.
 *
 * Why these sizes: one subscriber is routinely handed a whole IPv6 /48 or /56 (RFC 6177,
 * RIPE-690), so counting /64s would let one household be 256 to 65,536 "visitors"; a /48 is
 * one site. For IPv4 a single host or small office can usually pick addresses inside its /24
 * (cloud VMs, a few spare public addresses), rarely across /24s. The price is that genuine
 * visitors sharing a /24 or a /48 (one office, one campus) count once when signed out;
 * trending is a popularity hint, so undercounting is the safe error.
 *
 * Anything that is not an IP address (a unix socket, "unknown") is its own network.
 */
export function clientNetwork(address: string): string {
  return networkOf(address, { ipv4: 24, ipv6: 48 }) ?? address.trim();
}
