import { classifyAddress, type AddressClassification } from './address/classify-address.js';
import { parseIp } from './address/ip-address.js';
import { AllowList } from './allow-list.js';
import { SafeFetchError, SafeFetchErrorCode } from './safe-fetch-error.js';

export interface CheckedUrl {
  readonly url: URL;
  /** The host to connect to and to verify the certificate against: no brackets, no trailing dot. */
  readonly hostname: string;
  readonly port: number;
  readonly tls: boolean;
  /** The host as an IP address when the URL names one (in whatever notation); null for a name. */
  readonly ip: string | null;
  /** The host:port pair is on the allow-list. */
  readonly allowListed: boolean;
}

export interface CheckUrlOptions {
  readonly allowList?: AllowList;
}

const NO_ALLOW_LIST = new AllowList();

/** Names that never need DNS to be judged. */
const BLOCKED_NAMES: readonly {
  test: (name: string) => boolean;
  description: string;
  metadata: boolean;
}[] = [
  {
    test: (name) => name === 'localhost' || name.endsWith('.localhost'),
    description: 'a loopback name',
    metadata: false,
  },
  {
    test: (name) => ['metadata.google.internal', 'metadata.goog', 'metadata'].includes(name),
    description: 'a cloud metadata name',
    metadata: true,
  },
];

/**
 * Checks one URL before anything is resolved or connected: http(s) only, no credentials, and a
 * literal IP host (in any notation the WHATWG parser accepts: `2130706433`, `0x7f.1`, `127.1`,
 * `[::ffff:127.0.0.1]`…) must be public or allow-listed. Names are judged later, by address.
 * Pure: throws SafeFetchError, does no I/O.
 */
export function checkUrl(input: string | URL, options: CheckUrlOptions = {}): CheckedUrl {
  const allowList = options.allowList ?? NO_ALLOW_LIST;
  const url = parseUrl(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError(
      SafeFetchErrorCode.UnsupportedProtocol,
      `Refused: ${url.protocol} URLs are not fetched (only http and https)`,
      { url: url.href },
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new SafeFetchError(
      SafeFetchErrorCode.CredentialsInUrl,
      'Refused: the URL contains credentials',
      {
        url: redactCredentials(url),
      },
    );
  }
  const tls = url.protocol === 'https:';
  const port = url.port === '' ? (tls ? 443 : 80) : Number(url.port);
  if (port === 0) {
    throw new SafeFetchError(SafeFetchErrorCode.InvalidUrl, 'Invalid URL: port 0', {
      url: url.href,
    });
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const allowListed = allowList.has(hostname, port);
  const ip = parseIp(hostname) ? hostname : null;
  const checked: CheckedUrl = { url, hostname, port, tls, ip, allowListed };

  if (ip) {
    checkAddress(checked, classifyAddress(ip), allowList);
  } else {
    const blockedName = BLOCKED_NAMES.find((b) => b.test(hostname));
    if (blockedName && (blockedName.metadata || !allowListed)) {
      throw new SafeFetchError(
        SafeFetchErrorCode.BlockedAddress,
        `Refused: ${hostname} is ${blockedName.description}`,
        { url: url.href },
      );
    }
  }
  return checked;
}

/**
 * Judges one address the URL's host resolved to (or the literal address itself). Throws when it
 * is not public, unless the URL's host:port or this address:port is allow-listed; metadata
 * addresses are refused even then.
 */
export function checkAddress(
  checked: CheckedUrl,
  classification: AddressClassification,
  allowList: AllowList = NO_ALLOW_LIST,
): AddressClassification {
  if (!classification.blocked) return classification;
  const listed = checked.allowListed || allowList.has(classification.address, checked.port);
  if (listed && !isMetadata(classification)) return classification;
  const subject =
    checked.ip === null
      ? `${checked.hostname} resolves to ${classification.address}, ${classification.description}`
      : `${classification.address} is ${classification.description}`;
  throw new SafeFetchError(SafeFetchErrorCode.BlockedAddress, `Refused: ${subject}`, {
    url: checked.url.href,
    address: classification.address,
  });
}

/** Metadata endpoints stay closed even to allow-listed pairs, also when tunnelled in IPv6. */
function isMetadata(classification: AddressClassification): boolean {
  if (classification.category === 'metadata') return true;
  const inner = classification.embeddedIPv4;
  return inner !== undefined && classifyAddress(inner).category === 'metadata';
}

function parseUrl(input: string | URL): URL {
  if (input instanceof URL) return new URL(input.href);
  try {
    return new URL(input);
  } catch {
    throw new SafeFetchError(SafeFetchErrorCode.InvalidUrl, `Invalid URL: "${truncate(input)}"`);
  }
}

function redactCredentials(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
