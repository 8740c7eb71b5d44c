import type { Database } from '@frenly/db';
import { runIndexBuildSteps, type IndexBuildStep } from './search-index.repository.js';

/** Steps that record when they start and end on which lane, taking `ms` each. */
function recordingSteps(
  specs: { name: string; after?: string[]; ms: number }[],
  log: string[],
): IndexBuildStep[] {
  return specs.map(({ name, after = [], ms }) => ({
    name,
    after,
    run: async (db: Database) => {
      log.push(`start ${name} on ${String(db)}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
    },
  }));
}

const lane = (name: string) => ({ toString: () => name }) as unknown as Database;

describe(runIndexBuildSteps.name, () => {
  it('runs independent steps side by side and each step only after the ones it needs', async () => {
    const log: string[] = [];
    const steps = recordingSteps(
      [
        { name: 'prepare', ms: 5 },
        { name: 'part 1', after: ['prepare'], ms: 40 },
        { name: 'part 2', after: ['prepare'], ms: 40 },
        { name: 'index', after: ['part 1', 'part 2'], ms: 5 },
        { name: 'lexicon', ms: 5 },
        { name: 'analyze', after: ['index', 'lexicon'], ms: 5 },
      ],
      log,
    );
    const times = await runIndexBuildSteps(steps, [lane('A'), lane('B')]);
    expect(Object.keys(times).sort()).toEqual([
      'analyze',
      'index',
      'lexicon',
      'part 1',
      'part 2',
      'prepare',
    ]);
    const at = (entry: string) => log.findIndex((line) => line.startsWith(entry));
    // Both parts run at once, on different lanes.
    expect(at('start part 2')).toBeLessThan(at('end part 1'));
    // Nothing starts before what it needs has ended.
    expect(at('start part 1')).toBeGreaterThan(at('end prepare'));
    expect(at('start index')).toBeGreaterThan(Math.max(at('end part 1'), at('end part 2')));
    expect(at('start analyze')).toBeGreaterThan(Math.max(at('end index'), at('end lexicon')));
  });

  it('runs everything one after the other on a single lane', async () => {
    const log: string[] = [];
    await runIndexBuildSteps(
      recordingSteps(
        [
          { name: 'b', after: ['a'], ms: 1 },
          { name: 'a', ms: 1 },
        ],
        log,
      ),
      [lane('only')],
    );
    expect(log).toEqual(['start a on only', 'end a', 'start b on only', 'end b']);
  });
});
