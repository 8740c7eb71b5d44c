import { randomUUID } from 'node:crypto';
import type { BusEvent } from '../bus.js';
import { silentLogger } from '../logger.js';
import { InProcessEventBus } from './in-process-event-bus.js';

const event = (topic: string, key: string, n: number): BusEvent => ({
  id: randomUUID(),
  topic,
  key,
  payload: { n },
  occurredAt: new Date().toISOString(),
  headers: {},
});
const tick = (ms = 20): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe(InProcessEventBus.name, () => {
  it('keeps only the retention window for groups that subscribe later', async () => {
    const sut = new InProcessEventBus({
      partitions: 1,
      retainedEventsPerTopic: 10,
      logger: silentLogger,
    });
    await sut.publish(Array.from({ length: 1_000 }, (_, n) => event('t', 'k', n)));
    const seen: number[] = [];
    await sut.subscribe({
      group: 'late',
      topics: ['t'],
      handler: async (e) => void seen.push((e.payload as { n: number }).n),
    });
    await tick();
    expect(seen.length).toBeGreaterThanOrEqual(10);
    expect(seen.length).toBeLessThan(1_000);
    expect(seen.at(-1)).toBe(999);
    await sut.close();
  });

  it('never drops events an active group has not consumed yet', async () => {
    const sut = new InProcessEventBus({
      partitions: 1,
      retainedEventsPerTopic: 10,
      logger: silentLogger,
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    await sut.subscribe({
      group: 'slow',
      topics: ['t'],
      handler: async (e) => {
        await gate;
        seen.push((e.payload as { n: number }).n);
      },
    });
    await sut.publish(Array.from({ length: 2_000 }, (_, n) => event('t', 'k', n)));
    release();
    await tick(100);
    expect(seen).toEqual(Array.from({ length: 2_000 }, (_, n) => n));
    await sut.close();
  });

  it("hands a leaving member's partitions to the others without losing events", async () => {
    const sut = new InProcessEventBus({ logger: silentLogger });
    const a: string[] = [];
    const b: string[] = [];
    const first = await sut.subscribe({
      group: 'g',
      topics: ['t'],
      handler: async (e) => void a.push(e.id),
    });
    await sut.subscribe({ group: 'g', topics: ['t'], handler: async (e) => void b.push(e.id) });
    const before = Array.from({ length: 50 }, (_, n) => event('t', `k${n}`, n));
    await sut.publish(before);
    await tick();
    expect(a.length).toBeGreaterThan(0);
    await first.close();
    const after = Array.from({ length: 50 }, (_, n) => event('t', `k${n}`, n));
    await sut.publish(after);
    await tick();
    expect(new Set([...a, ...b])).toEqual(new Set([...before, ...after].map((e) => e.id)));
    expect(a.length + b.length).toBe(100);
    expect(b).toEqual(expect.arrayContaining(after.map((e) => e.id)));
    await sut.close();
  });

  it('rejects the whole publish call when one event is malformed', async () => {
    const sut = new InProcessEventBus({ logger: silentLogger });
    const seen: string[] = [];
    await sut.subscribe({ group: 'g', topics: ['t'], handler: async (e) => void seen.push(e.id) });
    await expect(
      sut.publish([event('t', 'k', 1), { ...event('t', 'k', 2), id: '' }]),
    ).rejects.toThrow('id must be');
    await tick();
    expect(seen).toEqual([]);
    await sut.close();
  });
});
