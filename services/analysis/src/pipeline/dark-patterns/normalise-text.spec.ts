import { decodeEntities, normaliseText } from './normalise-text.js';

describe(normaliseText.name, () => {
  it.each([
    ['don&#39;t', "don't"],
    ['don&#x27;t', "don't"],
    ['don&rsquo;t', "don't"],
    ['don&#8217;t', "don't"],
    ['don’t', "don't"],
    ["don ' t", "don't"],
    ['don ’ t', "don't"],
    ['I ’ d rather', "I'd rather"],
    ['“Best ever!” — Sarah K.', '"Best ever!" - Sarah K.'],
    ['Only&nbsp;2&nbsp;left', 'Only 2 left'],
    ['Hurry !  Only 2 left', 'Hurry! Only 2 left'],
    ['Pillowcases &amp; Shams', 'Pillowcases & Shams'],
    ['Mon–Fri 9—5', 'Mon-Fri 9-5'],
    ['Sold\u00adout\u200b', 'Soldout'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });

  it('keeps case and unknown entities, and leaves ordinary apostrophes alone', () => {
    expect(normaliseText("I'LL PAY FULL PRICE")).toBe("I'LL PAY FULL PRICE");
    expect(decodeEntities('&notanentity; &#0; &#xD800;')).toBe('&notanentity; &#0; &#xD800;');
    expect(normaliseText("Kids' backpack")).toBe("Kids' backpack");
  });
});
