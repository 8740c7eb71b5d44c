import { parseHtml, elementsOf } from '@frenly/html';
import { structureFactsOf } from './structure-facts.js';

describe(structureFactsOf.name, () => {
  it('finds duplicate ids in order of first use, positive tabindex values and moving text', () => {
    const facts = structureFactsOf(
      elementsOf(
        parseHtml(
          '<div id="a"></div><p id="b" tabindex="3"></p><span id="a"></span><i id="b"></i><a tabindex="0"></a><a tabindex="-1"></a><marquee>x</marquee><blink>y</blink><div id=""></div><div id=""></div>',
        ),
      ),
    );
    expect(facts).toEqual({
      duplicateIds: ['a', 'b'],
      positiveTabindex: [{ tag: 'p', value: 3 }],
      marqueeOrBlink: 2,
    });
  });
});
