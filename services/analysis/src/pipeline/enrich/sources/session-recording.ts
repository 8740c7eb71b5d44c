// Scripts that behave as session recorders: they watch every change to the page and every
// pointer and key event, which is what replaying a visitor's session needs.
import { clamp01, counted } from '../../evidence/check.js';
import { browserEvidenceOf } from '../browser-evidence.js';
import type { BrowserContribution, EnrichContext } from '../finding-source.js';

export function sessionRecordingSource({ site }: EnrichContext): BrowserContribution {
  const recorders = browserEvidenceOf(site).sessionRecording;
  return {
    checks: [
      {
        id: 'privacy.session-recording',
        score: clamp01(1 - 0.5 * recorders.length),
        detail:
          recorders.length === 0
            ? 'No script recorded the session (page changes, pointer and keys) in a real browser.'
            : `${counted(recorders.length, 'script', 'recorded', 'recorded')} the session in a real browser (every page change, pointer and key event).`,
        fix: 'Remove session-recording scripts, or record only with consent and with inputs masked.',
        evidence: recorders.slice(0, 3).map((recorder) => recorder.script),
      },
    ],
  };
}
