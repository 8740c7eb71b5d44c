import {
  describeUnstorableText,
  findUnstorableText,
  unstorableTextReason,
} from './unstorable-text.js';

describe(findUnstorableText.name, () => {
  it.each([
    ['plain text', 'Fuzzing 👩‍👩‍👧 e\u0301 \u202e \uffff'],
    ['a well-formed pair', '\ud83d\ude00'],
    ['an object of fine text', { message: 'hi', keys: { auth: 'x' }, list: ['a', 1, null] }],
    ['numbers and nulls', { a: 1, b: null, c: true }],
  ])('lets %s through', (_name, value) => {
    expect(findUnstorableText(value)).toBeUndefined();
  });

  it.each([
    ['NUL at the top', 'a\u0000b', '', 'contains a NUL character'],
    [
      'a lone high surrogate',
      { message: 'x\ud800' },
      'message',
      'contains a lone surrogate (not valid Unicode)',
    ],
    [
      'a lone low surrogate, nested',
      { keys: { auth: '\udc00y' } },
      'keys.auth',
      'contains a lone surrogate (not valid Unicode)',
    ],
    [
      'a reversed pair',
      { content: '\ude00\ud83d' },
      'content',
      'contains a lone surrogate (not valid Unicode)',
    ],
    ['NUL in an array', { tags: ['ok', 'b\u0000'] }, 'tags[1]', 'contains a NUL character'],
    ['NUL in a key', { 'a\u0000': 1 }, 'a\u0000', 'has a name that contains a NUL character'],
  ])('finds %s', (_name, value, path, reason) => {
    expect(findUnstorableText(value)).toEqual({ path, reason });
  });

  it('copes with depths that would overflow a recursive walk', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`) as unknown;
    expect(findUnstorableText(deep)?.reason).toBe('contains a NUL character');
  });
});

describe(describeUnstorableText.name, () => {
  it('names the field and escapes what it cannot show', () => {
    expect(
      describeUnstorableText(
        { path: 'a\u0000', reason: 'has a name that contains a NUL character' },
        'request body',
      ),
    ).toBe(
      'request body field a\\u0000 has a name that contains a NUL character; text must be valid Unicode without NUL characters',
    );
    expect(unstorableTextReason('fine')).toBeUndefined();
  });
});
