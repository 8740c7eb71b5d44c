// One contract, two adapters: every test below runs against the in-process adapter and against
// BullMQ on the real Redis (a unique key prefix per test, all removed at the end).
import {
  BullMqJobQueue,
  InProcessJobQueue,
  JobErrorCode,
  JobFailedError,
  type JobQueue,
  type JobSpec,
} from '../src/index.js';
import { abortableSleep, deferred, sleep, waitUntil } from './async-helpers.js';
import { bothAdapters } from './both-adapters.js';

interface TestQueues {
  double: JobSpec<{ value: number }, { doubled: number }>;
  work: JobSpec<{ label: string }, string>;
}

const harness = bothAdapters<TestQueues>();

describe.each(harness.adapters)('JobQueue contract: %s adapter', (adapterName, makeQueue) => {
  let jobs: JobQueue<TestQueues>;
  let prefix: string;

  beforeEach(() => {
    prefix = harness.nextPrefix();
    jobs = makeQueue(prefix);
  });

  afterEach(() => harness.finish(jobs));

  it('is built by the factory from the presence of a Redis URL', () => {
    expect(jobs.kind).toBe(adapterName);
    expect(jobs).toBeInstanceOf(adapterName === 'bullmq' ? BullMqJobQueue : InProcessJobQueue);
  });

  it('runs a job once and its result can be awaited', async () => {
    let calls = 0;
    const completed: Array<{ jobId: string; result: { doubled: number } }> = [];
    await jobs.onCompleted('double', ({ jobId, result }) => completed.push({ jobId, result }));
    await jobs.process('double', async ({ value }, context) => {
      calls += 1;
      expect(context.attempt).toBe(1);
      return { doubled: value * 2 };
    });

    const result = await jobs.enqueueAndWait(
      'double',
      { value: 21 },
      { jobId: 'answer', waitTimeoutMs: 3000 },
    );
    expect(result).toEqual({ doubled: 42 });

    const { jobId, isNew } = await jobs.enqueue('double', { value: 5 });
    expect(isNew).toBe(true);
    expect(await jobs.waitForResult('double', jobId, 3000)).toEqual({ doubled: 10 });

    await waitUntil(() => completed.length === 2);
    await sleep(30);
    expect(calls).toBe(2);
    expect(completed).toEqual([
      { jobId: 'answer', result: { doubled: 42 } },
      { jobId, result: { doubled: 10 } },
    ]);
    expect(jobs.getStats('double')).toEqual({ completed: 2, failed: 0, retried: 0, timedOut: 0 });
  });

  it('counts waiting jobs before a worker exists and completed ones after', async () => {
    for (const label of ['a', 'b', 'c']) await jobs.enqueue('work', { label });
    expect(await jobs.getCounts('work')).toEqual({
      waiting: 3,
      active: 0,
      delayed: 0,
      completed: 0,
      failed: 0,
    });

    await jobs.process('work', async ({ label }) => label.toUpperCase());
    await waitUntil(async () => (await jobs.getCounts('work')).completed === 3);
    expect(await jobs.getCounts('work')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      completed: 3,
      failed: 0,
    });
  });

  it('retries a failing job up to its limit with exponential backoff, then reports it failed', async () => {
    const attemptTimes: number[] = [];
    const attemptNumbers: number[] = [];
    const failed: Array<{ jobId: string; error: string }> = [];
    await jobs.onFailed('work', ({ jobId, error }) => failed.push({ jobId, error }));
    await jobs.process('work', async (_payload, { attempt }) => {
      attemptTimes.push(Date.now());
      attemptNumbers.push(attempt);
      throw new Error(`boom ${attempt}`);
    });

    const outcome = jobs.enqueueAndWait(
      'work',
      { label: 'doomed' },
      { jobId: 'doomed', attempts: 3, backoffMs: 40, waitTimeoutMs: 3000 },
    );
    await expect(outcome).rejects.toBeInstanceOf(JobFailedError);
    await expect(outcome).rejects.toMatchObject({ code: JobErrorCode.Failed, reason: 'boom 3' });

    await sleep(100); // no fourth attempt comes
    expect(attemptNumbers).toEqual([1, 2, 3]);
    const [first, second, third] = attemptTimes as [number, number, number];
    // base 40 ms, then 80 ms (a millisecond of slack for clock rounding).
    expect(second - first).toBeGreaterThanOrEqual(39);
    expect(third - second).toBeGreaterThanOrEqual(79);
    expect(failed).toEqual([{ jobId: 'doomed', error: 'boom 3' }]);
    expect(jobs.getStats('work')).toEqual({ completed: 0, failed: 1, retried: 2, timedOut: 0 });
  });

  it('completes a job that succeeds on its second attempt', async () => {
    const attempts: number[] = [];
    await jobs.process('work', async ({ label }, { attempt, maxAttempts }) => {
      attempts.push(attempt);
      expect(maxAttempts).toBe(3);
      if (attempt === 1) throw new Error('transient');
      return `${label} on attempt ${attempt}`;
    });

    const result = await jobs.enqueueAndWait(
      'work',
      { label: 'flaky' },
      { attempts: 3, backoffMs: 10, waitTimeoutMs: 3000 },
    );
    expect(result).toBe('flaky on attempt 2');
    expect(attempts).toEqual([1, 2]);
    expect(jobs.getStats('work')).toEqual({ completed: 1, failed: 0, retried: 1, timedOut: 0 });
  });

  it('does not run a duplicate job id twice: while queued, while running, or once completed', async () => {
    const runs: string[] = [];
    const release = deferred();
    const started = deferred();

    // Queued: no worker yet.
    expect(await jobs.enqueue('work', { label: 'first' }, { jobId: 'site-1' })).toEqual({
      jobId: 'site-1',
      isNew: true,
    });
    expect(await jobs.enqueue('work', { label: 'second' }, { jobId: 'site-1' })).toEqual({
      jobId: 'site-1',
      isNew: false,
    });

    await jobs.process('work', async ({ label }) => {
      runs.push(label);
      started.resolve();
      await release.promise;
      return `ran ${label}`;
    });

    // Running.
    await started.promise;
    expect((await jobs.getCounts('work')).active).toBe(1);
    expect(await jobs.enqueue('work', { label: 'third' }, { jobId: 'site-1' })).toEqual({
      jobId: 'site-1',
      isNew: false,
    });
    // A waiter that joins the running job gets its result.
    const joined = jobs.enqueueAndWait(
      'work',
      { label: 'fourth' },
      { jobId: 'site-1', waitTimeoutMs: 3000 },
    );
    release.resolve();
    expect(await joined).toBe('ran first');

    // Completed and retained: still taken, and its result is still there.
    expect(await jobs.enqueue('work', { label: 'fifth' }, { jobId: 'site-1' })).toEqual({
      jobId: 'site-1',
      isNew: false,
    });
    expect(
      await jobs.enqueueAndWait(
        'work',
        { label: 'sixth' },
        { jobId: 'site-1', waitTimeoutMs: 3000 },
      ),
    ).toBe('ran first');
    await sleep(50);
    expect(runs).toEqual(['first']);
  });

  it('frees a completed job id once retention drops it', async () => {
    await jobs.close();
    jobs = makeQueue(prefix, { keepCompleted: { count: 1 } });
    const runs: string[] = [];
    await jobs.process('work', async ({ label }) => {
      runs.push(label);
      return label;
    });

    await jobs.enqueueAndWait('work', { label: 'a1' }, { jobId: 'job-a', waitTimeoutMs: 3000 });
    expect((await jobs.enqueue('work', { label: 'a2' }, { jobId: 'job-a' })).isNew).toBe(false);
    await jobs.enqueueAndWait('work', { label: 'b1' }, { jobId: 'job-b', waitTimeoutMs: 3000 }); // evicts job-a
    expect(
      await jobs.enqueueAndWait('work', { label: 'a3' }, { jobId: 'job-a', waitTimeoutMs: 3000 }),
    ).toBe('a3');
    expect(runs).toEqual(['a1', 'b1', 'a3']);
  });

  it('runs a job id again once its previous job failed for good (failed jobs are not retained)', async () => {
    let calls = 0;
    await jobs.process('work', async ({ label }) => {
      calls += 1;
      if (calls === 1) throw new Error('first run fails');
      return label;
    });

    await expect(
      jobs.enqueueAndWait('work', { label: 'x' }, { jobId: 'retry-me', waitTimeoutMs: 3000 }),
    ).rejects.toThrow('first run fails');
    const again = await jobs.enqueue('work', { label: 'y' }, { jobId: 'retry-me' });
    expect(again.isNew).toBe(true);
    expect(await jobs.waitForResult('work', 'retry-me', 3000)).toBe('y');
    expect(calls).toBe(2);
  });

  it('fails an attempt that exceeds its timeout, and retries it', async () => {
    const signals: AbortSignal[] = [];
    await jobs.process(
      'work',
      async ({ label }, { attempt, signal }) => {
        signals.push(signal);
        if (attempt === 1) await abortableSleep(5_000, signal); // slow first attempt
        return `${label} done on attempt ${attempt}`;
      },
      { timeoutMs: 40 },
    );

    const startedAt = Date.now();
    const result = await jobs.enqueueAndWait(
      'work',
      { label: 'slow' },
      { attempts: 2, backoffMs: 0, waitTimeoutMs: 4_500 },
    );
    expect(result).toBe('slow done on attempt 2');
    // Far below the 5 s the first attempt would take had the 40 ms timeout not cut it (and
    // loose enough for a loaded machine).
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toMatchObject({ code: JobErrorCode.AttemptTimedOut });
    expect(jobs.getStats('work')).toEqual({ completed: 1, failed: 0, retried: 1, timedOut: 1 });
  });

  it('applies a per-job timeout over the worker default and reports the timeout as the failure', async () => {
    await jobs.process(
      'work',
      async ({ label }, { signal }) => {
        await abortableSleep(80, signal);
        return label;
      },
      { timeoutMs: 1000 },
    );

    expect(await jobs.enqueueAndWait('work', { label: 'fits' }, { waitTimeoutMs: 3000 })).toBe(
      'fits',
    );
    await expect(
      jobs.enqueueAndWait('work', { label: 'too slow' }, { timeoutMs: 30, waitTimeoutMs: 3000 }),
    ).rejects.toMatchObject({
      code: JobErrorCode.Failed,
      reason: 'Job attempt timed out after 30 ms',
    });
    expect(jobs.getStats('work')).toEqual({ completed: 1, failed: 1, retried: 0, timedOut: 1 });
  });

  it('never runs more jobs at once than the concurrency limit', async () => {
    let running = 0;
    let maxRunning = 0;
    for (let i = 0; i < 12; i++) await jobs.enqueue('work', { label: `job ${i}` });
    await jobs.process(
      'work',
      async ({ label }) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(25);
        running -= 1;
        return label;
      },
      { concurrency: 3 },
    );

    await waitUntil(() => jobs.getStats('work').completed === 12, 5000);
    expect(maxRunning).toBeLessThanOrEqual(3);
    expect(maxRunning).toBeGreaterThanOrEqual(2); // the limit is a limit, not serial execution
  });

  it('stops waiting for a result at the bound, without cancelling the job', async () => {
    const release = deferred();
    await jobs.process('work', async ({ label }) => {
      await release.promise;
      return label;
    });
    const { jobId } = await jobs.enqueue('work', { label: 'patient' });
    await expect(jobs.waitForResult('work', jobId, 30)).rejects.toMatchObject({
      code: JobErrorCode.WaitTimedOut,
    });
    release.resolve();
    expect(await jobs.waitForResult('work', jobId, 3000)).toBe('patient');
  });

  it('reports an unknown job id when waiting for it', async () => {
    await expect(jobs.waitForResult('work', 'never-enqueued', 1000)).rejects.toMatchObject({
      code: JobErrorCode.NotFound,
    });
  });

  it('refuses job ids that BullMQ cannot store, in both adapters', async () => {
    await expect(jobs.enqueue('work', { label: 'x' }, { jobId: '42' })).rejects.toMatchObject({
      code: JobErrorCode.InvalidOptions,
    });
    await expect(
      jobs.enqueue('work', { label: 'x' }, { jobId: 'https://example.org' }),
    ).rejects.toMatchObject({
      code: JobErrorCode.InvalidOptions,
    });
  });

  it('waits for a running job on shutdown', async () => {
    const started = deferred();
    let finished = false;
    await jobs.process('work', async ({ label }) => {
      started.resolve();
      await sleep(150);
      finished = true;
      return label;
    });
    await jobs.enqueue('work', { label: 'in flight' });
    await started.promise;

    expect(await jobs.isReady()).toBe(true);
    const closed = await jobs.close({ timeoutMs: 3000 });
    expect(finished).toBe(true);
    expect(closed).toEqual({ drained: true });
    expect(jobs.getStats('work').completed).toBe(1);
    expect(await jobs.isReady()).toBe(false);
    await expect(jobs.enqueue('work', { label: 'late' })).rejects.toMatchObject({
      code: JobErrorCode.QueueClosed,
    });
  });

  it('bounds the shutdown wait: a job that outlasts it is aborted', async () => {
    const started = deferred();
    let sawAbort = false;
    await jobs.process('work', async (_payload, { signal }) => {
      started.resolve();
      await abortableSleep(5000, signal).catch((error: unknown) => {
        sawAbort = true;
        throw error;
      });
      return 'never';
    });
    // The aborted attempt fails the job; a waiter hears either that or that the queue closed
    // (with BullMQ the failure travels through Redis and may arrive after the close).
    const outcome = jobs.enqueueAndWait('work', { label: 'stuck' }, { waitTimeoutMs: 10_000 }).then(
      () => 'resolved',
      (error: { code: string }) => error.code,
    );
    await started.promise;

    const startedAt = Date.now();
    expect(await jobs.close({ timeoutMs: 50 })).toEqual({ drained: false });
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(sawAbort).toBe(true);
    expect([JobErrorCode.Failed, JobErrorCode.QueueClosed]).toContain(await outcome);
  });
});
