import {
  canonicalUrl,
  domainOf,
  InvalidUrlError,
  originOf,
  tryCanonicalUrl,
} from './canonical-url.js';

describe(canonicalUrl.name, () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  Example.COM./path#top ', 'https://example.com/path'],
    ['http://example.com:80/', 'http://example.com/'],
    ['https://example.com:443', 'https://example.com/'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['https://shop.example/p?utm_source=x&b=2&a=1&fbclid=z', 'https://shop.example/p?a=1&b=2'],
    ['HTTPS://[::1]:8443/', 'https://[::1]:8443/'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it.each([
    ['', 'url must not be empty'],
    ['ftp://example.com/', 'url must use http or https (got "ftp")'],
    ['javascript:alert(1)', 'url must use http or https (got "javascript")'],
    ['file:///etc/passwd', 'url must use http or https (got "file")'],
    ['https://user:pw@example.com/', 'url must not contain a user name or password'],
    ['http://exa mple.com/', 'url must be a valid web address'],
    ['https://', 'url must be a valid web address'],
    ['x'.repeat(3000), 'url must be at most 2048 characters'],
  ])('refuses %p with a clear message', (input, message) => {
    expect(() => canonicalUrl(input)).toThrow(InvalidUrlError);
    expect(() => canonicalUrl(input)).toThrow(message);
  });

  it('spells the same page one way', () => {
    const same = [
      'https://www.wikipedia.org',
      'HTTPS://WWW.Wikipedia.ORG/',
      'https://www.wikipedia.org:443/#top',
      'https://www.wikipedia.org./?utm_source=x&fbclid=y',
      'www.wikipedia.org',
      '  https://www.wikipedia.org/  ',
    ];
    expect(new Set(same.map(canonicalUrl))).toEqual(new Set(['https://www.wikipedia.org/']));
  });

  it('keeps meaningful query parameters, sorted, and resolves dot segments', () => {
    expect(canonicalUrl('http://example.org/a/../b/?z=1&a=2&utm_medium=mail')).toBe(
      'http://example.org/b/?a=2&z=1',
    );
    expect(canonicalUrl('example.org:8080/x')).toBe('https://example.org:8080/x');
  });

  it('accepts "_" in host names, as browsers do', () => {
    expect(canonicalUrl('https://Fahrenheit_Fact.blogspot.com/2010/')).toBe(
      'https://fahrenheit_fact.blogspot.com/2010/',
    );
    expect(canonicalUrl('fahrenheit_fact.blogspot.com')).toBe(
      'https://fahrenheit_fact.blogspot.com/',
    );
    expect(domainOf(canonicalUrl('www.my_site.example.org'))).toBe('my_site.example.org');
  });

  it('refuses a url longer than 2048 characters', () => {
    expect(() => canonicalUrl(`https://example.org/${'a'.repeat(3000)}`)).toThrow('at most 2048');
  });

  it('resolves links against a base and swallows bad ones', () => {
    expect(tryCanonicalUrl('../about#team', 'https://example.org/docs/intro')).toBe(
      'https://example.org/about',
    );
    expect(tryCanonicalUrl('mailto:someone@example.org', 'https://example.org/')).toBeUndefined();
  });

  it('gives the domain and origin', () => {
    expect(domainOf('https://www.wikipedia.org/')).toBe('wikipedia.org');
    expect(domainOf('https://docs.python.org/3/')).toBe('docs.python.org');
    expect(originOf('https://docs.python.org/3/')).toBe('https://docs.python.org');
  });
});
