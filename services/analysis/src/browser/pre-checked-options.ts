// Options ticked before the visitor touched them: a paid add-on (insurance, a donation, express
// delivery…) or marketing consent (newsletter, offers, partners). A selected radio is only
// reported when it costs money, since one radio of a group is always selected.
import type { PreCheckedKind, PreCheckedOption } from './design-observation.js';

/** A checked control as the rendered page shows it (checked from the DOM property). */
export interface CheckedControl {
  readonly control: 'checkbox' | 'radio';
  readonly label: string;
}

const PAID_ADD_ON =
  /\b(?:insurance|insured|protection(?: plan)?|warranty|donat(?:e|ion)|gift[- ]?wrap(?:ping)?|priority (?:processing|handling|shipping|delivery|boarding)|express (?:shipping|delivery)|add[- ]on|carbon offset|tip|extended support|premium support|cover(?:age)?)\b/i;
const MARKETING =
  /\b(?:newsletters?|marketing|promotion(?:al)?s?|special offers?|offers|deals|partners?|third[- ]part(?:y|ies)|sms|text messages|mailing list|e-?mail me|send me|keep me (?:informed|updated|posted)|news and updates|subscribe)\b/i;
const NOT_MARKETING =
  /\b(?:remember me|keep me (?:signed|logged) in|stay (?:signed|logged) in|same as (?:billing|shipping)|i (?:agree|accept) (?:to )?the terms|terms (?:and|&) conditions)\b/i;
const PRICE =
  /(?:[$€£¥]\s?\d+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?\s?(?:€|\$|£|(?:usd|eur|gbp)\b))/i;

/** The price a label quotes, null when none (or when it is zero: "€0.00" costs nothing). */
export function priceIn(label: string): string | null {
  const match = PRICE.exec(label);
  if (!match) return null;
  const amount = Number(match[0].replace(/[^\d.,]/g, '').replace(',', '.'));
  return amount > 0 ? match[0].replace(/\s+/g, ' ').trim() : null;
}

/** What a pre-checked control signs the visitor up for, null when it is nothing of the sort. */
export function classifyPreChecked(control: CheckedControl): PreCheckedOption | null {
  const label = control.label.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (label === '') return null;
  const price = priceIn(label);
  let kind: PreCheckedKind | null = null;
  if (PAID_ADD_ON.test(label) && (control.control === 'checkbox' || price !== null))
    kind = 'paid-add-on';
  else if (control.control === 'checkbox' && MARKETING.test(label) && !NOT_MARKETING.test(label))
    kind = 'marketing';
  return kind === null ? null : { kind, control: control.control, label, price };
}
