import type { QueryLoggedV1 } from '@frenly/contracts';
import { isTransientWriteError, storableEntry } from './log-entry-hazards.js';

const entry: QueryLoggedV1 = {
  query: 'kites',
  normalizedQuery: 'kites',
  visitorHash: 'f'.repeat(32),
  resultCount: 1,
  loggedAt: '2026-11-01T12:00:00.000Z',
};

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe(storableEntry.name, () => {
  it('leaves a clean entry as it is', () => {
    expect(storableEntry(entry)).toEqual({ entry, changed: false });
  });

  it('removes NUL and replaces unpaired surrogates, keeping paired ones', () => {
    const { entry: clean, changed } = storableEntry({
      ...entry,
      query: 'ki\u0000tes \uD800 🌱',
      normalizedQuery: 'kites\uDC00',
    });
    expect(changed).toBe(true);
    expect(clean).toMatchObject({ query: 'kites \uFFFD 🌱', normalizedQuery: 'kites\uFFFD' });
  });
});

describe(isTransientWriteError.name, () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    [
      'a server shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['too many clients (53300)', withCode('sorry, too many clients already', '53300')],
    [
      'a wrapped connection error',
      new Error('Failed query', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ],
  ])('retries after %s', (_name, error) => expect(isTransientWriteError(error)).toBe(true));

  it.each([
    ['NUL in jsonb (22P05)', withCode('unsupported Unicode escape sequence', '22P05')],
    ['an invalid date', new RangeError('Invalid time value')],
    [
      'a wrapped data exception',
      new Error('Failed query', { cause: withCode('invalid input syntax', '22P02') }),
    ],
    [
      'a wrapped error quoting a search for "connection timeout"',
      new Error('Failed query: insert …\nparams: connection timeout', {
        cause: new RangeError('Invalid time value'),
      }),
    ],
  ])('drops the entry after %s', (_name, error) =>
    expect(isTransientWriteError(error)).toBe(false),
  );
});
