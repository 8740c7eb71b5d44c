import {
  cidrContains,
  formatIp,
  formatIPv4,
  parseCidr,
  parseIp,
  type Cidr,
  type IpBytes,
} from './ip-address.js';

/** Why an address may (public) or may not be connected to. */
export type AddressCategory =
  | 'public'
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'metadata'
  | 'ipv4-mapped'
  | 'ipv4-compatible';

export interface AddressClassification {
  /** Canonical text of the address (what a connection would target). */
  readonly address: string;
  readonly family: 4 | 6 | null;
  readonly category: AddressCategory;
  readonly blocked: boolean;
  /** Completes "<address> is …", e.g. "a private address". */
  readonly description: string;
  /** The IPv4 address an IPv6 translation/tunnel address carries, when there is one. */
  readonly embeddedIPv4?: string;
}

const DESCRIPTIONS: Record<AddressCategory, string> = {
  public: 'a public address',
  invalid: 'not an IP address',
  unspecified: 'an unspecified ("this host") address',
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  shared: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  metadata: 'a cloud metadata address',
  'ipv4-mapped': 'an IPv4-mapped IPv6 address',
  'ipv4-compatible': 'an IPv4-compatible IPv6 address',
};

/** How an IPv6 block that carries an IPv4 address is judged. */
type Embedding = {
  /** Byte offset of the IPv4 address inside the IPv6 one. */
  readonly offset: number;
  readonly label: string;
  /** `always`: refused whatever it embeds; `inherit`: refused when the IPv4 address is. */
  readonly verdict: 'always' | 'inherit';
  readonly category: AddressCategory;
};

type Rule = {
  readonly cidr: Cidr;
  readonly category: AddressCategory;
  readonly embedding?: Embedding;
  readonly note?: string;
};

const rule = (
  text: string,
  category: AddressCategory,
  extra: Omit<Rule, 'cidr' | 'category'> = {},
): Rule => ({
  cidr: parseCidr(text),
  category,
  ...extra,
});

// First match wins, so the narrow blocks (metadata, broadcast) come before the ones containing them.
// Sources: IANA IPv4/IPv6 Special-Purpose Address Registries, RFC 6890, RFC 9637, cloud provider docs.
const IPV4_RULES: readonly Rule[] = [
  rule('169.254.169.254/32', 'metadata', {
    note: 'AWS, GCP, Azure, OpenStack, Oracle instance metadata',
  }),
  rule('169.254.170.2/32', 'metadata', { note: 'AWS ECS task metadata' }),
  rule('169.254.170.23/32', 'metadata', { note: 'AWS EKS pod identity' }),
  rule('100.100.100.200/32', 'metadata', { note: 'Alibaba Cloud metadata' }),
  rule('168.63.129.16/32', 'metadata', {
    note: 'Azure WireServer (a public-looking host-only address)',
  }),
  rule('192.0.0.192/32', 'metadata', { note: 'Oracle Cloud legacy metadata' }),
  rule('255.255.255.255/32', 'broadcast'),
  rule('0.0.0.0/8', 'unspecified'),
  rule('10.0.0.0/8', 'private'),
  rule('100.64.0.0/10', 'shared'),
  rule('127.0.0.0/8', 'loopback'),
  rule('169.254.0.0/16', 'link-local'),
  rule('172.16.0.0/12', 'private'),
  rule('192.0.0.0/24', 'reserved', { note: 'IETF protocol assignments' }),
  rule('192.0.2.0/24', 'documentation'),
  rule('192.88.99.0/24', 'reserved', { note: 'deprecated 6to4 relay anycast' }),
  rule('192.168.0.0/16', 'private'),
  rule('198.18.0.0/15', 'benchmarking'),
  rule('198.51.100.0/24', 'documentation'),
  rule('203.0.113.0/24', 'documentation'),
  rule('224.0.0.0/4', 'multicast'),
  rule('240.0.0.0/4', 'reserved'),
];

