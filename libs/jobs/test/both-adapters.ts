// The contract and fairness specs run every test on both adapters: a fresh queue per test
// (BullMQ on the real Redis under its own key prefix, every key removed after the file), and any
// error a queue reports through onError fails the test that caused it.
import {
  createJobQueue,
  type JobQueue,
  type JobQueueMap,
  type JobQueueSettings,
} from '../src/index.js';
import {
  TEST_REDIS_URL,
  countKeysWithPrefix,
  deleteKeysWithPrefix,
  testRunPrefix,
} from './redis-test-keys.js';

export type MakeQueue<M extends JobQueueMap<M>> = (
  prefix: string,
  settings?: JobQueueSettings,
) => JobQueue<M>;

export interface BothAdapters<M extends JobQueueMap<M>> {
  /** For `describe.each`: the adapter's name and how to open a queue on it. */
  readonly adapters: Array<['in-process' | 'bullmq', MakeQueue<M>]>;
  /** A new test's key prefix; errors reported before it no longer count. */
  nextPrefix(): string;
  /** Closes the test's queue, then fails the test if a queue reported an error. */
  finish(jobs: JobQueue<M>): Promise<void>;
}

export function bothAdapters<M extends JobQueueMap<M>>(): BothAdapters<M> {
  const runPrefix = testRunPrefix();
  let testNumber = 0;
  const unexpectedErrors: string[] = [];
  const onError = (error: Error, where: string): void => {
    unexpectedErrors.push(`${where}: ${error.message}`);
  };

  afterAll(async () => {
    await deleteKeysWithPrefix(runPrefix);
    expect(await countKeysWithPrefix(runPrefix)).toBe(0);
  });

  return {
    adapters: [
      ['in-process', (_prefix, settings) => createJobQueue<M>({ ...settings, onError })],
      [
        'bullmq',
        (prefix, settings) =>
          createJobQueue<M>({ ...settings, redisUrl: TEST_REDIS_URL, prefix, onError }),
      ],
    ],
    nextPrefix() {
      testNumber += 1;
      unexpectedErrors.length = 0;
      return `${runPrefix}-${testNumber}`;
    },
    async finish(jobs) {
      await jobs.close({ timeoutMs: 1000 });
      expect(unexpectedErrors).toEqual([]);
    },
  };
}
