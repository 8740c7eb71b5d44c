import { runAttempt } from './attempt-runner.js';
import { JobAttemptAbortedError, JobAttemptTimeoutError } from './job-errors.js';
import type { JobContext } from './job-queue.port.js';

const context = { queue: 'q', jobId: 'j', attempt: 1, maxAttempts: 1 };

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

describe(runAttempt.name, () => {
  it('returns the handler result and passes the payload and context', async () => {
    let seen: JobContext | undefined;
    const result = await runAttempt({
      handler: async (payload: { n: number }, ctx) => {
        seen = ctx;
        return payload.n + 1;
      },
      payload: { n: 1 },
      context,
      timeoutMs: 1000,
    });
    expect(result).toBe(2);
    expect(seen).toMatchObject(context);
    expect(seen?.signal.aborted).toBe(false);
  });

  it('turns a synchronous throw into a rejection', async () => {
    const handler = (() => {
      throw new Error('sync');
    }) as unknown as () => Promise<void>;
    await expect(
      runAttempt({ handler, payload: undefined, context, timeoutMs: undefined }),
    ).rejects.toThrow('sync');
  });

  it('fails the attempt at its time limit and aborts the handler signal', async () => {
    let signal: AbortSignal | undefined;
    const startedAt = Date.now();
    const sut = runAttempt({
      handler: async (_payload: unknown, ctx) => {
        signal = ctx.signal;
        await sleepUnlessAborted(1000, ctx.signal);
      },
      payload: undefined,
      context,
      timeoutMs: 20,
    });
    await expect(sut).rejects.toBeInstanceOf(JobAttemptTimeoutError);
    expect(Date.now() - startedAt).toBeLessThan(500);
    expect(signal?.aborted).toBe(true);
  });

  it('fails the attempt even when the handler ignores the signal', async () => {
    const sut = runAttempt({
      handler: () => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 100)),
      payload: undefined,
      context,
      timeoutMs: 10,
    });
    await expect(sut).rejects.toThrow('Job attempt timed out after 10 ms');
  });

  it('fails the attempt when the worker aborts it', async () => {
    const shutdown = new AbortController();
    const sut = runAttempt({
      handler: (_payload: unknown, ctx) => sleepUnlessAborted(1000, ctx.signal),
      payload: undefined,
      context,
      timeoutMs: undefined,
      abortSignal: shutdown.signal,
    });
    shutdown.abort(new Error('worker shut down'));
    await expect(sut).rejects.toEqual(new JobAttemptAbortedError('worker shut down'));
  });
});
