// Whether an element is hidden, decided once from its own attributes and its parent's state:
// the analyzer's element states and the crawler's page text both read this, so that neither
// claims (or indexes) as shown what the page keeps hidden.
import type { PageElement } from './elements.js';
import { classStateOf, hiddenByRules, isStyleHidden, type HidingRules } from './visibility.js';

export interface HiddenState {
  /** Not shown on screen (hidden attribute, inline style, state class, the page's CSS, <noscript>, aria-hidden…). */
  readonly hidden: boolean;
  /** Hidden from assistive technology too (as hidden, or aria-hidden, but not screen-reader-only). */
  readonly atHidden: boolean;
  /** Inside <noscript>: what a browser running scripts never loads. */
  readonly inNoscript: boolean;
}

export function hiddenStateOf(
  element: PageElement,
  parent: HiddenState | undefined,
  rules: HidingRules,
): HiddenState {
  const tag = element.name;
  const attribs = element.attribs;
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
    // aria-hidden counts as hidden too: what a page hides from assistive technology is never claimed as shown.
    hidden: (parent?.hidden ?? false) || removed || stateHidden || screenReaderOnly || ariaHidden,
    atHidden: (parent?.atHidden ?? false) || removed || stateHidden || ariaHidden,
    inNoscript: (parent?.inNoscript ?? false) || tag === 'noscript',
  };
}
