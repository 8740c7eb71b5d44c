import { safeReturnTo } from './return-to.js';

describe(safeReturnTo.name, () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/search?q=cats#top', '/search?q=cats#top'],
    ['/a/../b', '/b'],
    [undefined, '/'],
    [42, '/'],
    ['', '/'],
    ['dashboard', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/\r\nLocation: https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%j → %s', (raw, expected) => {
    expect(safeReturnTo(raw)).toBe(expected);
  });
});
