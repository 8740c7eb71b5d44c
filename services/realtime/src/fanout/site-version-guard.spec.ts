import { SiteVersionGuard } from './site-version-guard.js';

describe(SiteVersionGuard.name, () => {
  it('accepts newer versions and drops equal or older ones, per site', () => {
    const sut = new SiteVersionGuard(10);
    expect(sut.accept(1, 3)).toBe(true);
    expect(sut.accept(1, 3)).toBe(false); // a redelivery
    expect(sut.accept(1, 2)).toBe(false); // late
    expect(sut.accept(2, 1)).toBe(true); // another site has its own counter
    expect(sut.accept(1, 7)).toBe(true); // gaps are fine: the other kind shares the counter
    expect(sut.accept(1, 5)).toBe(false);
  });

  it('forgets the least recently updated site past its capacity, then accepts it again', () => {
    const sut = new SiteVersionGuard(2);
    sut.accept(1, 5);
    sut.accept(2, 5);
    sut.accept(1, 6); // site 1 is now the most recent
    sut.accept(3, 1); // evicts site 2
    expect(sut.size).toBe(2);
    expect(sut.accept(1, 6)).toBe(false);
    expect(sut.accept(2, 4)).toBe(true);
  });
});
