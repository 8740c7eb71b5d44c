import { SearchError, SearchErrorCode } from '../search.errors.js';
import { asSearchError, withinDeadline } from './search-deadline.js';

describe(withinDeadline.name, () => {
  it('returns what the work returns in time', async () => {
    await expect(withinDeadline(1000, async () => 42)).resolves.toBe(42);
  });

  it('gives up on work that never answers, shortly after the timeout, with SearchTimedOut', async () => {
    const started = Date.now();
    const error = await withinDeadline(50, () => new Promise<never>(() => undefined)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ code: SearchErrorCode.SearchTimedOut, httpStatus: 503 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('maps a statement cancelled by PostgreSQL (57014), even wrapped by the ORM, to SearchTimedOut', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const wrapped = new Error('Failed query: select …', { cause: cancelled });
    await expect(withinDeadline(1000, () => Promise.reject(wrapped))).rejects.toMatchObject({
      code: SearchErrorCode.SearchTimedOut,
    });
  });

  it('does not leave a late failure unhandled after giving up', async () => {
    const unhandledReasons: unknown[] = [];
    const unhandled = (reason: unknown) => unhandledReasons.push(reason);
    process.on('unhandledRejection', unhandled);
    let fail: (error: Error) => void = () => undefined;
    await expect(
      withinDeadline(10, () => new Promise<never>((_, reject) => (fail = reject))),
    ).rejects.toBeInstanceOf(SearchError);
    fail(new Error('late'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandledReasons).toEqual([]);
  });
});

describe(asSearchError.name, () => {
  it('maps a pool with no free connection to SearchBusy (503)', () => {
    expect(asSearchError(new Error('timeout exceeded when trying to connect'))).toMatchObject({
      code: SearchErrorCode.SearchBusy,
      httpStatus: 503,
    });
  });

  it('leaves other errors as they are', () => {
    const error = Object.assign(new Error('syntax error'), { code: '42601' });
    expect(asSearchError(error)).toBe(error);
  });
});
