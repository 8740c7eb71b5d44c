import { scanPage } from './page-scanner.js';

describe(scanPage.name, () => {
  it('reads language, title, meta tags and landmarks', () => {
    const facts = scanPage(
      '<html lang="en-GB"><head><title> Hello  world </title><meta name="description" content="A page"><meta name="viewport" content="width=device-width"></head><body><main><h1>Hi</h1></main><nav></nav></body></html>',
    );
    expect(facts).toMatchObject({
      lang: 'en-GB',
      title: 'Hello world',
      metaDescription: 'A page',
      viewport: 'width=device-width',
      landmarks: { main: 1, nav: 1 },
    });
  });

  it('names links and buttons from text, aria-label or image alt', () => {
    const facts = scanPage(
      '<body><a href="/a">Text</a><a href="/b" aria-label="Label"><i></i></a><a href="/c"><img src="x.png" alt="Alt"></a><a href="/d"><i></i></a><button> Go </button></body>',
    );
    expect(facts.links.map((link) => link.name)).toEqual(['Text', 'Label', 'Alt', '']);
    expect(facts.buttons.map((button) => button.name)).toEqual(['Go']);
  });

  it('finds labels by wrapping, for= and aria-label', () => {
    const facts = scanPage(
      '<body><label>Name <input name="n"></label><label for="e">E-mail</label><input id="e" type="email"><input aria-label="Search" type="search"><input type="text"><input type="hidden"></body>',
    );
    expect(facts.controls.map((control) => control.label)).toEqual([
      'Name',
      'E-mail',
      'Search',
      null,
    ]);
  });

  it('keeps hidden text, scripts and styles out of the visible text', () => {
    const facts = scanPage(
      '<body><p>Seen words here</p><p style="display:none">Unseen</p><script>var x = "code";</script><style>p{}</style></body>',
    );
    expect(facts.segments.map((segment) => segment.text)).toEqual(['Seen words here']);
    expect(facts.words).toBe(3);
    expect(facts.inlineScript).toContain('code');
  });

  it('records third-party resources, including URLs inside inline scripts', () => {
    const facts = scanPage(
      '<head><script src="https://cdn.example/a.js"></script><script>load("https://connect.facebook.net/en_US/fbevents.js")</script></head><body><img src="/local.png"><iframe src="https://www.youtube.com/embed/x"></iframe></body>',
    );
    expect(facts.resources.map((resource) => `${resource.kind} ${resource.url}`)).toEqual([
      'script https://cdn.example/a.js',
      'img /local.png',
      'iframe https://www.youtube.com/embed/x',
      'inline-script https://connect.facebook.net/en_US/fbevents.js',
    ]);
  });

  it('sees dialogs (even hidden ones) with their buttons and e-mail fields', () => {
    const facts = scanPage(
      '<body><div class="modal" style="display:none"><input type="email"><a href="#">No thanks</a></div><div role="dialog"><p>Hi</p></div></body>',
    );
    expect(facts.dialogs).toEqual([
      expect.objectContaining({
        visibleAtLoad: false,
        hasEmailInput: true,
        buttons: ['No thanks'],
      }),
      expect.objectContaining({ visibleAtLoad: true, signal: 'role=dialog', text: 'Hi' }),
    ]);
  });

  it('decides hidden-ness once: page CSS, state classes, aria-hidden, <template> and <noscript> are not visible', () => {
    const facts = scanPage(
      '<head><style>.share{display:none}.modal{display:none}.modal.is-open{display:block}</style></head><body>' +
        '<div class="share" role="dialog"><p>Share this</p></div>' +
        '<div class="modal is-open" role="dialog"><p>Open modal</p></div>' +
        '<div class="popup is-off" role="dialog"><p>Switched off</p></div>' +
        '<div role="dialog" aria-hidden="true"><p>Closed</p></div>' +
        '<template><div role="dialog"><p>Template</p></div></template>' +
        '<noscript><p>Enable JavaScript</p></noscript><p class="sr-only">Screen readers only</p><p>Seen</p></body>',
    );
    expect(facts.dialogs.map((dialog) => [dialog.text, dialog.visibleAtLoad])).toEqual([
      ['Share this', false],
      ['Open modal', true],
      ['Switched off', false],
      ['Closed', false],
      ['', false],
    ]);
    expect(facts.segments.map((segment) => segment.text)).toEqual(['Open modal', 'Seen']);
  });

  it('keeps aria-hidden links out of the accessibility facts, names links from screen-reader-only text and fields from placeholders', () => {
    const facts = scanPage(
      '<body><a href="/" aria-hidden="true"><svg></svg></a><a href="/s"><span class="sr-only">Search</span><svg></svg></a><input type="search" placeholder=" Find  a recipe "></body>',
    );
    expect(facts.links.map((link) => [link.name, link.hidden])).toEqual([
      ['', true],
      ['Search', false],
    ]);
    expect(facts.controls.map((control) => control.label)).toEqual(['Find a recipe']);
  });

  it('does not count <noscript> pixels as loaded or as images needing alt', () => {
    const facts = scanPage(
      '<body><noscript><img src="https://sb.scorecardresearch.com/p?c1=2"></noscript><img src="/a.png" alt="A"></body>',
    );
    expect(facts.images.map((image) => image.hidden)).toEqual([true, false]);
    expect(facts.resources.map((resource) => resource.url)).toEqual(['/a.png']);
  });

  it('reads only executable inline scripts, and records preloads by what they fetch', () => {
    const facts = scanPage(
      '<head><script type="application/ld+json">{"sameAs":["https://www.facebook.com/shop"],"logo":"https://cdn.other.example/l.js"}</script>' +
        '<link rel="preload" as="script" href="https://cdn.example/p.js"><link rel="prefetch" href="https://cdn.example/next.html"><link rel="preconnect" href="https://fonts.example"></head>' +
        '<body><form action="https://www.indeed.com/jobs"></form></body>',
    );
    expect(facts.inlineScript).toBe('');
    expect(facts.resources.map((resource) => `${resource.kind} ${resource.url}`)).toEqual([
      'script https://cdn.example/p.js',
      'preload https://cdn.example/next.html',
      'preconnect https://fonts.example',
      'form https://www.indeed.com/jobs',
    ]);
  });

  it("joins a name's pieces around entities without spaces (don&#39;t, don’t), and keeps element pieces apart", () => {
    const facts = scanPage(
      '<body><a href="/n">No thanks, I don&#39;t want to save</a><a href="/m">I don&rsquo;t like deals</a><button><span>Add</span><span>to cart</span></button></body>',
    );
    expect(facts.links.map((link) => link.name)).toEqual([
      "No thanks, I don't want to save",
      'I don’t like deals',
    ]);
    expect(facts.buttons.map((button) => button.name)).toEqual(['Add to cart']);
  });
});
