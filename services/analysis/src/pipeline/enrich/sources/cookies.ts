// Cookies in the browser's jar after the visit, any domain: first or third party, lifetime,
// owner. They answer the cookie check the HTML tier could only answer from Set-Cookie headers.
import { clamp01, plural } from '../../evidence/check.js';
import { browserEvidenceOf } from '../browser-evidence.js';
import type { BrowserContribution, EnrichContext } from '../finding-source.js';

const DAY_SECONDS = 86_400;

export function cookieSource({ site }: EnrichContext): BrowserContribution {
  const cookies = browserEvidenceOf(site).cookies;
  const lasting = cookies.filter(
    (cookie) => cookie.lifetimeSeconds !== null && cookie.lifetimeSeconds > DAY_SECONDS,
  );
  const thirdParty = cookies.filter((cookie) => cookie.thirdParty);
  const owners = [...new Set(thirdParty.map((cookie) => cookie.owner))].sort();
  return {
    checks: [
      {
        id: 'privacy.cookies',
        score: clamp01(1 - 0.2 * lasting.length),
        detail:
          cookies.length === 0
            ? 'In a real browser the visit left no cookies.'
            : `In a real browser the visit left ${plural(cookies.length, 'cookie')}, ${thirdParty.length} set by other sites${owners.length > 0 ? ` (${owners.slice(0, 4).join(', ')})` : ''} and ${lasting.length} lasting beyond a day.`,
        fix: 'Set no long-lived cookies, and let no other site set any, before the visitor consents.',
        evidence: lasting
          .slice(0, 3)
          .map(
            (cookie) =>
              `${cookie.name} (${cookie.domain.replace(/^\./, '')}, ${Math.round((cookie.lifetimeSeconds ?? 0) / DAY_SECONDS)} days${cookie.thirdParty ? ', third party' : ''})`,
          ),
      },
    ],
  };
}
