// Visual interference: a decline control drawn much less visibly than the accept control beside
// it. Each measure alone is ordinary design (a text link for "Manage settings", a smaller
// secondary button); only two or more clear differences together are reported.

/** How a control is drawn, measured from its computed style in the rendered page. */
export interface ControlStyle {
  readonly fontSizePx: number;
  /** WCAG contrast ratio of its text against the background behind it (1–21). */
  readonly contrast: number;
  /** Area of its box in CSS pixels. */
  readonly areaPx: number;
  /** It has a background or border of its own (a button), not only text (a link). */
  readonly filled: boolean;
}

const FONT_RATIO = 0.75;
const AREA_RATIO = 0.25;
const LOW_CONTRAST = 3;
const GOOD_CONTRAST = 4.5;

/** Why `decline` is much less visible than `accept`; empty unless at least two measures say so. */
export function deEmphasis(accept: ControlStyle, decline: ControlStyle): string[] {
  const reasons: string[] = [];
  if (decline.fontSizePx <= accept.fontSizePx * FONT_RATIO)
    reasons.push(`text ${round(decline.fontSizePx)}px beside ${round(accept.fontSizePx)}px`);
  if (decline.contrast < LOW_CONTRAST && accept.contrast >= GOOD_CONTRAST)
    reasons.push(
      `contrast ${decline.contrast.toFixed(1)}:1 beside ${accept.contrast.toFixed(1)}:1`,
    );
  if (accept.filled && !decline.filled) reasons.push('plain text beside a filled button');
  if (accept.areaPx > 0 && decline.areaPx <= accept.areaPx * AREA_RATIO)
    reasons.push(
      `${Math.round((100 * decline.areaPx) / accept.areaPx)}% of the accept button's size`,
    );
  return reasons.length >= 2 ? reasons : [];
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}
