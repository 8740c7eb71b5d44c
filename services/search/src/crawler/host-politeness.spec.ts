import { HostPoliteness } from './host-politeness.js';

describe(HostPoliteness.name, () => {
  it('spaces requests to one host by the delay, and leaves other hosts alone', async () => {
    const sut = new HostPoliteness();
    const started: Array<[string, number]> = [];
    const t0 = Date.now();
    await Promise.all(
      ['a', 'a', 'b', 'a'].map(async (host) => {
        await sut.wait(host, 60);
        started.push([host, Date.now() - t0]);
      }),
    );
    const a = started.filter(([host]) => host === 'a').map(([, at]) => at);
    const b = started.filter(([host]) => host === 'b').map(([, at]) => at);
    expect(a).toHaveLength(3);
    // The first goes at once; timers fire late, never early, so the others start at least one /
    // two delays after the calls (measured from t0, taken before them: when the first one's own
    // timestamp is recorded depends on a busy event loop).
    expect(a[1]!).toBeGreaterThanOrEqual(58);
    expect(a[2]!).toBeGreaterThanOrEqual(118);
    expect(b[0]).toBeLessThan(a[1]!);
  });

  it('stops waiting when aborted', async () => {
    const sut = new HostPoliteness();
    await sut.wait('a', 10_000);
    const controller = new AbortController();
    const waiting = sut.wait('a', 10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
