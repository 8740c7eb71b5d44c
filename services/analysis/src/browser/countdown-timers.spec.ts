import { countsDown, looksLikeTimer, restartsOnReload, timerSeconds } from './countdown-timers.js';

describe(timerSeconds.name, () => {
  it.each([
    ['09:58', 598],
    ['Offer ends in 1:02:03', 3_723],
    ['00:00:05', 5],
    ['2d 03h 15m 10s', 2 * 86_400 + 3 * 3_600 + 15 * 60 + 10],
    ['ends in 5 minutes', 300],
    ['Only 2 hrs 30 mins left', 9_000],
    ['45 seconds', 45],
  ])('reads %p as %p seconds', (text, seconds) => {
    expect(timerSeconds(text)).toBe(seconds);
  });

  it.each([['Free returns'], ['12:75'], ['Call 0800 123 456'], ['Size 10'], ['3 items'], ['2024']])(
    'reads no time in %p',
    (text) => {
      expect(timerSeconds(text)).toBeNull();
    },
  );

  it('takes only short texts for timer elements', () => {
    expect(looksLikeTimer('09:58')).toBe(true);
    expect(looksLikeTimer(`${'A long paragraph about our store. '.repeat(3)}Open 09:00`)).toBe(
      false,
    );
  });
});

describe(countsDown.name, () => {
  it('is true when the time goes down at the pace of the clock', () => {
    expect(
      countsDown([
        { seconds: 599, atMs: 0 },
        { seconds: 598, atMs: 900 },
        { seconds: 597, atMs: 1_900 },
      ]),
    ).toBe(true);
  });

  it('is false for a time that stands still, goes up, or races', () => {
    expect(countsDown([{ seconds: 540, atMs: 0 }])).toBe(false);
    expect(
      countsDown([
        { seconds: 540, atMs: 0 },
        { seconds: 540, atMs: 1_500 },
      ]),
    ).toBe(false);
    expect(
      countsDown([
        { seconds: 10, atMs: 0 },
        { seconds: 11, atMs: 1_000 },
      ]),
    ).toBe(false);
    expect(
      countsDown([
        { seconds: 600, atMs: 0 },
        { seconds: 560, atMs: 1_000 },
      ]),
    ).toBe(false);
  });
});

describe(restartsOnReload.name, () => {
  it('is true when the reload shows more time than was left, false when time went on', () => {
    expect(restartsOnReload(597, 600)).toBe(true);
    expect(restartsOnReload(3_590, 3_588)).toBe(false);
    // A tick can land between the last sample and the reload's read.
    expect(restartsOnReload(597, 598)).toBe(false);
  });
});
