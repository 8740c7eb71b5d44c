import { parseHtml, NO_HIDING_RULES, elementsOf } from '@frenly/html';
import { elementStatesOf } from '../element-state.js';
import { adSlotsOf, blockedInteractionsOf } from './signal-facts.js';

const read = (html: string) => {
  const elements = elementsOf(parseHtml(html));
  return { elements, states: elementStatesOf(elements, NO_HIDING_RULES) };
};

describe('signal facts', () => {
  it('finds the outermost visible ad slots', () => {
    const { elements, states } = read(
      '<div class="ad-slot" id="top"><div class="ad">x</div></div><ins class="adsbygoogle"></ins><div class="ad" hidden></div><div class="header"></div>',
    );
    expect(adSlotsOf(elements, states)).toEqual([
      '<div id="top" class="ad-slot">',
      '<ins class="adsbygoogle">',
    ]);
  });

  it('finds attributes that cancel paste, copy, right-click or selection', () => {
    const { elements } = read(
      '<input onpaste="return false"><body oncontextmenu="event.preventDefault()"><p oncopy="track()"></p>',
    );
    expect(blockedInteractionsOf(elements)).toEqual([
      'onpaste on <input>',
      'oncontextmenu on <body>',
    ]);
  });
});
