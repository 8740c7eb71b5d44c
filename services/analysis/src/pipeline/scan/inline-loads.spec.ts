import { inlineLoadsOf, isExecutableScriptType } from './inline-loads.js';

describe(inlineLoadsOf.name, () => {
  it('finds what tag snippets load as scripts or pixels', () => {
    const script = [
      `})(window,document,'script','https://www.google-analytics.com/analytics.js','ga');`,
      `gads.src = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';`,
      `})(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv='); r=o.createElement('script');`,
      `new Image().src = "https://www.facebook.com/tr?id=1&ev=PageView";`,
      `j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;`,
    ].join('\n');
    expect(inlineLoadsOf(script).map((load) => load.url)).toEqual([
      'https://www.google-analytics.com/analytics.js',
      'https://securepubads.g.doubleclick.net/tag/js/gpt.js',
      // Hotjar builds the file name from pieces; the host is what TrackerDB needs.
      'https://static.hotjar.com/c/hotjar-',
      'https://www.facebook.com/tr?id=1&ev=PageView',
      'https://www.googletagmanager.com/gtm.js?id=',
    ]);
  });

  it('ignores URLs that are only mentioned: profiles, share links, JSON data', () => {
    const script = `window.__DATA__ = {"social":{"facebook":"https://www.facebook.com/shop","x":"https://x.com/shop"},"sameAs":["https://cdn.other.example/widget.js"],"share":"https://twitter.com/intent/tweet?url=x"}; var podcast = "https://podcasts.apple.com/gb/podcast/id1";`;
    expect(inlineLoadsOf(script)).toEqual([]);
  });

  it('reads JSON-escaped slashes and protocol-relative URLs', () => {
    expect(
      inlineLoadsOf(`s.src="\\/\\/connect.facebook.net\\/en_US\\/fbevents.js"`).map(
        (load) => load.url,
      ),
    ).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
  });

  it('knows which script types run', () => {
    expect(isExecutableScriptType(undefined)).toBe(true);
    expect(isExecutableScriptType('module')).toBe(true);
    expect(isExecutableScriptType(' Text/JavaScript ')).toBe(true);
    expect(isExecutableScriptType('application/ld+json')).toBe(false);
    expect(isExecutableScriptType('text/template')).toBe(false);
  });
});
