import { JobErrorCode } from './job-errors.js';
import {
  assertValidJobId,
  assertValidQueueName,
  backoffDelayMs,
  jsonRoundTrip,
  resolveEnqueueOptions,
  resolveSettings,
  stableJobId,
} from './job-options.js';

describe('job options', () => {
  describe(backoffDelayMs.name, () => {
    it('doubles the base delay after each failure, like BullMQ exponential backoff', () => {
      expect([1, 2, 3, 4].map((failures) => backoffDelayMs(100, failures))).toEqual([
        100, 200, 400, 800,
      ]);
    });

    it('retries at once with a zero base', () => {
      expect(backoffDelayMs(0, 3)).toBe(0);
    });
  });

  describe(resolveEnqueueOptions.name, () => {
    const defaults = { attempts: 2, backoffMs: 50 };

    it('fills in defaults and a random id that counts as not chosen by the caller', () => {
      const sut = resolveEnqueueOptions({}, defaults);
      expect(sut).toMatchObject({
        attempts: 2,
        backoffMs: 50,
        timeoutMs: undefined,
        isCustomId: false,
      });
      expect(sut.jobId).toMatch(/^[0-9a-f-]{36}$/);
      expect(resolveEnqueueOptions({}, defaults).jobId).not.toBe(sut.jobId);
    });

    it('keeps what the caller gave', () => {
      expect(
        resolveEnqueueOptions(
          {
            jobId: 'a-1',
            attempts: 5,
            backoffMs: 0,
            timeoutMs: 10,
            priority: 3,
            groups: { user: 'u1' },
          },
          defaults,
        ),
      ).toEqual({
        jobId: 'a-1',
        isCustomId: true,
        attempts: 5,
        backoffMs: 0,
        timeoutMs: 10,
        priority: 3,
        groups: { user: 'u1' },
      });
    });

    it.each([
      { attempts: 0 },
      { attempts: 1.5 },
      { backoffMs: -1 },
      { timeoutMs: 0 },
      { priority: -1 },
      { priority: 2_097_152 },
      { priority: 1.5 },
      { groups: { user: '' } },
    ])('refuses %p', (options) => {
      expect(() => resolveEnqueueOptions(options, defaults)).toThrow(
        expect.objectContaining({ code: JobErrorCode.InvalidOptions }),
      );
    });
  });

  describe(assertValidJobId.name, () => {
    it.each(['', '42', 'https://example.org', 'a:b'])(
      'refuses %p, which BullMQ cannot store',
      (jobId) => {
        expect(() => assertValidJobId(jobId)).toThrow(
          expect.objectContaining({ code: JobErrorCode.InvalidOptions }),
        );
      },
    );

    it.each(['42a', 'analyze-abc', 'a.b_c'])('accepts %p', (jobId) => {
      expect(() => assertValidJobId(jobId)).not.toThrow();
    });
  });

  describe(assertValidQueueName.name, () => {
    it('refuses a colon, which BullMQ uses as its key separator', () => {
      expect(() => assertValidQueueName('site:analysis')).toThrow(/must not contain ':'/);
      expect(() => assertValidQueueName('site-analysis')).not.toThrow();
    });
  });

  describe(stableJobId.name, () => {
    it('gives the same valid id for the same key and different ids for different keys', () => {
      const sut = stableJobId('analyze', 'https://example.org/');
      expect(sut).toBe(stableJobId('analyze', 'https://example.org/'));
      expect(sut).not.toBe(stableJobId('analyze', 'https://example.com/'));
      expect(sut).toMatch(/^analyze-[0-9a-f]{40}$/);
      expect(() => assertValidJobId(sut)).not.toThrow();
      expect(stableJobId('a:b', 'x')).toMatch(/^a_b-/);
    });
  });

  describe(jsonRoundTrip.name, () => {
    it('changes values the way a trip through Redis does', () => {
      const date = new Date('2026-01-02T03:04:05.000Z');
      expect(jsonRoundTrip({ date, missing: undefined, n: 1 })).toEqual({
        date: '2026-01-02T03:04:05.000Z',
        n: 1,
      });
      expect(jsonRoundTrip(undefined)).toBeNull();
    });
  });

  describe(resolveSettings.name, () => {
    it('keeps completed jobs for an hour (1,000 at most) and drops failed ones by default', () => {
      expect(resolveSettings()).toMatchObject({
        defaults: { attempts: 1, backoffMs: 1000 },
        keepCompleted: { count: 1000, ageSeconds: 3600 },
        keepFailed: { count: 0 },
      });
    });

    it('refuses a negative retention', () => {
      expect(() => resolveSettings({ keepCompleted: { count: -1 } })).toThrow(
        /keepCompleted.count/,
      );
    });
  });
});
