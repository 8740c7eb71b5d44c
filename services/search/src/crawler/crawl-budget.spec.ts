import { CrawlBudget } from './crawl-budget.js';

describe(CrawlBudget.name, () => {
  it('starts with a burst of a few seconds of work, then refills at the rate per minute', () => {
    let now = 0;
    const sut = new CrawlBudget(120, () => now, 5); // 2 a second, 10 at most at once
    expect(sut.take(100)).toBe(10);
    expect(sut.take(100)).toBe(0);
    now += 1_000;
    expect(sut.take(100)).toBe(2);
    now += 60_000;
    expect(sut.take(100)).toBe(10); // a quiet minute does not bank a minute of work
  });

  it('over a minute, starts about the rate, however often it is asked', () => {
    let now = 0;
    const sut = new CrawlBudget(60, () => now, 5);
    let started = sut.take(1_000);
    for (let second = 0; second < 60; second++) {
      now += 1_000;
      started += sut.take(1_000);
    }
    expect(started).toBeGreaterThanOrEqual(60);
    expect(started).toBeLessThanOrEqual(65);
  });

  it('takes back what was not spent, up to its capacity', () => {
    const sut = new CrawlBudget(60, () => 0, 5);
    expect(sut.take(5)).toBe(5);
    sut.giveBack(3);
    expect(sut.take(10)).toBe(3);
    sut.giveBack(100);
    expect(sut.take(100)).toBe(5);
  });

  it('estimates minutes of work ahead, at least one', () => {
    const sut = new CrawlBudget(60, () => 0);
    expect(sut.minutesFor(0)).toBe(1);
    expect(sut.minutesFor(61)).toBe(2);
  });
});
