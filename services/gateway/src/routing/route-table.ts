/**
 * Who owns which path. The gateway serves its own routes; in distributed mode it forwards
 * the others to the owning service (in the embedded runtime every module is mounted in
 * the same process, so nothing is forwarded). Later issues add their routes here.
 */
export type DownstreamService = 'search' | 'ledger' | 'analysis' | 'realtime';
export type RouteOwner = 'gateway' | DownstreamService;

export const DOWNSTREAM_SERVICES: readonly DownstreamService[] = [
  'search',
  'ledger',
  'analysis',
  'realtime',
];

export interface OwnedRoute {
  /** The route as people write it; also the `route` label of forwarded requests in metrics. */
  readonly pattern: string;
  readonly owner: RouteOwner;
  readonly matches: (path: string) => boolean;
}

/** The path itself or anything below it: `/api/search`, `/api/search/trending`. */
const under = (prefix: string) => (path: string) =>
  path === prefix || path.startsWith(`${prefix}/`);
const exactly = (expected: string) => (path: string) =>
  path === expected || path === `${expected}/`;
const siteAction = (action: string) => {
  const pattern = new RegExp(`^/api/sites/[^/]+/${action}/?$`);
  return (path: string) => pattern.test(path);
};

export const ROUTE_TABLE: readonly OwnedRoute[] = [
  { pattern: '/api/search*', owner: 'search', matches: under('/api/search') },
  { pattern: '/api/stakes*', owner: 'ledger', matches: under('/api/stakes') },
  { pattern: '/api/ledger*', owner: 'ledger', matches: under('/api/ledger') },
  { pattern: '/api/sites/:id/vote', owner: 'ledger', matches: siteAction('vote') },
  { pattern: '/api/sites/:id/community', owner: 'ledger', matches: siteAction('community') },
  { pattern: '/api/sites/analyze', owner: 'analysis', matches: exactly('/api/sites/analyze') },
  { pattern: '/api/sites/:id/reframe', owner: 'analysis', matches: siteAction('reframe') },
  { pattern: '/api/analyses*', owner: 'analysis', matches: under('/api/analyses') },
  { pattern: '/ws', owner: 'realtime', matches: under('/ws') },
  { pattern: '/api/auth*', owner: 'gateway', matches: under('/api/auth') },
  { pattern: '/api/push*', owner: 'gateway', matches: under('/api/push') },
  { pattern: '/api/login', owner: 'gateway', matches: exactly('/api/login') },
  { pattern: '/api/logout', owner: 'gateway', matches: exactly('/api/logout') },
  { pattern: '/auth/*', owner: 'gateway', matches: under('/auth') },
  { pattern: '/api/meta', owner: 'gateway', matches: exactly('/api/meta') },
];

/** The first route owning `path` (query string ignored); undefined for paths nobody claims. */
export function findRoute(pathWithQuery: string): OwnedRoute | undefined {
  const path = pathWithQuery.split('?')[0] ?? '';
  return ROUTE_TABLE.find((route) => route.matches(path));
}

/** Paths the backend answers (rather than the single-page frontend). */
export function isBackendPath(path: string): boolean {
  return /^\/(api|auth|ws|health|metrics)(\/|$)/.test(path);
}
