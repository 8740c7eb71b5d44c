// Scripts that fingerprinted the browser (canvas, WebGL, audio, font probing), by calling script:
// only a browser running the page can see it, so the check exists only in browser-seen reports.
import { clamp01, counted } from '../../evidence/check.js';
import { browserEvidenceOf } from '../browser-evidence.js';
import type { BrowserContribution, EnrichContext } from '../finding-source.js';

export function fingerprintingSource({ site }: EnrichContext): BrowserContribution {
  const findings = browserEvidenceOf(site).fingerprinting;
  return {
    checks: [
      {
        id: 'privacy.fingerprinting',
        score: clamp01(1 - 0.5 * findings.length),
        detail:
          findings.length === 0
            ? 'No script fingerprinted the browser (canvas, WebGL, audio, fonts) in a real browser.'
            : `${counted(findings.length, 'script', 'fingerprinted', 'fingerprinted')} the browser in a real browser (${[...new Set(findings.flatMap((finding) => finding.techniques))].sort().join(', ')}).`,
        fix: 'Remove scripts that fingerprint visitors: they recognise people who refused cookies.',
        strength:
          findings.length === 0 ? 'No browser fingerprinting seen in a real browser' : undefined,
        evidence: findings
          .slice(0, 3)
          .map(
            (finding) =>
              `${finding.script ?? 'an inline script'}: ${finding.techniques.join(', ')}`,
          ),
      },
    ],
  };
}
