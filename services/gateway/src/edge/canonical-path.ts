/** Characters that mean the same whether written plainly or %-escaped (RFC 3986 "unreserved"). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The path of a request target as the edge judges it (rate-limit buckets, the cross-site
 * check): lower-case, because routing matches paths case-insensitively (`/api/Search` is
 * served as `/api/search`); with repeated slashes collapsed, dot segments resolved and
 * unreserved %-escapes decoded; taken from an absolute-form target (`GET http://host/api/…`)
 * too. Any spelling that some router could serve as a route is judged as that route, so that
 * a new spelling never buys a new budget.
 */
export function canonicalPath(target: string | undefined): string {
  let path = (target ?? '/').split(/[?#]/)[0] ?? '/';
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname; // absolute-form, as a proxy is sent it
    } catch {
      return '/';
    }
  }
  path = path
    .replace(/\\/g, '/')
    .replace(/%([0-9a-fA-F]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape.toUpperCase();
    })
    .replace(/\/{2,}/g, '/');
  // Resolves `.` and `..` (after the slashes are collapsed, so `//x` cannot read as a host).
  const resolved = new URL(path, 'http://canonical.invalid').pathname;
  return resolved.toLowerCase();
}
