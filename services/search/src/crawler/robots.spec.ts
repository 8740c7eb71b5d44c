import { ALLOW_ALL, DISALLOW_ALL, parseRobots } from './robots.js';

describe(parseRobots.name, () => {
  const robots = `
# a comment
User-agent: *
Disallow: /private/
Allow: /private/open-day.html
Disallow: /*.pdf$
Crawl-delay: 2

User-agent: OtherBot
Disallow: /

Sitemap: https://example.org/sitemap.xml
Sitemap: https://example.org/news-sitemap.xml
`;
  const sut = parseRobots(robots, 'FrenlyBot');

  it('applies the * group to us, longest match winning', () => {
    expect(sut.isAllowed('/')).toBe(true);
    expect(sut.isAllowed('/private/')).toBe(false);
    expect(sut.isAllowed('/private/secret.html')).toBe(false);
    expect(sut.isAllowed('/private/open-day.html')).toBe(true);
    expect(sut.isAllowed('/public/private/')).toBe(true);
  });

  it('supports * and $ in patterns', () => {
    expect(sut.isAllowed('/files/report.pdf')).toBe(false);
    expect(sut.isAllowed('/files/report.pdf?download=1')).toBe(true);
  });

  it('reads Crawl-delay and every Sitemap line', () => {
    expect(sut.crawlDelayMs).toBe(2000);
    expect(sut.sitemaps).toEqual([
      'https://example.org/sitemap.xml',
      'https://example.org/news-sitemap.xml',
    ]);
  });

  it('prefers the group that names us, and groups sharing user-agent lines', () => {
    const named = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: googlebot\nUser-agent: frenlybot\nDisallow: /tmp\nCrawl-delay: 0.5',
      'FrenlyBot/0.1',
    );
    expect(named.isAllowed('/')).toBe(true);
    expect(named.isAllowed('/tmp/x')).toBe(false);
    expect(named.crawlDelayMs).toBe(500);
  });

  it('treats an empty Disallow as allowing everything, and Allow as winning a tie', () => {
    expect(parseRobots('User-agent: *\nDisallow:', 'FrenlyBot').isAllowed('/anything')).toBe(true);
    expect(
      parseRobots('User-agent: *\nDisallow: /page\nAllow: /page', 'FrenlyBot').isAllowed('/page'),
    ).toBe(true);
  });

  it('compares percent-encoded paths in one spelling', () => {
    const encoded = parseRobots('User-agent: *\nDisallow: /%7Ejoe/', 'FrenlyBot');
    expect(encoded.isAllowed('/~joe/index.html')).toBe(false);
  });

  it('ignores rules outside groups and garbage lines', () => {
    const messy = parseRobots(
      'Disallow: /\nthis is not a rule\n<html>\nUser-agent: *\nAllow: /',
      'FrenlyBot',
    );
    expect(messy.isAllowed('/x')).toBe(true);
  });

  it('has allow-all and disallow-all rules for missing and failing robots.txt', () => {
    expect(ALLOW_ALL.isAllowed('/x')).toBe(true);
    expect(DISALLOW_ALL.isAllowed('/')).toBe(false);
  });
});
