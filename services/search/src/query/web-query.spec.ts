import fc from 'fast-check';
import {
  applyCorrections,
  correctableTerms,
  exactMatchText,
  expandTerms,
  formatWebQuery,
  hasPhrase,
  hasPositiveClause,
  MAX_QUERY_ATOMS,
  parseWebQuery,
  prefixPattern,
  siteDomainOf,
  withinSite,
} from './web-query.js';

describe(parseWebQuery.name, () => {
  const format = (input: string) => formatWebQuery(parseWebQuery(input));

  it('reads words as required terms, lower-cased', () => {
    expect(parseWebQuery('Python  DOCS')).toEqual({
      clauses: [
        { alternatives: [{ kind: 'term', text: 'python', negated: false }] },
        { alternatives: [{ kind: 'term', text: 'docs', negated: false }] },
      ],
    });
  });

  it('reads quoted phrases, typographic quotes and an unterminated quote', () => {
    expect(parseWebQuery('"climate  change" news').clauses[0]?.alternatives[0]).toEqual({
      kind: 'phrase',
      text: 'climate change',
      negated: false,
    });
    expect(format('\u201Cclimate change\u201D')).toBe('"climate change"');
    expect(format('"open source')).toBe('"open source"');
  });

  it('reads -exclusions of terms and phrases, but keeps inner hyphens', () => {
    expect(format('jaguar -car -"formula one"')).toBe('jaguar -car -"formula one"');
    expect(parseWebQuery('e-mail').clauses[0]?.alternatives[0]).toEqual({
      kind: 'term',
      text: 'e-mail',
      negated: false,
    });
    expect(format('climate - change')).toBe('climate change');
  });

  it('joins alternatives with OR (upper case only) or |, and ignores dangling operators', () => {
    expect(
      parseWebQuery('cats OR dogs food').clauses.map((c) => c.alternatives.map((a) => a.text)),
    ).toEqual([['cats', 'dogs'], ['food']]);
    expect(format('cats | dogs')).toBe('cats OR dogs');
    expect(format('OR cats OR')).toBe('cats');
    expect(format('cats or dogs')).toBe('cats or dogs');
  });

  it('drops exclusions inside an OR group (they would match almost everything)', () => {
    expect(format('-cats OR dogs')).toBe('dogs');
  });

  it('drops punctuation that wraps words and pieces without letters or digits', () => {
    expect(format('(python), && "" - c++ .net node.js!')).toBe('python c++ .net node.js');
    expect(parseWebQuery('   ').clauses).toEqual([]);
    expect(parseWebQuery('!!! ***').clauses).toEqual([]);
  });

  it('reads site: as a restriction to a domain, not as a word (the last one wins)', () => {
    expect(parseWebQuery('boil eggs site:Docs.Example')).toEqual({
      clauses: [
        { alternatives: [{ kind: 'term', text: 'boil', negated: false }] },
        { alternatives: [{ kind: 'term', text: 'eggs', negated: false }] },
      ],
      site: 'docs.example',
    });
    expect(format('site:a.example eggs OR ham site:https://www.b.example:8080/path?x')).toBe(
      'site:b.example eggs OR ham',
    );
    // An operand that is no host name is dropped; -site: is an exclusion of the word as typed.
    expect(parseWebQuery('eggs site:')).toEqual(parseWebQuery('eggs'));
    expect(parseWebQuery('eggs site:"a b"').site).toBeUndefined();
    expect(parseWebQuery('eggs -site:x.example').site).toBeUndefined();
    // Corrections keep the restriction.
    const query = parseWebQuery('pythn site:docs.example');
    const fixes = new Map([['pythn', 'python']]);
    expect(formatWebQuery(applyCorrections(query, fixes))).toBe('site:docs.example python');
    expect(expandTerms(query, fixes, () => true).site).toBe('docs.example');
  });

  it('gives the domain of a site: operand, underscores allowed, nothing for what is not a host', () => {
    expect(siteDomainOf('fahrenheit_fact.blogspot.com')).toBe('fahrenheit_fact.blogspot.com');
    expect(siteDomainOf('HTTP://WWW.Example.org./')).toBe('example.org');
    expect(siteDomainOf('')).toBeUndefined();
    expect(siteDomainOf('a..b')).toBeUndefined();
    expect(siteDomainOf('<script>')).toBeUndefined();
  });

  it('restricts a query to a site for "More from this site"', () => {
    expect(formatWebQuery(withinSite(parseWebQuery('"green tea" -matcha'), 'tea.example'))).toBe(
      'site:tea.example "green tea" -matcha',
    );
    // A restricted query restricted again names the new site only.
    expect(formatWebQuery(withinSite(parseWebQuery('tea site:a.example'), 'b.example'))).toBe(
      'site:b.example tea',
    );
  });

  it(`keeps at most ${MAX_QUERY_ATOMS} atoms`, () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(parseWebQuery(words.join(' ')).clauses).toHaveLength(MAX_QUERY_ATOMS);
  });

  it('never throws and always formats to a fixed point', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (input) => {
        const once = format(input);
        expect(format(once)).toBe(once);
      }),
    );
  });
});

describe('query helpers', () => {
  it('tells whether anything must match', () => {
    expect(hasPositiveClause(parseWebQuery('-spam'))).toBe(false);
    expect(hasPositiveClause(parseWebQuery('eggs -spam'))).toBe(true);
  });

  it('tells which queries hold phrases (their matches the planner overestimates)', () => {
    expect(hasPhrase(parseWebQuery('climate change'))).toBe(false);
    expect(hasPhrase(parseWebQuery('climate -"climate change"'))).toBe(true);
    expect(hasPhrase(parseWebQuery('"new york" OR boston'))).toBe(true);
    expect(
      hasPhrase(expandTerms(parseWebQuery('wikip'), new Map([['wikip', undefined]]), () => true)),
    ).toBe(false);
  });

  it('gives the text an exact domain or title match is compared with', () => {
    expect(exactMatchText(parseWebQuery('Wikipedia'))).toBe('wikipedia');
    expect(exactMatchText(parseWebQuery('python docs -snake'))).toBe('python docs');
    expect(exactMatchText(parseWebQuery('cats OR dogs'))).toBe('');
  });

  it('widens corrected terms and shows the corrected query', () => {
    const query = parseWebQuery('wikipeda -spam');
    expect(correctableTerms(query)).toEqual(['wikipeda']);
    const corrections = new Map([['wikipeda', 'wikipedia']]);
    expect(formatWebQuery(expandTerms(query, corrections, () => true))).toBe(
      'wikipeda OR wikipeda* OR wikipedia -spam',
    );
    expect(formatWebQuery(applyCorrections(query, corrections))).toBe('wikipedia -spam');
    expect(
      formatWebQuery(expandTerms(query, new Map([['wikipeda', undefined]]), () => false)),
    ).toBe('wikipeda -spam');
  });

  it('makes prefix patterns of letters and digits only', () => {
    expect(prefixPattern("wiki'p:*|&")).toBe('wikip');
    expect(prefixPattern('::')).toBeUndefined();
    expect(prefixPattern('Zürich')).toBe('Zürich');
  });
});
