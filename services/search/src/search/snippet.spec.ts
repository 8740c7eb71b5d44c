import { MATCH_START as S, MATCH_STOP as E, matchedSnippet, snippetSegmentsOf } from './snippet.js';

describe(snippetSegmentsOf.name, () => {
  it('splits a marked snippet into plain and matched text', () => {
    expect(snippetSegmentsOf(`Boil an ${S}egg${E} for ${S}seven${E} minutes`)).toEqual([
      { text: 'Boil an ', match: false },
      { text: 'egg', match: true },
      { text: ' for ', match: false },
      { text: 'seven', match: true },
      { text: ' minutes', match: false },
    ]);
  });

  it('joins adjacent matches and keeps markup as plain text', () => {
    expect(snippetSegmentsOf(`${S}green${E}${S}tea${E} <b>x</b>`)).toEqual([
      { text: 'greentea', match: true },
      { text: ' <b>x</b>', match: false },
    ]);
  });

  it('answers no segments for an empty or missing snippet', () => {
    expect(snippetSegmentsOf('')).toEqual([]);
    expect(snippetSegmentsOf(null)).toEqual([]);
    expect(snippetSegmentsOf('  plain  ')).toEqual([{ text: 'plain', match: false }]);
  });
});

describe(matchedSnippet.name, () => {
  it('keeps a snippet that shows a matched word, and drops one that shows none', () => {
    expect(matchedSnippet(`a ${S}b${E}`)).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
    ]);
    expect(matchedSnippet('the first words of the text')).toEqual([]);
  });
});
