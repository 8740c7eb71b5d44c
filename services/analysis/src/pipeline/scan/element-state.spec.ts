import { parseHtml, elementsOf, hidingRulesOf, NO_HIDING_RULES } from '@frenly/html';
import { elementStatesOf } from './element-state.js';

const statesById = (html: string, css = '') => {
  const elements = elementsOf(parseHtml(html));
  const states = elementStatesOf(elements, css === '' ? NO_HIDING_RULES : hidingRulesOf(css));
  return (id: string) => {
    const element = elements.find((candidate) => candidate.attribs.id === id);
    if (!element) throw new Error(`no #${id}`);
    return states.get(element)!;
  };
};

describe(elementStatesOf.name, () => {
  it('decides hidden-ness once per element and passes it down', () => {
    const state = statesById(
      '<div id="a" class="share"><p id="b">x</p></div><div id="c" aria-hidden="true"><a id="d"></a></div><span id="e" class="sr-only"></span><noscript><img id="f"></noscript><p id="g"></p>',
      '.share{display:none}',
    );
    expect(state('a')).toMatchObject({ hidden: true, atHidden: true });
    expect(state('b')).toMatchObject({ hidden: true, atHidden: true });
    expect(state('d')).toMatchObject({ hidden: true, atHidden: true });
    // Screen-reader-only: hidden from sight, not from assistive technology.
    expect(state('e')).toMatchObject({ hidden: true, atHidden: false });
    expect(state('f')).toMatchObject({ hidden: true, inNoscript: true, noText: true });
    expect(state('g')).toMatchObject({
      hidden: false,
      atHidden: false,
      inNoscript: false,
      noText: false,
    });
  });

  it('knows page chrome, tiny print, SVG and the class/id hints of ancestors', () => {
    const state = statesById(
      '<nav><a id="a"></a></nav><div class="cookie-banner"><p id="b" style="font-size:8px"></p></div><svg id="c"><title id="d">t</title></svg><div role="navigation"><p id="e"></p></div>',
    );
    expect(state('a')).toMatchObject({ chrome: true, hints: [] });
    expect(state('b')).toMatchObject({
      chrome: false,
      tiny: true,
      hints: ['cookie'],
      ownHints: [],
    });
    expect(state('d')).toMatchObject({ inSvg: true, noText: true });
    expect(state('e').chrome).toBe(true);
  });

  it('gives an element without attributes its own state where its tag or its parent calls for one', () => {
    const elements = elementsOf(
      parseHtml(
        '<section hidden><p>a</p></section><main><p>b</p><nav><p>c</p></nav><noscript><p>d</p></noscript><dialog><p>e</p></dialog><svg><g></g></svg><div role="button"><span>f</span></div><div class="cookie"><p>g</p></div></main>',
      ),
    );
    const states = elementStatesOf(elements, NO_HIDING_RULES);
    const stateOfText = (text: string) => {
      const element = elements.find(
        (candidate) =>
          candidate.children.length === 1 &&
          (candidate.children[0] as { data?: string }).data === text,
      );
      if (!element) throw new Error(`no element holding ${text}`);
      return states.get(element)!;
    };
    expect(stateOfText('a')).toMatchObject({ hidden: true, atHidden: true, chrome: false });
    expect(stateOfText('b')).toMatchObject({ hidden: false, chrome: false, noText: false });
    expect(stateOfText('c')).toMatchObject({ hidden: false, chrome: true });
    expect(stateOfText('d')).toMatchObject({ hidden: true, inNoscript: true, noText: true });
    expect(stateOfText('e')).toMatchObject({ hidden: true, atHidden: true });
    expect(stateOfText('f')).toMatchObject({ role: '', hidden: false });
    expect(stateOfText('g')).toMatchObject({ ownHints: [], hints: ['cookie'] });
    const g = elements.find((element) => element.name === 'g')!;
    expect(states.get(g)).toMatchObject({ inSvg: true, noText: true });
  });
});
