// robots.txt as RFC 9309 reads it, plus the Crawl-delay and Sitemap lines crawlers honour.

export interface RobotsRules {
  /** Whether the crawler may fetch this path (with its query string). */
  isAllowed(pathAndQuery: string): boolean;
  /** Crawl-delay of the group that applies to us, in ms. */
  readonly crawlDelayMs: number | undefined;
  /** Sitemap URLs listed anywhere in the file (absolute, as written). */
  readonly sitemaps: readonly string[];
}

interface Rule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly matcher: RegExp;
}

interface Group {
  readonly agents: string[];
  readonly rules: Rule[];
  crawlDelayMs?: number;
}

/** robots.txt beyond this size is cut (RFC 9309 asks for at least 500 KiB to be read). */
export const MAX_ROBOTS_BYTES = 500 * 1024;

/** Everything allowed (no robots.txt, or a 4xx answer). */
export const ALLOW_ALL: RobotsRules = {
  isAllowed: () => true,
  crawlDelayMs: undefined,
  sitemaps: [],
};

/** Nothing allowed (robots.txt unreachable or answering 5xx: the site may be in trouble). */
export const DISALLOW_ALL: RobotsRules = {
  isAllowed: () => false,
  crawlDelayMs: undefined,
  sitemaps: [],
};

/**
 * Parses robots.txt for the crawler whose product token is `productToken` ("FrenlyBot"):
 * the groups naming it (case-insensitively) apply, else the `*` groups. Among the
 * rules, the longest matching pattern wins and Allow wins a tie; `*` and a final `$` work.
 */
export function parseRobots(text: string, productToken: string): RobotsRules {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.slice(0, MAX_ROBOTS_BYTES).split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (!current) {
      continue; // rules before any user-agent line belong to no group
    } else if (field === 'allow' || field === 'disallow') {
      // An empty Disallow allows everything; an empty Allow says nothing.
      if (value !== '')
        current.rules.push({
          allow: field === 'allow',
          pattern: value,
          matcher: patternMatcher(value),
        });
    } else if (field === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0)
        current.crawlDelayMs = Math.round(seconds * 1000);
    }
  }

  const applicable = groupsFor(groups, productToken.toLowerCase());
  const rules = applicable.flatMap((group) => group.rules);
  const delays = applicable
    .map((group) => group.crawlDelayMs)
    .filter((delay): delay is number => delay !== undefined);
  return {
    isAllowed: (pathAndQuery) => isAllowed(rules, normalisePath(pathAndQuery)),
    crawlDelayMs: delays.length > 0 ? Math.max(...delays) : undefined,
    sitemaps,
  };
}

function groupsFor(groups: readonly Group[], token: string): Group[] {
  const product = token.replace(/\/.*$/, '');
  const named = groups.filter((group) =>
    group.agents.some((agent) => agent.replace(/\/.*$/, '') === product),
  );
  return named.length > 0 ? named : groups.filter((group) => group.agents.includes('*'));
}

function isAllowed(rules: readonly Rule[], path: string): boolean {
  let verdict: Rule | undefined;
  for (const rule of rules) {
    if (!rule.matcher.test(path)) continue;
    if (
      !verdict ||
      rule.pattern.length > verdict.pattern.length ||
      (rule.pattern.length === verdict.pattern.length && rule.allow)
    ) {
      verdict = rule;
    }
  }
  return verdict?.allow ?? true;
}

function patternMatcher(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = normalisePath(anchored ? pattern.slice(0, -1) : pattern);
  const source = body
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`);
}

// Compare paths in one encoding: decode what need not be encoded, keep reserved escapes.
function normalisePath(path: string): string {
  const withSlash = path.startsWith('/') || path.startsWith('*') ? path : `/${path}`;
  return withSlash.replace(/%[0-9a-f]{2}/gi, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
  });
}
