// Fair scheduling, on both adapters (BullMQ on the real Redis, under a unique key prefix):
// priorities, group limits that let other groups pass a flooding one, and admission slots.
import type { JobQueue, JobSpec } from '../src/index.js';
import { deferred, waitUntil } from './async-helpers.js';
import { bothAdapters } from './both-adapters.js';

interface TestQueues {
  work: JobSpec<{ label: string }, string>;
}

const harness = bothAdapters<TestQueues>();

describe.each(harness.adapters)('JobQueue fairness: %s adapter', (_adapterName, makeQueue) => {
  let jobs: JobQueue<TestQueues>;

  beforeEach(() => {
    jobs = makeQueue(harness.nextPrefix());
  });

  afterEach(() => harness.finish(jobs));

  it('runs jobs without a priority first, then by priority number, FIFO among equals', async () => {
    const labels = ['p5', 'p1-first', 'none', 'p3', 'p1-second'];
    const priorities = [5, 1, undefined, 3, 1];
    for (const [index, label] of labels.entries()) {
      const priority = priorities[index];
      await jobs.enqueue('work', { label }, priority === undefined ? {} : { priority });
    }
    const order: string[] = [];
    await jobs.process(
      'work',
      async ({ label }) => {
        order.push(label);
        return label;
      },
      { concurrency: 1 },
    );
    await waitUntil(() => order.length === labels.length, 5000);
    expect(order).toEqual(['none', 'p1-first', 'p1-second', 'p3', 'p5']);
  });

  it('lets another group run while one group floods the queue up to its limit', async () => {
    const release = deferred();
    const running = new Map<string, number>();
    let mostFloodAtOnce = 0;
    await jobs.process(
      'work',
      async ({ label }) => {
        const group = label.split('-')[0]!;
        running.set(group, (running.get(group) ?? 0) + 1);
        mostFloodAtOnce = Math.max(mostFloodAtOnce, running.get('flood') ?? 0);
        try {
          if (group === 'flood') await release.promise;
          return label;
        } finally {
          running.set(group, running.get(group)! - 1);
        }
      },
      { concurrency: 3, groupLimits: { user: 2 } },
    );
    const flood = Array.from({ length: 8 }, (_, index) =>
      jobs.enqueueAndWait(
        'work',
        { label: `flood-${index}` },
        { groups: { user: 'flooder' }, waitTimeoutMs: 20_000 },
      ),
    );
    await waitUntil(() => (running.get('flood') ?? 0) === 2, 5000);

    // The flooder holds 2 of 3 slots and 6 more of its jobs wait ahead: the bystander still runs.
    const bystander = await jobs.enqueueAndWait(
      'work',
      { label: 'bystander-1' },
      { groups: { user: 'bystander' }, waitTimeoutMs: 5000 },
    );
    expect(bystander).toBe('bystander-1');
    expect(running.get('flood')).toBe(2);

    release.resolve();
    expect(await Promise.all(flood)).toHaveLength(8);
    expect(mostFloodAtOnce).toBe(2);
  });

  it('frees a group slot when a job fails, so the group goes on', async () => {
    await jobs.process(
      'work',
      async ({ label }) => {
        if (label === 'bad') throw new Error('broken page');
        return label;
      },
      { concurrency: 2, groupLimits: { host: 1 } },
    );
    const failed = jobs.enqueueAndWait(
      'work',
      { label: 'bad' },
      { groups: { host: 'h' }, waitTimeoutMs: 5000 },
    );
    await expect(failed).rejects.toThrow('broken page');
    expect(
      await jobs.enqueueAndWait(
        'work',
        { label: 'good' },
        { groups: { host: 'h' }, waitTimeoutMs: 5000 },
      ),
    ).toBe('good');
  });

  it('admits at most `limit` holders of a slot scope, counts them, and frees a released slot', async () => {
    const first = await jobs.acquireSlot('work', 'user-a', 'request-1', 2, 60_000);
    const second = await jobs.acquireSlot('work', 'user-a', 'request-2', 2, 60_000);
    expect([first?.held, second?.held]).toEqual([1, 2]);
    expect(await jobs.acquireSlot('work', 'user-a', 'request-3', 2, 60_000)).toBeUndefined();
    // Another scope is not affected.
    expect((await jobs.acquireSlot('work', 'user-b', 'request-1', 2, 60_000))?.held).toBe(1);

    await first!.release();
    expect((await jobs.acquireSlot('work', 'user-a', 'request-3', 2, 60_000))?.held).toBe(2);
  });

  it('frees a slot whose holder never released it once its lease ends', async () => {
    expect(await jobs.acquireSlot('work', 'user-a', 'crashed', 1, 50)).toBeDefined();
    expect(await jobs.acquireSlot('work', 'user-a', 'next', 1, 60_000)).toBeUndefined();
    await waitUntil(
      async () => (await jobs.acquireSlot('work', 'user-a', 'next', 1, 60_000)) !== undefined,
      3000,
    );
  });
});
