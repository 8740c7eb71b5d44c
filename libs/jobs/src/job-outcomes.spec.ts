import { JobErrorCode, JobFailedError } from './job-errors.js';
import { JobOutcomeHub } from './job-outcomes.js';

describe(JobOutcomeHub.name, () => {
  const errors: string[] = [];
  let sut: JobOutcomeHub;

  beforeEach(() => {
    errors.length = 0;
    sut = new JobOutcomeHub('q', (error, where) => errors.push(`${where}: ${error.message}`));
  });

  it('resolves every waiter of a job and tells listeners', async () => {
    const heard: unknown[] = [];
    sut.onCompleted((event) => heard.push(event));
    const first = sut.wait('j1', 1000).promise;
    const second = sut.wait('j1', 1000).promise;
    const other = sut.wait('j2', 1000);
    sut.completed('j1', { ok: true });
    await expect(first).resolves.toEqual({ ok: true });
    await expect(second).resolves.toEqual({ ok: true });
    expect(heard).toEqual([{ queue: 'q', jobId: 'j1', result: { ok: true } }]);
    other.cancel(new Error('not needed'));
    await expect(other.promise).rejects.toThrow('not needed');
  });

  it('rejects waiters of a failed job with the reason', async () => {
    const waiting = sut.wait('j1', 1000).promise;
    sut.failed('j1', 'boom');
    await expect(waiting).rejects.toEqual(new JobFailedError('q', 'j1', 'boom'));
  });

  it('stops waiting at the bound', async () => {
    await expect(sut.wait('j1', 10).promise).rejects.toMatchObject({
      code: JobErrorCode.WaitTimedOut,
    });
    sut.completed('j1', 'late'); // nobody is waiting any more: no error
  });

  it('keeps delivering when a listener throws, and reports the listener error', () => {
    const heard: string[] = [];
    sut.onFailed(() => {
      throw new Error('bad listener');
    });
    const unsubscribe = sut.onFailed(({ jobId }) => heard.push(jobId));
    sut.failed('j1', 'boom');
    unsubscribe();
    sut.failed('j2', 'boom');
    expect(heard).toEqual(['j1']);
    expect(errors).toEqual([
      'listener of queue q: bad listener',
      'listener of queue q: bad listener',
    ]);
  });
});
