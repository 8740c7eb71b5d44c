export {
  PARSE_OPTIONS,
  parseHtml,
  styleTextOf,
  walkDocument,
  type DocumentVisitor,
  type HtmlDocument,
} from './document.js';
export { elementsOf, isInside, type PageElement } from './elements.js';
export { hiddenStateOf, type HiddenState } from './hidden.js';
export {
  NO_HIDING_RULES,
  classStateOf,
  hasHiddenStateClass,
  hasShownStateClass,
  hiddenByRules,
  hidingRulesOf,
  isScreenReaderOnly,
  isShownByStyle,
  isStyleHidden,
  type ClassState,
  type HidingRules,
} from './visibility.js';
