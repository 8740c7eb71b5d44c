// Security headers and transport, in the spirit of the Mozilla HTTP Observatory's tests.
import type { PageFacts } from '../scan/page-facts.js';
import { headerOf, type PageSnapshot } from '../snapshot.js';
import { clip } from '../text/snippet.js';
import { counted, ofTotal, share, type CheckResult } from './check.js';
import { cookiesOf } from './cookies.js';

/** Six months, the Observatory's minimum for a passing HSTS max-age. */
export const HSTS_MIN_MAX_AGE = 15_552_000;
const SAFE_REFERRER_POLICIES = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);
const LEAKY_REFERRER_POLICIES = new Set(['unsafe-url', 'no-referrer-when-downgrade']);

export interface SecurityEvidence {
  readonly https: boolean;
  readonly certificateValid: boolean;
  readonly hstsMaxAge: number | null;
  readonly csp: string | null;
  readonly referrerPolicy: string | null;
}

function cspDirectives(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase()))
      directives.set(
        name.toLowerCase(),
        values.map((value) => value.toLowerCase()),
      );
  }
  return directives;
}

function scoreCsp(policy: string): { score: number; problems: string[] } {
  const directives = cspDirectives(policy);
  const scriptSources = directives.get('script-src') ?? directives.get('default-src');
  const problems: string[] = [];
  let score = 1;
  if (!scriptSources) {
    problems.push('no script-src or default-src');
    score -= 0.4;
  } else {
    const hasNonceOrHash = scriptSources.some(
      (source) => /^'(nonce-|sha(256|384|512)-)/.test(source) || source === "'strict-dynamic'",
    );
    if (scriptSources.includes("'unsafe-inline'") && !hasNonceOrHash) {
      problems.push("script-src allows 'unsafe-inline'");
      score -= 0.4;
    }
    if (scriptSources.includes("'unsafe-eval'")) {
      problems.push("script-src allows 'unsafe-eval'");
      score -= 0.2;
    }
    if (
      scriptSources.some(
        (source) =>
          source === '*' || source === 'https:' || source === 'http:' || source === 'data:',
      )
    ) {
      problems.push('script-src allows any origin');
      score -= 0.3;
    }
  }
  return { score: Math.max(0.1, score), problems };
}

