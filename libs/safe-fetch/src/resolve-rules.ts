import { isIP } from 'node:net';
import type { VarSpec } from '@frenly/config';
import type { CheckedUrl } from './check-url.js';
import type { Resolver } from './resolver.js';

/** Where a mapped host name is reached instead of its own address and port. */
export interface ResolveTarget {
  /** An IP address (IPv6 without brackets). */
  readonly address: string;
  readonly port: number;
}

const RULE = /^([^=\s]+)=(\[[0-9a-fA-F:.]+\]|[0-9.]+):(\d{1,5})$/;

/**
 * `FRENLY_RESOLVE` rules: `HOST=ADDRESS:PORT`, HOST a name, `*.name` (any name under it, not
 * the name itself) or `*` (every name). They send every connection the product makes to a
 * mapped name to that address and port instead, so a whole fixture web (shop.test, its CDN, its
 * trackers) can be served from loopback. The most specific rule wins: the exact name, then the
 * longest `*.suffix`, then `*`. Hosts written as IP addresses are never remapped, and the mapped
 * address still has to pass the address policy (loopback only when `ADDRESS:PORT` is on the
 * allow-list; metadata never).
 */
export class ResolveRules {
  private readonly exact = new Map<string, ResolveTarget>();
  /** `*.suffix` rules, longest suffix first; `suffix` keeps its leading dot. */
  private readonly wildcards: { suffix: string; target: ResolveTarget }[] = [];
  private catchAll: ResolveTarget | undefined;

  constructor(rules: Iterable<string> = []) {
    for (const rule of rules) {
      const problem = resolveRuleProblem(rule);
      if (problem) throw new Error(`Invalid FRENLY_RESOLVE rule "${rule}": ${problem}`);
      const [, host = '', address = '', port = ''] = RULE.exec(rule.trim()) ?? [];
      const target: ResolveTarget = {
        address: address.replace(/^\[|\]$/g, ''),
        port: Number(port),
      };
      const pattern = normaliseName(host);
      if (pattern === '*') this.catchAll = target;
      else if (pattern.startsWith('*.')) this.wildcards.push({ suffix: pattern.slice(1), target });
      else this.exact.set(pattern, target);
    }
    this.wildcards.sort((a, b) => b.suffix.length - a.suffix.length);
  }

  get empty(): boolean {
    return this.exact.size === 0 && this.wildcards.length === 0 && this.catchAll === undefined;
  }

  /** Where `hostname` is mapped to, or undefined when no rule names it (or it is an IP address). */
  match(hostname: string): ResolveTarget | undefined {
    const name = normaliseName(hostname.replace(/^\[|\]$/g, ''));
    if (isIP(name)) return undefined;
    const exact = this.exact.get(name);
    if (exact) return exact;
    return this.wildcards.find((rule) => name.endsWith(rule.suffix))?.target ?? this.catchAll;
  }

  /**
   * The hop as it must be connected: a mapped name keeps its URL, Host header and TLS name but
   * gets the rule's port, and only the mapped `address:port` counts as allow-listed (listing the
   * name itself lets nothing through: the allow-list speaks of where connections go).
   */
  route(checked: CheckedUrl): CheckedUrl {
    if (checked.ip) return checked;
    const target = this.match(checked.hostname);
    return target ? { ...checked, port: target.port, allowListed: false } : checked;
  }

  /** `resolver`, except that mapped names resolve to their rule's address and nothing else. */
  wrap(resolver: Resolver): Resolver {
    if (this.empty) return resolver;
    return async (hostname) => {
      const target = this.match(hostname);
      return target ? [target.address] : resolver(hostname);
    };
  }
}

/** Why a rule is invalid, or undefined when it is a valid `HOST=ADDRESS:PORT`. */
export function resolveRuleProblem(rule: string): string | undefined {
  const match = RULE.exec(rule.trim());
  if (!match)
    return 'expected HOST=ADDRESS:PORT (HOST a name, *.name or *; IPv6 in brackets: [::1]:8080)';
  const [, host = '', address = '', port = ''] = match;
  if (isIP(address.replace(/^\[|\]$/g, '')) === 0) return `${address} is not an IP address`;
  const portNumber = Number(port);
  if (portNumber < 1 || portNumber > 65535) return 'the port must be between 1 and 65535';
  if (host === '*') return undefined;
  const name = host.startsWith('*.') ? host.slice(2) : host;
  if (name.includes('*')) return 'a wildcard may only stand first, as in *.example.test';
  if (isIP(name.replace(/^\[|\]$/g, '')) !== 0)
    return 'HOST must be a name: addresses are never remapped';
  try {
    if (new URL(`http://${name}/`).hostname !== name.toLowerCase())
      return `${host} is not a plain host name`;
  } catch {
    return `${host} is not a valid host name`;
  }
  return undefined;
}

function normaliseName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * `FRENLY_RESOLVE`: spread into the config spec of every service that fetches, then pass the
 * list as `resolve` to the SafeFetcher (and the browser tier). Refused when NODE_ENV=production:
 * it exists for tests and benchmarks, and in production it would let configuration silently
 * point every fetch of a name somewhere else.
 */
export const fetchResolveVar: VarSpec<string[]> = {
  description:
    'Tests and benchmarks only (refused when NODE_ENV=production): comma-separated HOST=ADDRESS:PORT rules (HOST a name, *.name or *) that make every fetch of that host name (safe fetcher, crawler, browser tier) connect to ADDRESS:PORT, e.g. to serve a fixture web from loopback; the address must still pass the address policy (list it in FRENLY_FETCH_ALLOWLIST); empty = none',
  defaultText: '',
  parse(raw, source) {
    const rules = (raw ?? '')
      .split(',')
      .map((rule) => rule.trim())
      .filter(Boolean);
    for (const rule of rules) {
      const problem = resolveRuleProblem(rule);
      if (problem) return { ok: false, error: `has an invalid rule "${rule}": ${problem}` };
    }
    const nodeEnv = (source ?? process.env).NODE_ENV?.trim();
    if (rules.length > 0 && nodeEnv === 'production') {
      return {
        ok: false,
        error:
          'is for tests and benchmarks and is refused when NODE_ENV=production (it would redirect fetches of real host names); unset it',
      };
    }
    return { ok: true, value: rules };
  },
};