const IPV6_RULES: readonly Rule[] = [
  rule('fd00:ec2::254/128', 'metadata', { note: 'AWS instance metadata over IPv6' }),
  rule('::/128', 'unspecified'),
  rule('::1/128', 'loopback'),
  rule('::ffff:0:0/96', 'ipv4-mapped', {
    embedding: {
      offset: 12,
      label: 'an IPv4-mapped IPv6 address',
      verdict: 'always',
      category: 'ipv4-mapped',
    },
  }),
  rule('::ffff:0:0:0/96', 'reserved', {
    embedding: {
      offset: 12,
      label: 'an IPv4-translated (SIIT) address',
      verdict: 'always',
      category: 'reserved',
    },
  }),
  rule('::/96', 'ipv4-compatible', {
    embedding: {
      offset: 12,
      label: 'an IPv4-compatible IPv6 address',
      verdict: 'always',
      category: 'ipv4-compatible',
    },
  }),
  rule('64:ff9b::/96', 'public', {
    embedding: { offset: 12, label: 'a NAT64 address', verdict: 'inherit', category: 'public' },
  }),
  rule('64:ff9b:1::/48', 'private', { note: 'local-use NAT64' }),
  rule('100::/64', 'reserved', { note: 'discard-only' }),
  rule('2001::/32', 'reserved', {
    note: 'Teredo tunnelling (its obfuscated IPv4 target cannot be vetted)',
  }),
  rule('2001:2::/48', 'benchmarking'),
  rule('2001:10::/28', 'reserved', { note: 'ORCHID' }),
  rule('2001:20::/28', 'reserved', { note: 'ORCHIDv2' }),
  rule('2001:db8::/32', 'documentation'),
  rule('2002::/16', 'public', {
    embedding: { offset: 2, label: 'a 6to4 address', verdict: 'inherit', category: 'public' },
  }),
  rule('3fff::/20', 'documentation'),
  rule('fc00::/7', 'private', { note: 'unique local' }),
  rule('fe80::/10', 'link-local'),
  rule('fec0::/10', 'private', { note: 'deprecated site-local' }),
  rule('ff00::/8', 'multicast'),
];

/** Only 2000::/3 is allocated for global unicast; everything else is refused. */
const IPV6_GLOBAL_UNICAST = parseCidr('2000::/3');

/**
 * Classifies an IP address (IPv4 dotted quad or IPv6, brackets and zone id tolerated).
 * Pure: no DNS, no I/O. Anything that is not an IP address is `invalid` and blocked.
 */
export function classifyAddress(input: string): AddressClassification {
  const ip = parseIp(input);
  if (!ip) return verdict(input, null, 'invalid');
  const address = formatIp(ip);
  const rules = ip.family === 4 ? IPV4_RULES : IPV6_RULES;
  const match = rules.find((r) => cidrContains(r.cidr, ip));
  if (match?.embedding) return classifyEmbedding(address, ip, match.embedding);
  if (match) return verdict(address, ip.family, match.category);
  if (ip.family === 6 && !cidrContains(IPV6_GLOBAL_UNICAST, ip)) {
    return verdict(address, 6, 'reserved');
  }
  return verdict(address, ip.family, 'public');
}

function classifyEmbedding(
  address: string,
  ip: IpBytes,
  embedding: Embedding,
): AddressClassification {
  const inner = classifyAddress(formatIPv4(ip.bytes, embedding.offset));
  const blocked = embedding.verdict === 'always' || inner.blocked;
  const category = embedding.verdict === 'always' ? embedding.category : inner.category;
  const description = inner.blocked
    ? `${embedding.label} embedding ${inner.address}, ${inner.description}`
    : `${embedding.label} embedding ${inner.address}`;
  return { address, family: 6, category, blocked, description, embeddedIPv4: inner.address };
}

function verdict(
  address: string,
  family: 4 | 6 | null,
  category: AddressCategory,
): AddressClassification {
  return {
    address,
    family,
    category,
    blocked: category !== 'public',
    description: DESCRIPTIONS[category],
  };
}
