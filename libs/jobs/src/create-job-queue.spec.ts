import { BullMqJobQueue } from './bullmq/bullmq-job-queue.js';
import { createJobQueue } from './create-job-queue.js';
import { InProcessJobQueue } from './in-process/in-process-job-queue.js';
import { QueueNames, type FrenlyJobQueues } from './queue-names.js';

describe(createJobQueue.name, () => {
  it.each([undefined, '', '  '])(
    'runs jobs in process without a Redis URL (%p)',
    async (redisUrl) => {
      const sut = createJobQueue<FrenlyJobQueues>({ redisUrl });
      expect(sut).toBeInstanceOf(InProcessJobQueue);
      expect(sut.kind).toBe('in-process');
      await sut.close();
    },
  );

  it('uses BullMQ with a Redis URL, connecting only when first used', async () => {
    const sut = createJobQueue<FrenlyJobQueues>({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: 'unit',
    });
    expect(sut).toBeInstanceOf(BullMqJobQueue);
    expect(sut.kind).toBe('bullmq');
    await sut.close();
  });

  it('types each processor with its queue payload and result', async () => {
    const sut = createJobQueue<FrenlyJobQueues>();
    await sut.process(QueueNames.siteAnalysis, async ({ url, trigger }) => ({
      analysisId: `${trigger}:${url}`,
    }));
    const result = await sut.enqueueAndWait(
      QueueNames.siteAnalysis,
      { url: 'https://example.org/', trigger: 'on-demand' },
      { waitTimeoutMs: 1000 },
    );
    expect(result.analysisId).toBe('on-demand:https://example.org/');

    // Compile-time checks, verified by `tsc --noEmit`; never called.
    const typeChecks = [
      // @ts-expect-error the crawl queue takes { url } only
      () => sut.enqueue(QueueNames.siteCrawl, { url: 'u', trigger: 'background' }),
      // @ts-expect-error unknown queue name
      () => sut.enqueue('no-such-queue', {}),
      // @ts-expect-error the analysis result has no `score`
      () => sut.process(QueueNames.siteAnalysis, async () => ({ score: 1 })),
    ];
    expect(typeChecks).toHaveLength(3);
    await sut.close();
  });
});
