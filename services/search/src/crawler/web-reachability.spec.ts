import { jest } from '@jest/globals';
import { WebReachability, type ReachabilityEvents } from './web-reachability.js';

function setup() {
  let now = 1_000_000;
  const events = {
    offline: jest.fn<ReachabilityEvents['offline']>(),
    online: jest.fn<ReachabilityEvents['online']>(),
  };
  const sut = new WebReachability(() => now, events, {
    failuresToGoOffline: 3,
    baseBackoffMs: 1_000,
    maxBackoffMs: 4_000,
  });
  return { sut, events, advance: (ms: number) => (now += ms) };
}

describe(WebReachability.name, () => {
  it('stays online when one host fails again and again (a site down is not the web down)', () => {
    const { sut, events } = setup();
    for (let i = 0; i < 10; i++) sut.unreachable('down.example');
    expect(sut.state).toBe('reachable');
    expect(events.offline).not.toHaveBeenCalled();
  });

  it('goes offline after failures in a row across that many hosts, and says so once', () => {
    const { sut, events } = setup();
    sut.unreachable('a.example');
    sut.unreachable('b.example');
    sut.reached();
    sut.unreachable('c.example');
    sut.unreachable('d.example');
    expect(sut.state).toBe('reachable');
    sut.unreachable('e.example');
    expect(sut.state).toBe('unreachable');
    for (let i = 0; i < 20; i++) sut.unreachable(`late-${i}.example`);
    expect(events.offline).toHaveBeenCalledTimes(1);
    expect(events.offline).toHaveBeenCalledWith({ failures: 3, hosts: 3, retryInMs: 1_000 });
  });

  it('offline: starts nothing until the backoff passes, then one probe at a time, doubling up to the maximum', () => {
    const { sut, advance } = setup();
    for (const host of ['a', 'b', 'c']) sut.unreachable(host);
    expect(sut.decide()).toEqual({ kind: 'wait', untilMs: 1_001_000 });
    expect(sut.admits('https://queued.example/')).toBe(false);

    const waits: number[] = [];
    let now = 1_000_000;
    for (let round = 0; round < 5; round++) {
      const decision = sut.decide();
      if (decision.kind !== 'wait') throw new Error('expected to wait');
      waits.push(decision.untilMs - now);
      advance(decision.untilMs - now - 1);
      expect(sut.decide().kind).toBe('wait'); // a millisecond early: still waiting
      now = advance(1);
      expect(sut.decide()).toEqual({ kind: 'probe' });
      sut.probing('https://probe.example/');
      expect(sut.decide().kind).toBe('wait'); // the probe is in flight: no second one
      expect(sut.admits('https://probe.example/')).toBe(true);
      sut.unreachable('probe.example');
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 4_000, 4_000]);
  });

  it('a straggler queued before going offline does not move the backoff', () => {
    const { sut } = setup();
    for (const host of ['a', 'b', 'c']) sut.unreachable(host);
    const before = sut.retryAt;
    sut.unreachable('straggler');
    expect(sut.retryAt).toBe(before);
  });

  it('the first success puts it back online, said once', () => {
    const { sut, events, advance } = setup();
    for (const host of ['a', 'b', 'c']) sut.unreachable(host);
    advance(1_000);
    sut.probing('https://probe.example/');
    sut.reached();
    sut.reached();
    expect(sut.state).toBe('reachable');
    expect(sut.decide()).toEqual({ kind: 'go' });
    expect(events.online).toHaveBeenCalledTimes(1);
    expect(events.online).toHaveBeenCalledWith({ offlineForMs: 1_000 });
  });

  it('a probe that could not be sent (nothing due) lets the next round try', () => {
    const { sut, advance } = setup();
    for (const host of ['a', 'b', 'c']) sut.unreachable(host);
    advance(1_000);
    expect(sut.decide()).toEqual({ kind: 'probe' });
    sut.probeNotSent();
    expect(sut.decide()).toEqual({ kind: 'probe' });
  });
});
