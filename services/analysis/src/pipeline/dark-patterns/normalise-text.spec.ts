import { decodeEntities, needsNormalising, normaliseText } from './normalise-text.js';

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

describe(needsNormalising.name, () => {
  // The regular expression it replaces, kept here as the definition it must agree with.
  const DEFINITION = /[^\x20-\x7e]|&|\s\s|^\s|\s$| '|' | [!?,;.](?=\s|$)/;

  it('agrees with its definition on every short string over the characters that matter', () => {
    const alphabet = [' ', "'", '!', '?', ',', ';', '.', '&', 'a', '\n', '\u00a0', '\u2019'];
    let strings = [''];
    const all: string[] = [''];
    for (let length = 1; length <= 4; length++) {
      strings = strings.flatMap((prefix) => alphabet.map((character) => prefix + character));
      all.push(...strings);
    }
    const disagreements = all.filter((text) => needsNormalising(text) !== DEFINITION.test(text));
    expect(disagreements).toEqual([]);
    expect(all.filter((text) => needsNormalising(text)).length).toBeGreaterThan(0);
    expect(all.filter((text) => !needsNormalising(text)).length).toBeGreaterThan(0);
  });

  it('leaves plain single-spaced text alone', () => {
    expect(needsNormalising("Only 2 left, don't wait. Ends at 5!")).toBe(false);
    expect(needsNormalising('Hurry ! now')).toBe(true);
  });
});
