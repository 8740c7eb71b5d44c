import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as raw bytes: 4 for IPv4, 16 for IPv6. */
export interface IpBytes {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
}

/**
 * Parses a canonical IP address (dotted-quad IPv4, or IPv6 with optional `::`, embedded
 * dotted tail, brackets and zone id). Odd notations (`0x7f.1`, `2130706433`) are not
 * accepted here on purpose: URLs are normalised by the WHATWG parser first, and DNS
 * answers are canonical. Returns null for anything else.
 */
export function parseIp(text: string): IpBytes | null {
  let ip = text.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const zone = ip.indexOf('%');
  if (zone !== -1) ip = ip.slice(0, zone);
  if (isIPv4(ip)) return { family: 4, bytes: parseIPv4(ip) };
  if (isIPv6(ip)) return { family: 6, bytes: parseIPv6(ip) };
  return null;
}

function parseIPv4(ip: string): Uint8Array {
  return Uint8Array.from(ip.split('.').map(Number));
}

function parseIPv6(ip: string): Uint8Array {
  const bytes = new Uint8Array(16);
  const [head = '', tail] = ip.split('::') as [string, string | undefined];
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  // `::` stands for however many zero groups make the total 8.
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...new Array<number>(8 - headGroups.length - tailGroups.length).fill(0),
          ...tailGroups,
        ];
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/** "a:b:1.2.3.4" → 16-bit groups, the dotted tail counting as two groups. */
function groupsOf(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((piece) => {
    if (!piece.includes('.')) return [parseInt(piece, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = parseIPv4(piece);
    return [(a << 8) | b, (c << 8) | d];
  });
}

export function formatIPv4(bytes: Uint8Array, offset = 0): string {
  return Array.from(bytes.subarray(offset, offset + 4)).join('.');
}

/** Canonical (RFC 5952) text of an address, as Node and the WHATWG URL parser write it. */
export function formatIp(ip: IpBytes): string {
  if (ip.family === 4) return formatIPv4(ip.bytes);
  // The WHATWG serializer is the canonical form we compare against everywhere else.
  return new URL(`http://[${ipv6Groups(ip.bytes).join(':')}]/`).hostname.slice(1, -1);
}

function ipv6Groups(bytes: Uint8Array): string[] {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return groups;
}

/** A CIDR block such as `10.0.0.0/8` or `fc00::/7`. */
export interface Cidr {
  readonly text: string;
  readonly network: IpBytes;
  readonly prefix: number;
}

export function parseCidr(text: string): Cidr {
  const [address = '', prefixText = ''] = text.split('/');
  const network = parseIp(address);
  const prefix = Number(prefixText);
  if (!network || !Number.isInteger(prefix) || prefix < 0 || prefix > network.bytes.length * 8) {
    throw new Error(`Invalid CIDR block "${text}"`);
  }
  return { text, network, prefix };
}

export function cidrContains(cidr: Cidr, ip: IpBytes): boolean {
  if (cidr.network.family !== ip.family) return false;
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((ip.bytes[i] ?? 0) & mask) !== ((cidr.network.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * The network an address belongs to, as text: IPv4 by its first `ipv4` bits, IPv6 by its first
 * `ipv6` bits (both whole bytes; IPv6 a multiple of 16), e.g. `198.51.100.0/24`,
 * `2001:db8:1::/48`. An IPv4-mapped IPv6 address counts as IPv4. Null when it is no address.
 */
export function networkOf(
  address: string,
  prefix: { readonly ipv4: number; readonly ipv6: number },
): string | null {
  const plain = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1];
  const ip = parseIp(mapped ?? plain);
  if (!ip) return null;
  if (ip.family === 4) {
    const kept = prefix.ipv4 / 8;
    return `${Array.from(ip.bytes, (byte, index) => (index < kept ? byte : 0)).join('.')}/${prefix.ipv4}`;
  }
  return `${ipv6Groups(ip.bytes)
    .slice(0, prefix.ipv6 / 16)
    .join(':')}::/${prefix.ipv6}`;
}
