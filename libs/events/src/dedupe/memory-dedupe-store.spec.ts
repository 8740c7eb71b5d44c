import { MemoryDedupeStore } from './memory-dedupe-store.js';

describe(MemoryDedupeStore.name, () => {
  it('runs work once per group and id, and again for another group', async () => {
    const sut = new MemoryDedupeStore();
    let runs = 0;
    const work = async (): Promise<void> => {
      runs += 1;
    };
    expect(await sut.runOnce('g1', 'id-1', work)).toBe('handled');
    expect(await sut.runOnce('g1', 'id-1', work)).toBe('duplicate');
    expect(await sut.runOnce('g2', 'id-1', work)).toBe('handled');
    expect(runs).toBe(2);
  });

  it('does not remember an id whose work failed', async () => {
    const sut = new MemoryDedupeStore();
    await expect(
      sut.runOnce('g', 'id', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await sut.runOnce('g', 'id', async () => undefined)).toBe('handled');
  });

  it('runs the same id arriving twice at once only once', async () => {
    const sut = new MemoryDedupeStore();
    let runs = 0;
    const slow = async (): Promise<void> => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const results = await Promise.all([sut.runOnce('g', 'id', slow), sut.runOnce('g', 'id', slow)]);
    expect(results.sort()).toEqual(['duplicate', 'handled']);
    expect(runs).toBe(1);
  });

  it('forgets the least recently seen ids beyond its capacity', async () => {
    const sut = new MemoryDedupeStore({ capacity: 2 });
    const noop = async (): Promise<void> => undefined;
    await sut.runOnce('g', 'a', noop);
    await sut.runOnce('g', 'b', noop);
    expect(await sut.runOnce('g', 'a', noop)).toBe('duplicate'); // touches a: b is now the oldest
    await sut.runOnce('g', 'c', noop);
    expect(sut.size).toBe(2);
    expect(await sut.runOnce('g', 'a', noop)).toBe('duplicate');
    expect(await sut.runOnce('g', 'b', noop)).toBe('handled');
  });
});
