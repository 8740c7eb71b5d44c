import { parseHtml, styleTextOf, walkDocument } from './document.js';

const eventsOf = (html: string): string[] => {
  const events: string[] = [];
  walkDocument(parseHtml(html), {
    onopentag: (tag, attribs) =>
      events.push(
        `<${tag}${Object.keys(attribs).length > 0 ? ` ${JSON.stringify(attribs)}` : ''}>`,
      ),
    ontext: (data) => events.push(data),
    onclosetag: (tag) => events.push(`</${tag}>`),
  });
  return events;
};

describe('document', () => {
  it('walks elements and text in document order, closing implied and void elements, decoding entities once', () => {
    expect(eventsOf('<!doctype html><P CLASS="a">x &amp; y<br>z<!-- c --><li>one<li>two')).toEqual([
      '<p {"class":"a"}>',
      'x & y',
      '<br>',
      '</br>',
      'z',
      '<li>',
      'one',
      '</li>',
      '<li>',
      'two',
      '</li>',
      '</p>',
    ]);
  });

  it('keeps a script text whole and reads CDATA as text', () => {
    expect(eventsOf('<script>if (a < b) x();</script><svg><![CDATA[k]]></svg>')).toEqual([
      '<script>',
      'if (a < b) x();',
      '</script>',
      '<svg>',
      'k',
      '</svg>',
    ]);
  });

  it('walks very deep pages without recursion', () => {
    const depth = 20_000;
    const events = eventsOf(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`);
    expect(events).toHaveLength(2 * depth + 1);
    expect(events[depth]).toBe('deep');
  });

  it('reads the text of every <style> element from the tree', () => {
    expect(
      styleTextOf(
        parseHtml('<style>.a{display:none}</style><p>x</p><STYLE media="print">.b{}</STYLE>'),
      ),
    ).toBe('.a{display:none}\n.b{}');
  });
});
