// What a control of a banner or dialog offers, by its text: reject (decline), accept, or the way
// to more choices (settings). Reject is tested first ("Continue without accepting" declines),
// then accept, so that nothing that accepts ("Accept selected", "Save and accept") is ever taken
// for a settings control Frenly may click.

export type ControlKind = 'reject' | 'accept' | 'settings' | 'other';

const REJECT =
  /\b(?:reject|decline|refuse|deny|disagree|opt[- ]out)\b|^no,? thanks\b|^not now\b|^maybe later\b|\bonly (?:strictly )?(?:necessary|essential|required)\b|\b(?:necessary|essential|required) (?:cookies )?only\b|\bcontinue without (?:accepting|agreeing|consent(?:ing)?)\b|\bdo not (?:accept|agree|consent|allow)\b|\bdon'?t (?:accept|allow|agree)\b|\btout refuser\b|\brefuser\b|\bablehnen\b|\bnur (?:notwendige|essenzielle|erforderliche)\b/i;
const ACCEPT =
  /\b(?:accept|agree|allow|consent|got it|ok(?:ay)?|i understand|understood|continue|yes|sign me up|subscribe|akzeptieren|zustimmen|einverstanden|accepter|j'accepte)\b/i;
const SETTINGS =
  /\b(?:settings|preferences|options|manage|customi[sz]e|configure|more choices|choices|details|purposes|partners|vendors|param[eè]tres|personnaliser|einstellungen|anpassen)\b/i;

/** The kind of a control by its visible text (whitespace and case do not matter). */
export function classifyControl(text: string): ControlKind {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean === '' || clean.length > 80) return 'other';
  if (REJECT.test(clean)) return 'reject';
  if (ACCEPT.test(clean)) return 'accept';
  if (SETTINGS.test(clean)) return 'settings';
  return 'other';
}

/** A banner about cookies or consent (not a newsletter or an offer pop-up). */
const CONSENT_WORDING =
  /\bcookies?\b|\bconsent\b|\btracking\b|\bpersonal data\b|\bprivacy (?:settings|preferences|choices)\b|\bour partners\b|\bstore and\/or access information\b|\btraceurs\b|\beinwilligung\b/i;

export function isConsentText(text: string): boolean {
  return CONSENT_WORDING.test(text.slice(0, 2_000));
}
