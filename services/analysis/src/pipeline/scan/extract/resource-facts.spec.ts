import { parseHtml, elementsOf } from '@frenly/html';
import { resourceFactsOf } from './resource-facts.js';

const resourcesOf = (html: string) => resourceFactsOf(elementsOf(parseHtml(html)));

describe(resourceFactsOf.name, () => {
  it('lists what the page fetches in document order, inline snippets last', () => {
    const facts = resourcesOf(
      '<head><link rel="stylesheet" href=" /a.css "><link rel="preload" as="image" href="/hero.jpg"><link rel="preconnect" href="https://fonts.example"><script src="https://cdn.example/s.js" integrity="sha384-x"></script><script>var s=document.createElement("script");s.src="https://t.example/t.js";</script></head>' +
        '<body><img src="/i.png"><img src="data:image/png;base64,AA"><a href="/x">x</a><form action="/f"></form><iframe src="https://v.example/e"></iframe><video src="/v.mp4"><source src="/v.webm"></video><div><source src="/not-media"></div><noscript><img src="https://px.example/p.gif"></noscript></body>',
    );
    expect(facts.resources.map((resource) => `${resource.kind} ${resource.url}`)).toEqual([
      'stylesheet /a.css',
      'img /hero.jpg',
      'preconnect https://fonts.example',
      'script https://cdn.example/s.js',
      'img /i.png',
      'form /f',
      'iframe https://v.example/e',
      'media /v.mp4',
      'media /v.webm',
      'inline-script https://t.example/t.js',
    ]);
    expect(facts.scripts).toEqual([
      { src: 'https://cdn.example/s.js', integrity: true, type: null },
      { src: null, integrity: false, type: null },
    ]);
  });

  it('reads only executable inline scripts, and inline styles', () => {
    const facts = resourcesOf(
      '<script type="application/ld+json">{"sameAs":["https://www.facebook.com/x"]}</script><noscript><script>no()</script></noscript><script type="module">run()</script><style>.a{color:red}</style>',
    );
    expect(facts.inlineScript).toBe('run()');
    expect(facts.inlineStyle).toBe('.a{color:red}');
    expect(facts.resources).toEqual([]);
  });
});
