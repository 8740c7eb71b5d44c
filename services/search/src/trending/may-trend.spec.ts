import { mayTrend } from './may-trend.js';

describe(mayTrend.name, () => {
  it.each([
    'climate change',
    'node.js tutorial',
    'c++ templates',
    'github.com',
    'scunthorpe united',
    'assassin creed',
    'bass guitar',
    'ai ethics',
    'e-mail etiquette',
    '#hashtag',
  ])('lets "%s" trend', (query) => expect(mayTrend(query)).toBe(true));

  it.each([
    '<b>solo</b>',
    'x<script>alert(1)',
    'a > b',
    'https://evil.example/buy',
    'visit http://evil.example',
    'ftp://files.example',
    'javascript:alert(1)',
    'www.evil.example',
    'mailto:me@evil.example',
    'write to me@evil.example',
  ])('keeps markup, links and addresses out: "%s"', (query) => expect(mayTrend(query)).toBe(false));

  it.each(['site:example.org eggs', 'eggs site:docs.example'])(
    'keeps a search inside one site out: "%s"',
    (query) => expect(mayTrend(query)).toBe(false),
  );

  it.each(['fuck this', 'sh1t happens', 'fuuuuck', 'you asshole'])(
    'keeps profanity out, also disguised: "%s"',
    (query) => expect(mayTrend(query)).toBe(false),
  );
});