export function securityChecks(
  facts: PageFacts,
  snapshot: PageSnapshot,
): { checks: CheckResult[]; evidence: SecurityEvidence } {
  const https = snapshot.finalUrl.startsWith('https:') && snapshot.tls;
  const verified = https && snapshot.certificateValid;
  const requestedHttp = snapshot.requestedUrl.startsWith('http:');
  const checks: CheckResult[] = [];

  checks.push({
    id: 'security.https',
    score: verified ? 1 : 0,
    detail: verified
      ? 'Served over HTTPS with a valid certificate.'
      : https
        ? 'Served over HTTPS, but the certificate did not verify.'
        : 'Served over plain HTTP: anyone on the network can read and change the page.',
    fix: 'Serve the site over HTTPS with a valid certificate.',
    strength: verified ? 'Encrypted connection (HTTPS) with a valid certificate' : undefined,
  });
  checks.push({
    id: 'security.https-redirect',
    score: requestedHttp ? (snapshot.finalUrl.startsWith('https:') ? 1 : 0) : null,
    detail: !requestedHttp
      ? 'Asked for over HTTPS.'
      : snapshot.finalUrl.startsWith('https:')
        ? 'Plain HTTP redirects to HTTPS.'
        : 'Plain HTTP does not redirect to HTTPS.',
    fix: 'Redirect every plain-HTTP request to HTTPS.',
  });

  const hsts = headerOf(snapshot, 'strict-transport-security');
  const maxAgeMatch = hsts ? /max-age\s*=\s*"?(\d+)/i.exec(hsts) : null;
  const hstsMaxAge = maxAgeMatch ? Number(maxAgeMatch[1]) : null;
  checks.push({
    id: 'security.hsts',
    score: !https
      ? null
      : hstsMaxAge === null
        ? 0
        : hstsMaxAge >= HSTS_MIN_MAX_AGE
          ? 1
          : hstsMaxAge > 0
            ? 0.5
            : 0,
    detail: !https
      ? 'HSTS needs HTTPS.'
      : hstsMaxAge === null
        ? 'No Strict-Transport-Security header.'
        : `Strict-Transport-Security max-age=${hstsMaxAge}${hstsMaxAge >= HSTS_MIN_MAX_AGE ? '' : ' (under six months)'}.`,
    fix: `Send Strict-Transport-Security with max-age of at least ${HSTS_MIN_MAX_AGE} (six months).`,
  });

  const cspHeader = headerOf(snapshot, 'content-security-policy');
  const csp = cspHeader ?? facts.metaCsp;
  const cspResult = csp ? scoreCsp(csp) : null;
  checks.push({
    id: 'security.csp',
    score: cspResult ? cspResult.score : 0,
    detail: !csp
      ? 'No Content-Security-Policy.'
      : cspResult && cspResult.problems.length > 0
        ? `Content-Security-Policy present, but ${cspResult.problems.join('; ')}.`
        : 'A strict Content-Security-Policy limits where scripts come from.',
    fix: !csp
      ? 'Add a Content-Security-Policy that restricts script sources.'
      : "Tighten the Content-Security-Policy: no 'unsafe-inline' or 'unsafe-eval' in script-src, no wildcard sources.",
    strength:
      cspResult && cspResult.problems.length === 0 ? 'Strict Content-Security-Policy' : undefined,
    evidence: csp ? [clip(csp, 140)] : [],
  });

  const nosniff =
    (headerOf(snapshot, 'x-content-type-options') ?? '').trim().toLowerCase() === 'nosniff';
  checks.push({
    id: 'security.x-content-type-options',
    score: nosniff ? 1 : 0,
    detail: nosniff ? 'X-Content-Type-Options: nosniff.' : 'No X-Content-Type-Options: nosniff.',
    fix: 'Send X-Content-Type-Options: nosniff.',
  });

  const xfo = (headerOf(snapshot, 'x-frame-options') ?? '').trim().toLowerCase();
  const frameAncestors = csp ? cspDirectives(csp).has('frame-ancestors') : false;
  const frameProtected = xfo === 'deny' || xfo === 'sameorigin' || frameAncestors;
  checks.push({
    id: 'security.frame-protection',
    score: frameProtected ? 1 : 0,
    detail: frameProtected
      ? `Other sites cannot frame the page (${frameAncestors ? 'CSP frame-ancestors' : `X-Frame-Options: ${xfo.toUpperCase()}`}).`
      : 'Other sites may frame the page (clickjacking).',
    fix: "Send X-Frame-Options: DENY (or CSP frame-ancestors 'none').",
  });

  const referrerHeader = headerOf(snapshot, 'referrer-policy');
  const referrerPolicy =
    (referrerHeader ? referrerHeader.split(',').pop()?.trim().toLowerCase() : facts.metaReferrer) ??
    null;
  checks.push({
    id: 'security.referrer-policy',
    score:
      referrerPolicy === null || referrerPolicy === ''
        ? 0.5
        : SAFE_REFERRER_POLICIES.has(referrerPolicy)
          ? 1
          : LEAKY_REFERRER_POLICIES.has(referrerPolicy)
            ? 0
            : 0.5,
    detail: referrerPolicy
      ? `Referrer-Policy: ${referrerPolicy}.`
      : 'No Referrer-Policy (browsers default to strict-origin-when-cross-origin).',
    fix: 'Send Referrer-Policy: strict-origin-when-cross-origin (or stricter).',
  });

  const cookies = cookiesOf(snapshot);
  const goodCookies = cookies.reduce(
    (sum, cookie) =>
      sum + ((https ? (cookie.secure ? 0.5 : 0) : 0.5) + (cookie.sameSite ? 0.5 : 0)),
    0,
  );
  const badCookies = cookies.filter((cookie) => (https && !cookie.secure) || !cookie.sameSite);
  checks.push({
    id: 'security.cookie-flags',
    score: share(goodCookies, cookies.length),
    detail:
      cookies.length === 0
        ? 'No cookies set.'
        : badCookies.length === 0
          ? 'Every cookie is Secure and has SameSite.'
          : `${counted(badCookies.length, 'cookie', 'lacks', 'lack')} Secure or SameSite.`,
    fix: 'Mark cookies Secure and SameSite (and HttpOnly unless scripts need them).',
    evidence: badCookies.slice(0, 3).map((cookie) => clip(cookie.name, 40)),
  });

  const crossOriginScripts = facts.scripts.filter(
    (script) => script.src !== null && isCrossOrigin(script.src, snapshot.finalUrl),
  );
  const withIntegrity = crossOriginScripts.filter((script) => script.integrity);
  checks.push({
    id: 'security.subresource-integrity',
    score: share(withIntegrity.length, crossOriginScripts.length),
    detail:
      crossOriginScripts.length === 0
        ? 'No cross-origin scripts.'
        : `${ofTotal(withIntegrity.length, crossOriginScripts.length, 'cross-origin script', 'carries', 'carry')} an integrity hash.`,
    fix: 'Add integrity="sha384-…" to scripts loaded from other origins.',
  });

  const insecure = https
    ? facts.resources.filter(
        (resource) =>
          resource.kind !== 'inline-script' &&
          resource.kind !== 'form' &&
          resource.kind !== 'preconnect' &&
          /^http:\/\//i.test(resource.url),
      )
    : [];
  const activeInsecure = insecure.filter(
    (resource) =>
      resource.kind === 'script' || resource.kind === 'iframe' || resource.kind === 'stylesheet',
  );
  checks.push({
    id: 'security.mixed-content',
    score: !https ? null : activeInsecure.length > 0 ? 0 : insecure.length > 0 ? 0.5 : 1,
    detail: !https
      ? 'Not served over HTTPS.'
      : insecure.length === 0
        ? 'No resources over plain HTTP.'
        : `${counted(insecure.length, 'resource', 'loads', 'load')} over plain HTTP (${activeInsecure.length} active).`,
    fix: 'Load every resource over HTTPS.',
    evidence: insecure.slice(0, 3).map((resource) => clip(resource.url, 100)),
  });

  return {
    checks,
    evidence: {
      https,
      certificateValid: verified,
      hstsMaxAge,
      csp: csp ? clip(csp, 300) : null,
      referrerPolicy,
    },
  };
}

function isCrossOrigin(src: string, pageUrl: string): boolean {
  try {
    return new URL(src, pageUrl).origin !== new URL(pageUrl).origin;
  } catch {
    return false;
  }
}
