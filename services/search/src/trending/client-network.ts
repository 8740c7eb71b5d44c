import { isIP } from 'node:net';

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
  const plain = unmapped(address.trim());
  const family = isIP(plain);
  if (family === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (family === 6) return `${ipv6Groups(plain).slice(0, 3).join(':')}::/48`;
  return plain;
}

/** `::ffff:192.0.2.1` (an IPv4 client of a dual-stack socket) is `192.0.2.1`. */
function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** The eight groups of a valid IPv6 address, lower case, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = (address.toLowerCase().split('%')[0] ?? '').split('::');
  const split = (part: string | undefined): string[] => (part ? part.split(':') : []);
  const left = split(head);
  const right = split(tail);
  // An embedded IPv4 tail (::a.b.c.d) takes two groups; only the first three groups matter here.
  const width = right.some((group) => group.includes('.')) ? right.length + 1 : right.length;
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(8 - left.length - width, 0)).fill('0'), ...right];
  return groups.map((group) =>
    /^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16).toString(16) : group,
  );
}
