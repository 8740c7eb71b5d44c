import {
  hasHiddenStateClass,
  hasShownStateClass,
  isShownByStyle,
  hiddenByRules,
  hidingRulesOf,
  isScreenReaderOnly,
  isStyleHidden,
  NO_HIDING_RULES,
} from './visibility.js';

describe('visibility', () => {
  it('knows state classes as whole class tokens', () => {
    expect(hasHiddenStateClass('search-popup is-off')).toBe(true);
    expect(hasHiddenStateClass('Modal IS-HIDDEN')).toBe(true);
    expect(hasHiddenStateClass('d-none')).toBe(true);
    expect(hasHiddenStateClass('sr-only')).toBe(true);
    expect(hasHiddenStateClass('hidden-gem offset')).toBe(false);
    expect(hasHiddenStateClass(undefined)).toBe(false);
    expect(isScreenReaderOnly('label visually-hidden')).toBe(true);
    expect(isScreenReaderOnly('is-hidden')).toBe(false);
  });

  it('reads inline display:none and visibility:hidden, not other properties', () => {
    expect(isStyleHidden('color:red; display : none')).toBe(true);
    expect(isStyleHidden('visibility:hidden')).toBe(true);
    expect(isStyleHidden('content-visibility:hidden')).toBe(false);
    expect(isStyleHidden('display:block')).toBe(false);
  });

  it("collects the classes and ids the page's own rules hide, and compound rules that show them again", () => {
    const rules = hidingRulesOf(
      '/* x */ .share-menu, #search-overlay { visibility: hidden } div.modal{display:none!important} .modal.is-open{display:flex} .nav a:hover{display:none} @media print{.print-only{display:none}}',
    );
    expect([...rules.classes].sort()).toEqual(['modal', 'print-only', 'share-menu']);
    expect([...rules.ids]).toEqual(['search-overlay']);
    expect(hiddenByRules(rules, 'share-menu', undefined)).toBe(true);
    expect(hiddenByRules(rules, undefined, 'search-overlay')).toBe(true);
    expect(hiddenByRules(rules, 'modal', undefined)).toBe(true);
    expect(hiddenByRules(rules, 'modal is-open', undefined)).toBe(false);
    expect(hiddenByRules(rules, 'nav', undefined)).toBe(false);
    expect(hiddenByRules(NO_HIDING_RULES, 'modal', 'x')).toBe(false);
  });

  it('knows positive evidence that a pop-up is shown: open state classes and displaying inline styles', () => {
    expect(hasShownStateClass('modal show')).toBe(true);
    expect(hasShownStateClass('popup is-open')).toBe(true);
    expect(hasShownStateClass('modal fade')).toBe(false);
    expect(hasShownStateClass('showcase')).toBe(false);
    expect(isShownByStyle('display: block; z-index: 9')).toBe(true);
    expect(isShownByStyle('position:fixed;inset:0')).toBe(true);
    expect(isShownByStyle('display:none')).toBe(false);
    expect(isShownByStyle(undefined)).toBe(false);
  });
});
