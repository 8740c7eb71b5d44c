// Issue 12 item 5 on the runtime where it appeared: the built embedded process, where the
// routes are served in-process and Express matches paths case-insensitively. Once a budget is
// spent, no other spelling of the route (case, trailing or doubled slashes, escapes) is served.
import { EmbeddedRuntime } from '@frenly/testing';

describe('the embedded runtime: one canonical path for rate limits', () => {
  let runtime: EmbeddedRuntime;

  beforeAll(async () => {
    runtime = await EmbeddedRuntime.start({
      env: { FRENLY_RATE_LIMIT_SEARCH: '2', FRENLY_RATE_LIMIT_ANALYZE: '2', LOG_LEVEL: 'error' },
    });
  }, 150_000);

  afterAll(async () => {
    await runtime?.stop();
  });

  /** Refused: rate limited, or not served at all. Never answered. */
  const refused = (status: number) => status === 429 || status === 404;

  it('refuses /api/Search, /api/SEARCH/, /api//search… once the search budget is spent', async () => {
    const search = async (path: string) =>
      (await fetch(`${runtime.url}${path}?q=wikipedia`)).status;
    expect(await search('/api/search')).toBe(200);
    expect(await search('/api/search')).toBe(200);
    expect(await search('/api/search')).toBe(429);
    const variants = [
      '/api/Search',
      '/api/SEARCH/',
      '/API/search',
      '/api//search',
      '/api/%73earch',
      '/api/search/',
    ];
    const answers = await Promise.all(
      variants.map(async (path) => [path, await search(path)] as const),
    );
    expect(answers.filter(([, status]) => !refused(status))).toEqual([]);
  });

  it('refuses POST /api/sites/Analyze once the analyze budget is spent', async () => {
    const analyze = async (path: string) =>
      (
        await fetch(`${runtime.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"url":"https://example.org"}',
        })
      ).status;
    // Signed out: answered 401, but counted against this address all the same.
    expect(await analyze('/api/sites/analyze')).toBe(401);
    expect(await analyze('/api/sites/analyze')).toBe(401);
    const variants = [
      '/api/sites/analyze',
      '/api/sites/Analyze',
      '/API/SITES/ANALYZE/',
      '/api/sites//analyze',
    ];
    const answers = await Promise.all(
      variants.map(async (path) => [path, await analyze(path)] as const),
    );
    expect(answers.filter(([, status]) => !refused(status))).toEqual([]);
  });
});
