import { canonicalUrl, domainOf, InvalidUrlError } from './canonical-url.js';

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

  it('gives the shown domain without www', () => {
    expect(domainOf('https://www.example.org/a')).toBe('example.org');
  });
});
