import { BrowserPool, type PoolMember } from './browser-pool.js';

class FakeBrowser implements PoolMember {
  alive = true;
  closed = false;
  constructor(readonly id: number) {}
  async close(): Promise<void> {
    this.closed = true;
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe(BrowserPool.name, () => {
  let launched: FakeBrowser[];
  const launch = async (): Promise<FakeBrowser> => {
    const browser = new FakeBrowser(launched.length + 1);
    launched.push(browser);
    return browser;
  };
  beforeEach(() => (launched = []));

  it('launches lazily and reuses an idle browser', async () => {
    const sut = new BrowserPool(2, launch);
    expect(launched).toHaveLength(0);
    expect(await sut.use(async (b) => b.id)).toBe(1);
    expect(await sut.use(async (b) => b.id)).toBe(1);
    expect(launched).toHaveLength(1);
  });

  it('never runs more pages at once than its size; the next caller waits its turn, in order', async () => {
    const sut = new BrowserPool(1, launch);
    const first = deferred();
    const order: string[] = [];
    const a = sut.use(async () => {
      order.push('a start');
      await first.promise;
      order.push('a end');
    });
    const b = sut.use(async () => void order.push('b'));
    const c = sut.use(async () => void order.push('c'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a start']);
    first.resolve();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a start', 'a end', 'b', 'c']);
    expect(launched).toHaveLength(1);
  });

  it('replaces a browser that died and frees the turn when the work throws', async () => {
    const sut = new BrowserPool(1, launch);
    await expect(
      sut.use(async (b) => {
        b.alive = false;
        throw new Error('crashed');
      }),
    ).rejects.toThrow('crashed');
    expect(launched[0]?.closed).toBe(true);
    expect(await sut.use(async (b) => b.id)).toBe(2);
  });

  it('closes every browser at close and refuses new work', async () => {
    const sut = new BrowserPool(2, launch);
    await sut.use(async () => undefined);
    await sut.close();
    expect(launched.every((b) => b.closed)).toBe(true);
    await expect(sut.use(async () => undefined)).rejects.toThrow(/closed/);
  });
});
