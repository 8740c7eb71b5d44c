import { AllowList, allowListEntryProblem, fetchAllowListVar } from './allow-list.js';

describe(AllowList.name, () => {
  it('is empty by default and lets nothing through', () => {
    const allowList = new AllowList();
    expect(allowList.entries).toEqual([]);
    expect(allowList.has('127.0.0.1', 80)).toBe(false);
  });

  it('normalises entries so that any spelling of the same host matches', () => {
    const allowList = new AllowList(['LocalHost:3000', '127.1:4000', '[0:0::1]:5000']);
    expect(allowList.entries).toEqual(['localhost:3000', '127.0.0.1:4000', '[::1]:5000']);
    expect(allowList.has('localhost', 3000)).toBe(true);
    expect(allowList.has('127.0.0.1', 4000)).toBe(true);
    expect(allowList.has('::1', 5000)).toBe(true);
    expect(allowList.has('[::1]', 5000)).toBe(true);
    expect(allowList.has('::1', 5001)).toBe(false);
  });

  it.each([
    '127.0.0.1',
    'localhost',
    'http://127.0.0.1:80',
    '::1:80',
    '127.0.0.1:0',
    '127.0.0.1:70000',
    'a b:80',
    'user@host:80',
  ])('rejects the entry "%s"', (entry) => {
    expect(allowListEntryProblem(entry)).toBeDefined();
    expect(() => new AllowList([entry])).toThrow(`Invalid allow-list entry "${entry}"`);
  });

  it('reads FRENLY_FETCH_ALLOWLIST: comma-separated, empty by default, bad items named', () => {
    expect(fetchAllowListVar.parse(undefined)).toEqual({ ok: true, value: [] });
    expect(fetchAllowListVar.parse(' 127.0.0.1:4000 , [::1]:5000 ')).toEqual({
      ok: true,
      value: ['127.0.0.1:4000', '[::1]:5000'],
    });
    expect(fetchAllowListVar.parse('127.0.0.1')).toMatchObject({
      ok: false,
      error: expect.stringContaining('"127.0.0.1"'),
    });
  });
});
