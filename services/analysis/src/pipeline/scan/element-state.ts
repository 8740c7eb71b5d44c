// Each element's state, decided once from its own attributes and its parent's state: whether it
// is hidden (from sight, and from assistive technology), inside <noscript> or an SVG, page chrome,
// tiny print, whether its text is page text, and what its ancestors are for (class/id hints).
// Every extractor and the text walk read these; none decides visibility on its own.
import { hiddenStateOf, type HidingRules, type PageElement } from '@frenly/html';
import { hintsOf } from './hints.js';
import type { Hint } from './page-facts.js';
import { isTinyStyle } from './text-measure.js';

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
  const ownHintsOf = memoisedHints();
  for (const element of elements) {
    const parent = element.parent ? states.get(element.parent as PageElement) : undefined;
    states.set(element, stateOf(element, parent, rules, ownHintsOf));
  }
  return states;
}

const NO_HINTS: readonly Hint[] = Object.freeze([]);

/**
 * hintsOf, worked out once per distinct class and id: a page repeats the same few hundred
 * class names over thousands of elements. One memo per page, so nothing outlives the analysis.
 */
function memoisedHints(): (attribs: Record<string, string>) => readonly Hint[] {
  const memo = new Map<string, readonly Hint[]>();
  return (attribs) => {
    if (attribs.class === undefined && attribs.id === undefined) return NO_HINTS;
    const key = `${attribs.class ?? ''} ${attribs.id ?? ''}`;
    let hints = memo.get(key);
    if (!hints) memo.set(key, (hints = hintsOf(attribs)));
    return hints;
  };
}

/** Tags whose state differs from their parent's even without attributes. */
const TAGS_WITH_OWN_STATE: ReadonlySet<string> = new Set([
  ...NO_TEXT_TAGS,
  ...CHROME_TAGS,
  'noscript',
  'template',
  'dialog',
  'svg',
]);

function hasAttributes(attribs: Record<string, string>): boolean {
  for (const _ in attribs) return true;
  return false;
}

export function stateOf(
  element: PageElement,
  parent: ElementState | undefined,
  rules: HidingRules,
  ownHintsOf: (attribs: Record<string, string>) => readonly Hint[] = hintsOf,
): ElementState {
  const tag = element.name;
  // A plain element without attributes inside one without role or hints (most of a page:
  // <p>, <li>, <span>…) is in exactly its parent's state: the parent's object is shared.
  if (
    parent !== undefined &&
    parent.role === '' &&
    parent.ownHints.length === 0 &&
    !TAGS_WITH_OWN_STATE.has(tag) &&
    !hasAttributes(element.attribs)
  )
    return parent;
  const role = (element.attribs.role ?? '').toLowerCase();
  const ownHints = ownHintsOf(element.attribs);
  return {
    role,
    ownHints,
    hints:
      ownHints.length === 0
        ? (parent?.hints ?? [])
        : [...new Set([...(parent?.hints ?? []), ...ownHints])],
    // Hidden-ness (hidden, atHidden, inNoscript) is the shared decision of @frenly/html.
    ...hiddenStateOf(element, parent, rules),
    noText: (parent?.noText ?? false) || NO_TEXT_TAGS.has(tag),
    chrome: (parent?.chrome ?? false) || CHROME_TAGS.has(tag) || CHROME_ROLES.has(role),
    tiny: (parent?.tiny ?? false) || isTinyStyle(element.attribs.style),
    inSvg: (parent?.inSvg ?? false) || tag === 'svg',
  };
}
