// Each element's state, decided once from its own attributes and its parent's state: whether it
// is hidden (from sight, and from assistive technology), inside <noscript> or an SVG, page chrome,
// tiny print, whether its text is page text, and what its ancestors are for (class/id hints).
// Every extractor and the text walk read these; none decides visibility on its own.
import type { PageElement } from './extract/elements.js';
import { hintsOf } from './hints.js';
import type { Hint } from './page-facts.js';
import { isTinyStyle } from './text-measure.js';
import { classStateOf, hiddenByRules, isStyleHidden, type HidingRules } from './visibility.js';

/** Their text is not page text a visitor reads. */
const NO_TEXT_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'select',
  'option',
  'textarea',
  'svg',
  'math',
  'head',
  'iframe',
  'object',
]);
const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'menu']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary']);

export interface ElementState {
  readonly role: string;
  /** Hints of this element's own class and id. */
  readonly ownHints: readonly Hint[];
  /** Hints of the element and its ancestors. */
  readonly hints: readonly Hint[];
  /** Not shown on screen (hidden attribute, inline style, state class, the page's CSS, <noscript>, aria-hidden…). */
  readonly hidden: boolean;
  /** Hidden from assistive technology too (as hidden, or aria-hidden, but not screen-reader-only). */
  readonly atHidden: boolean;
  /** Inside <noscript>: what a browser running scripts never loads. */
  readonly inNoscript: boolean;
  readonly noText: boolean;
  /** Inside navigation, header, footer or aside: page chrome rather than content. */
  readonly chrome: boolean;
  readonly tiny: boolean;
  readonly inSvg: boolean;
}

export type ElementStates = ReadonlyMap<PageElement, ElementState>;

/** States of `elements` (in document order, so that every parent comes before its children). */
export function elementStatesOf(
  elements: readonly PageElement[],
  rules: HidingRules,
): ElementStates {
  const states = new Map<PageElement, ElementState>();
  for (const element of elements) {
    const parent = element.parent ? states.get(element.parent as PageElement) : undefined;
    states.set(element, stateOf(element, parent, rules));
  }
  return states;
}

export function stateOf(
  element: PageElement,
  parent: ElementState | undefined,
  rules: HidingRules,
): ElementState {
  const tag = element.name;
  const attribs = element.attribs;
  const role = (attribs.role ?? '').toLowerCase();
  const ownHints = hintsOf(attribs);
  const removed =
    attribs.hidden !== undefined ||
    isStyleHidden(attribs.style) ||
    tag === 'noscript' ||
    tag === 'template' ||
    hiddenByRules(rules, attribs.class, attribs.id) ||
    (tag === 'input' && (attribs.type ?? '').toLowerCase() === 'hidden') ||
    (tag === 'dialog' && attribs.open === undefined);
  const { stateHidden, screenReaderOnly } = classStateOf(attribs.class);
  const ariaHidden = attribs['aria-hidden'] === 'true';
  return {
    role,
    ownHints,
    hints:
      ownHints.length === 0
        ? (parent?.hints ?? [])
        : [...new Set([...(parent?.hints ?? []), ...ownHints])],
    // aria-hidden counts as hidden too: what a page hides from assistive technology is never claimed as shown.
    hidden: (parent?.hidden ?? false) || removed || stateHidden || screenReaderOnly || ariaHidden,
    atHidden: (parent?.atHidden ?? false) || removed || stateHidden || ariaHidden,
    inNoscript: (parent?.inNoscript ?? false) || tag === 'noscript',
    noText: (parent?.noText ?? false) || NO_TEXT_TAGS.has(tag),
    chrome: (parent?.chrome ?? false) || CHROME_TAGS.has(tag) || CHROME_ROLES.has(role),
    tiny: (parent?.tiny ?? false) || isTinyStyle(attribs.style),
    inSvg: (parent?.inSvg ?? false) || tag === 'svg',
  };
}
