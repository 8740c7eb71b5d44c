import { parseHtml, NO_HIDING_RULES, elementsOf } from '@frenly/html';
import { elementStatesOf } from '../element-state.js';
import { formsOf, iframesOf, imagesOf, landmarksOf, mediaOf } from './element-facts.js';

const read = (html: string) => {
  const elements = elementsOf(parseHtml(html));
  return { elements, states: elementStatesOf(elements, NO_HIDING_RULES) };
};

describe('element facts', () => {
  it('images: alt (null when missing), decorative roles, hidden from assistive technology', () => {
    const { elements, states } = read(
      '<img src="a.png" alt=" A  cat "><img src="b.png"><img role="presentation" src="c.png"><div aria-hidden="true"><img src="d.png" alt=""></div><noscript><img src="p.gif"></noscript>',
    );
    expect(imagesOf(elements, states)).toEqual([
      { src: 'a.png', alt: 'A cat', decorative: false, hidden: false },
      { src: 'b.png', alt: null, decorative: false, hidden: false },
      { src: 'c.png', alt: null, decorative: true, hidden: false },
      { src: 'd.png', alt: '', decorative: false, hidden: true },
      { src: 'p.gif', alt: null, decorative: false, hidden: true },
    ]);
  });

  it('iframes: title and ad slots', () => {
    const { elements, states } = read(
      '<iframe src="/v" title=" Video "></iframe><div class="ad-slot"><iframe src="/ad"></iframe></div>',
    );
    expect(iframesOf(elements, states)).toEqual([
      { src: '/v', title: 'Video', hidden: false, ad: false },
      { src: '/ad', title: null, hidden: false, ad: true },
    ]);
  });

  it('media: autoplay, muted, controls, and captions from the track of the last video', () => {
    const { elements, states } = read(
      '<video autoplay muted><track kind="captions"></video><audio controls><track kind="chapters"></audio>',
    );
    expect(mediaOf(elements, states)).toEqual([
      { tag: 'video', autoplay: true, muted: true, controls: false, hidden: false, captions: true },
      {
        tag: 'audio',
        autoplay: false,
        muted: false,
        controls: true,
        hidden: false,
        captions: false,
      },
    ]);
  });

  it('forms: action, method and visibility', () => {
    const { elements, states } = read(
      '<form action="/s"></form><form method="POST" hidden></form>',
    );
    expect(formsOf(elements, states)).toEqual([
      { action: '/s', method: 'get', hidden: false },
      { action: null, method: 'post', hidden: true },
    ]);
  });

  it('landmarks: header and footer only outside article, section and main; roles count too', () => {
    const { elements, states } = read(
      '<header></header><main><header></header></main><nav></nav><div role="navigation"></div><article><footer></footer></article><footer></footer><div role="banner"></div>',
    );
    expect(landmarksOf(elements, states)).toEqual({ main: 1, nav: 2, banner: 2, contentinfo: 1 });
  });
});
