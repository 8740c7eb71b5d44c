// What static HTML already shows as hidden, decided once per element: the hidden attribute,
// inline display:none / visibility:hidden, state classes (is-hidden, is-off, d-none…) and the
// page's own <style> rules that hide a class or id. A claim such as "a dialog covers the page"
// must never rest on an element the page keeps hidden.

/** Class names that frameworks and sites use for "not shown now". Whole class tokens only. */
const STATE_HIDDEN_CLASSES = new Set([
  'hidden',
  'hide',
  'is-hidden',
  'is-hide',
  'd-none',
  'u-hidden',
  'js-hidden',
  'invisible',
  'is-invisible',
  'is-off',
  'is-closed',
  'is-inactive',
  'collapse',
  'display-none',
  'hidden-xs-up',
  'visually-hidden',
  'sr-only',
  'screen-reader-text',
  'screenreader-only',
  'a11y-hidden',
  'offscreen',
]);

/** Visually hidden but read by screen readers: hidden from sight, not from assistive technology. */
const SCREEN_READER_ONLY = new Set([
  'visually-hidden',
  'sr-only',
  'screen-reader-text',
  'screenreader-only',
  'a11y-hidden',
  'offscreen',
]);

function classTokens(className: string | undefined): string[] {
  return className
    ? className
        .toLowerCase()
        .split(/\s+/)
        .filter((token) => token !== '')
    : [];
}

export interface ClassState {
  /** A state class hides it from everyone (is-hidden, d-none, is-off…). */
  readonly stateHidden: boolean;
  /** A screen-reader-only class hides it from sight only. */
  readonly screenReaderOnly: boolean;
}

const NO_CLASS_STATE: ClassState = { stateHidden: false, screenReaderOnly: false };

/** Both class verdicts from one split of the class attribute (the scanner's per-element path). */
export function classStateOf(className: string | undefined): ClassState {
  if (!className) return NO_CLASS_STATE;
  let stateHidden = false;
  let screenReaderOnly = false;
  for (const token of classTokens(className)) {
    if (SCREEN_READER_ONLY.has(token)) screenReaderOnly = true;
    else if (STATE_HIDDEN_CLASSES.has(token)) stateHidden = true;
  }
  return stateHidden || screenReaderOnly ? { stateHidden, screenReaderOnly } : NO_CLASS_STATE;
}

/** A state class says the element is not shown (screen-reader-only classes included). */
export function hasHiddenStateClass(className: string | undefined): boolean {
  return classTokens(className).some((token) => STATE_HIDDEN_CLASSES.has(token));
}

/** Hidden from sight only: screen readers still read it (links in it keep their names). */
export function isScreenReaderOnly(className: string | undefined): boolean {
  return classTokens(className).some((token) => SCREEN_READER_ONLY.has(token));
}

export function isStyleHidden(style: string | undefined): boolean {
  return (
    style !== undefined && /(?:^|[;\s])(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)
  );
}

/** Class names that say "open now" (Bootstrap's show/in, BEM-style is-open/is-visible/is-active). */
const SHOWN_STATE_CLASSES = new Set([
  'show',
  'in',
  'open',
  'opened',
  'is-open',
  'is-opened',
  'is-visible',
  'is-active',
  'is-shown',
  'visible',
  'active',
  'modal-open',
]);

/** An "open" state class: positive evidence that a pop-up is shown, not merely present. */
export function hasShownStateClass(className: string | undefined): boolean {
  return classTokens(className).some((token) => SHOWN_STATE_CLASSES.has(token));
}

/** An inline style that shows the element (display:block/flex/grid) or pins it over the page (position:fixed). */
export function isShownByStyle(style: string | undefined): boolean {
  return (
    style !== undefined &&
    /(?:^|[;\s])(?:display\s*:\s*(?:block|flex|grid|table)|position\s*:\s*fixed)/i.test(style)
  );
}

export interface HidingRules {
  /** Classes and ids a simple rule hides (".share-menu{display:none}", "#search-popup{visibility:hidden}"). */
  readonly classes: ReadonlySet<string>;
  readonly ids: ReadonlySet<string>;
  /** Compound class selectors that show the element again (".modal.is-open{display:block}"). */
  readonly shown: readonly (readonly string[])[];
}

export const NO_HIDING_RULES: HidingRules = { classes: new Set(), ids: new Set(), shown: [] };

const HIDES =
  /(?:^|[;{\s])(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i;
const SHOWS = /(?:^|[;{\s])(?:display\s*:\s*(?!none)[a-z-]+|visibility\s*:\s*visible)/i;
/** "div.share-menu", ".is-off", "#popup", ".modal.open": one element, classes/id only. */
const SIMPLE_SELECTOR = /^[a-z0-9]*((?:[.#][a-z0-9_-]+)+)$/i;
/** Bounds the work on pages that inline megabytes of CSS. */
const MAX_CSS_CHARS = 300_000;

/**
 * The page's <style> rules that hide elements, read with a small rule splitter (no cascade, no
 * media queries: a rule inside @media that hides counts as hiding, which errs towards not claiming).
 */
export function hidingRulesOf(css: string): HidingRules {
  if (css === '' || !/display\s*:\s*none|visibility\s*:\s*hidden/i.test(css))
    return NO_HIDING_RULES;
  const classes = new Set<string>();
  const ids = new Set<string>();
  const shown: string[][] = [];
  const text = css.slice(0, MAX_CSS_CHARS).replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = match[1] ?? '';
    const body = match[2] ?? '';
    const hides = HIDES.test(body);
    const shows = !hides && SHOWS.test(body);
    if (!hides && !shows) continue;
    for (const raw of selectors.split(',')) {
      const selector = raw.trim();
      if (selector.startsWith('@')) continue;
      const simple = SIMPLE_SELECTOR.exec(selector);
      if (!simple) continue;
      const parts = (simple[1] ?? '').match(/[.#][a-z0-9_-]+/gi) ?? [];
      if (hides && parts.length === 1) {
        const part = parts[0] ?? '';
        (part.startsWith('.') ? classes : ids).add(part.slice(1).toLowerCase());
      } else if (shows && parts.length >= 2 && parts.every((part) => part.startsWith('.'))) {
        shown.push(parts.map((part) => part.slice(1).toLowerCase()));
      }
    }
  }
  return { classes, ids, shown };
}

/** Whether one of the page's own rules hides an element with these class and id attributes. */
export function hiddenByRules(
  rules: HidingRules,
  className: string | undefined,
  id: string | undefined,
): boolean {
  if (rules === NO_HIDING_RULES || (className === undefined && id === undefined)) return false;
  if (id !== undefined && rules.ids.has(id.toLowerCase())) return true;
  const tokens = classTokens(className);
  if (!tokens.some((token) => rules.classes.has(token))) return false;
  // ".modal{display:none} .modal.is-open{display:block}": an element with both classes shows.
  return !rules.shown.some((compound) => compound.every((part) => tokens.includes(part)));
}
