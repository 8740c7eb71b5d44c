import { scanPage } from './page-scanner.js';

describe(scanPage.name, () => {
  it('reads language, title, meta tags and landmarks', () => {
    const facts = scanPage(
      '<html lang="en-GB"><head><title> Hello  world </title><meta name="description" content="A page"><meta name="viewport" content="width=device-width"></head><body><main><h1>Hi</h1></main><nav></nav></body></html>',
    );
    expect(facts).toMatchObject({ lang: 'en-GB', title: 'Hello world', metaDescription: 'A page', viewport: 'width=device-width', landmarks: { main: 1, nav: 1 } });
  });

  it('names links and buttons from text, aria-label or image alt', () => {
    const facts = scanPage('<body><a href="/a">Text</a><a href="/b" aria-label="Label"><i></i></a><a href="/c"><img src="x.png" alt="Alt"></a><a href="/d"><i></i></a><button> Go </button></body>');
    expect(facts.links.map((link) => link.name)).toEqual(['Text', 'Label', 'Alt', '']);
    expect(facts.buttons.map((button) => button.name)).toEqual(['Go']);
  });

  it('finds labels by wrapping, for= and aria-label', () => {
    const facts = scanPage('<body><label>Name <input name="n"></label><label for="e">E-mail</label><input id="e" type="email"><input aria-label="Search" type="search"><input type="text"><input type="hidden"></body>');
    expect(facts.controls.map((control) => control.label)).toEqual(['Name', 'E-mail', 'Search', null]);
  });

  it('keeps hidden text, scripts and styles out of the visible text', () => {
    const facts = scanPage('<body><p>Seen words here</p><p style="display:none">Unseen</p><script>var x = "code";</script><style>p{}</style></body>');
    expect(facts.segments.map((segment) => segment.text)).toEqual(['Seen words here']);
    expect(facts.words).toBe(3);
    expect(facts.inlineScript).toContain('code');
  });

  it('records third-party resources, including URLs inside inline scripts', () => {
    const facts = scanPage('<head><script src="https://cdn.example/a.js"></script><script>load("https://connect.facebook.net/en_US/fbevents.js")</script></head><body><img src="/local.png"><iframe src="https://www.youtube.com/embed/x"></iframe></body>');
    expect(facts.resources.map((resource) => `${resource.kind} ${resource.url}`)).toEqual([
      'script https://cdn.example/a.js',
      'img /local.png',
      'iframe https://www.youtube.com/embed/x',
      'inline-reference https://connect.facebook.net/en_US/fbevents.js',
    ]);
  });

  it('sees dialogs (even hidden ones) with their buttons and e-mail fields', () => {
    const facts = scanPage('<body><div class="modal" style="display:none"><input type="email"><a href="#">No thanks</a></div><div role="dialog"><p>Hi</p></div></body>');
    expect(facts.dialogs).toEqual([
      expect.objectContaining({ visibleAtLoad: false, hasEmailInput: true, buttons: ['No thanks'] }),
      expect.objectContaining({ visibleAtLoad: true, signal: 'role=dialog', text: 'Hi' }),
    ]);
  });
});
