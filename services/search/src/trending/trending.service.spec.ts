import { fakeOf } from '@frenly/testing';
import { movableClock } from '../../test/unit/search.factories.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { TrendingRepository } from './trending.repository.js';
import { TrendingService } from './trending.service.js';

const HOUR = 3_600_000;
const SETTINGS: SearchSettings = {
  ...DEFAULT_SEARCH_SETTINGS,
  trending: {
    ...DEFAULT_SEARCH_SETTINGS.trending,
    size: 3,
    cacheSeconds: 30,
    windowHours: 48,
    halfLifeHours: 12,
    minVisitors: 2,
  },
};

function setup() {
  const repository = fakeOf<TrendingRepository>();
  const clock = movableClock();
  repository.pruneBefore.mockResolvedValue(undefined);
  repository.hottest.mockResolvedValue(['python', 'rust', 'go', 'zig']);
  const sut = new TrendingService(repository, SETTINGS, clock);
  return { sut, repository, clock };
}

describe(TrendingService.name, () => {
  it('asks for the hottest queries over the window, with spare rows, and keeps the first `size`', async () => {
    const { sut, repository, clock } = setup();

    await expect(sut.trending()).resolves.toEqual(['python', 'rust', 'go']);
    expect(repository.hottest).toHaveBeenCalledWith({
      now: clock(),
      windowStart: new Date(clock().getTime() - 48 * HOUR),
      halfLifeSeconds: 12 * 3600,
      minVisitors: 2,
      limit: 6,
    });
  });

  it('leaves out what may not trend (links, markup, e-mail addresses) stored before the rule', async () => {
    const { sut, repository } = setup();
    repository.hottest.mockResolvedValue([
      'https://evil.example',
      '<b>bold</b>',
      'ada@example.org',
      'python',
      'rust',
    ]);

    await expect(sut.trending()).resolves.toEqual(['python', 'rust']);
  });

  it('serves one computed list for cacheSeconds, then computes again', async () => {
    const { sut, repository, clock } = setup();

    await sut.trending();
    clock.advance(29_999);
    await sut.trending();
    expect(repository.hottest).toHaveBeenCalledTimes(1);

    clock.advance(1);
    await sut.trending();
    expect(repository.hottest).toHaveBeenCalledTimes(2);
  });

  it('shares one computation between concurrent requests', async () => {
    const { sut, repository } = setup();

    const [a, b] = await Promise.all([sut.trending(), sut.trending()]);

    expect(a).toBe(b);
    expect(repository.hottest).toHaveBeenCalledTimes(1);
  });

  it('computes again when the clock went back', async () => {
    const { sut, repository, clock } = setup();

    await sut.trending();
    clock.advance(-1_000);
    await sut.trending();

    expect(repository.hottest).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed computation', async () => {
    const { sut, repository } = setup();
    repository.hottest.mockRejectedValueOnce(new Error('database away'));

    await expect(sut.trending()).rejects.toThrow('database away');
    await expect(sut.trending()).resolves.toEqual(['python', 'rust', 'go']);
  });

  it('prunes searches older than the window at most once an hour', async () => {
    const { sut, repository, clock } = setup();

    await sut.trending();
    expect(repository.pruneBefore).toHaveBeenCalledWith(new Date(clock().getTime() - 48 * HOUR));

    clock.advance(HOUR); // the cache expired, the hour has not passed
    await sut.trending();
    expect(repository.pruneBefore).toHaveBeenCalledTimes(1);

    clock.advance(SETTINGS.trending.cacheSeconds * 1000); // next computation, past the hour
    await sut.trending();
    expect(repository.pruneBefore).toHaveBeenCalledTimes(2);
  });
});
