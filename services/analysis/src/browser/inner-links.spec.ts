import { innerLinks, MAX_INNER_LINKS } from './inner-links.js';

describe(innerLinks.name, () => {
  it('keeps same-site http(s) links in order, without the page itself, fragments or repeats', () => {
    expect(
      innerLinks(
        [
          'https://shop.example/#top',
          'https://shop.example/basket',
          'https://shop.example/basket#items',
          'https://blog.shop.example/post',
          'https://tracker.example/click',
          'mailto:hello@shop.example',
          'javascript:void(0)',
          '/about',
          'http://[bad',
        ],
        'https://shop.example/',
      ),
    ).toEqual([
      'https://shop.example/basket',
      'https://blog.shop.example/post',
      'https://shop.example/about',
    ]);
  });

  it('offers at most a handful', () => {
    const many = Array.from({ length: 50 }, (_, i) => `https://shop.example/p${i}`);
    expect(innerLinks(many, 'https://shop.example/')).toHaveLength(MAX_INNER_LINKS);
  });
});
