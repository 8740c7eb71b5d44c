// Text typed into the page's fields (never submitted) that left the page anyway: Frenly types a
// marker into the first fields and watches the network for it.
import { plural } from '../../evidence/check.js';
import { browserEvidenceOf } from '../browser-evidence.js';
import type { BrowserContribution, EnrichContext } from '../finding-source.js';

export function keyLoggingSource({ site }: EnrichContext): BrowserContribution {
  const leaks = browserEvidenceOf(site).keyLogging;
  const thirdParty = leaks.filter((leak) => leak.thirdParty);
  const hosts = [...new Set(leaks.map((leak) => leak.host))].sort();
  return {
    checks: [
      {
        id: 'privacy.key-logging',
        // Sent to another site is the worst case; to the site itself before submit still surprises.
        score: leaks.length === 0 ? 1 : thirdParty.length > 0 ? 0 : 0.3,
        detail:
          leaks.length === 0
            ? 'Text typed into the page in a real browser stayed in the page until submitted.'
            : `Text typed into ${plural(new Set(leaks.map((leak) => leak.field)).size, 'field')} was sent before any submit, in a real browser, to ${hosts.join(', ')}.`,
        fix: 'Send nothing a visitor types until they submit the form.',
        evidence: leaks
          .slice(0, 3)
          .map((leak) => `${leak.field} → ${leak.host} (${leak.encoding})`),
      },
    ],
  };
}
