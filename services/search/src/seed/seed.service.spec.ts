import { jest } from '@jest/globals';
import type { Database } from '@frenly/db';
import { JsonLogger } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import type { SearchOutbox } from '../events/search-outbox.js';
import type { SiteRepository } from '../sites/site.repository.js';
import type { SeedResult } from './seed-catalogue.js';

// seedCatalogue is the database work itself (one transaction of SQL): the service's logic is
// what it does around it, so the module is replaced before the service is imported.
const seedCatalogue = jest.fn<(db: Database) => Promise<SeedResult>>();
jest.unstable_mockModule('./seed-catalogue.js', () => ({ seedCatalogue }));
const { SeedService } = await import('./seed.service.js');

const db = { fake: 'database' } as unknown as Database;
const loaded: SeedResult = {
  version: 'v3',
  status: 'loaded',
  inserted: 120,
  durationMs: 40,
  skipped: [{ where: 'line 7', reason: 'no title' }] as never,
};

function setup() {
  const sites = fakeOf<SiteRepository>();
  const outbox = fakeOf<SearchOutbox>();
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ msg: string; resolve: () => void }> = [];
  const write = (line: string) => {
    const entry = JSON.parse(line) as Record<string, unknown>;
    lines.push(entry);
    for (const waiter of waiters) if (waiter.msg === entry.msg) waiter.resolve();
  };
  /** Resolves when a line with this message is logged. */
  const logged = (msg: string) => new Promise<void>((resolve) => waiters.push({ msg, resolve }));
  const logger = new JsonLogger({ service: 'search-unit', level: 'debug', write });
  seedCatalogue.mockReset();
  seedCatalogue.mockResolvedValue(loaded);
  sites.isEmpty.mockResolvedValue(true);
  sites.lexiconIsEmpty.mockResolvedValue(false);
  sites.rebuildLexicon.mockResolvedValue(undefined);
  const sut = new SeedService(db, sites, outbox, logger);
  return { sut, sites, outbox, lines, logged };
}

describe(SeedService.name, () => {
  describe('ensureSeeded', () => {
    it('loads the corpus, publishes its site-indexed events at once and logs each skipped entry', async () => {
      const { sut, outbox, lines } = setup();

      await expect(sut.ensureSeeded()).resolves.toBe(loaded);

      expect(seedCatalogue).toHaveBeenCalledWith(db);
      expect(outbox.committed).toHaveBeenCalledTimes(1);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'seed entry skipped',
          entry: 'line 7',
          reason: 'no title',
        }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'seed corpus loaded', version: 'v3', inserted: 120 }),
      );
    });

    it('publishes nothing when this corpus version is already loaded', async () => {
      const { sut, outbox } = setup();
      seedCatalogue.mockResolvedValue({
        ...loaded,
        status: 'already-loaded',
        inserted: 0,
        skipped: [],
      });

      await sut.ensureSeeded();

      expect(outbox.committed).not.toHaveBeenCalled();
    });
  });

  describe('ensureSeededAtStart', () => {
    it('seeds an empty catalogue before returning', async () => {
      const { sut } = setup();
      let finished = false;
      seedCatalogue.mockImplementation(async () => {
        await Promise.resolve();
        finished = true;
        return loaded;
      });

      await sut.ensureSeededAtStart();

      expect(finished).toBe(true);
    });

    it('checks a filled catalogue in the background, and a failure there is logged, not thrown', async () => {
      const { sut, sites, lines, logged } = setup();
      sites.isEmpty.mockResolvedValue(false);
      let fail!: (error: Error) => void;
      seedCatalogue.mockReturnValue(new Promise((_, reject) => (fail = reject)));

      await expect(sut.ensureSeededAtStart()).resolves.toBeUndefined(); // returned while the check runs

      const failureLogged = logged('seed corpus check failed');
      fail(new Error('corpus unreadable'));
      await failureLogged;
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'error', msg: 'seed corpus check failed' }),
      );
    });
  });

  describe('ensureLexicon', () => {
    it('rebuilds the lexicon of a catalogue loaded without one', async () => {
      const { sut, sites } = setup();
      sites.lexiconIsEmpty.mockResolvedValue(true);
      sites.isEmpty.mockResolvedValue(false);

      await sut.ensureLexicon();

      expect(sites.rebuildLexicon).toHaveBeenCalledTimes(1);
    });

    it.each([
      { lexiconIsEmpty: false, isEmpty: false },
      { lexiconIsEmpty: true, isEmpty: true },
    ])(
      'leaves it alone when lexiconIsEmpty=$lexiconIsEmpty and isEmpty=$isEmpty',
      async (state) => {
        const { sut, sites } = setup();
        sites.lexiconIsEmpty.mockResolvedValue(state.lexiconIsEmpty);
        sites.isEmpty.mockResolvedValue(state.isEmpty);

        await sut.ensureLexicon();

        expect(sites.rebuildLexicon).not.toHaveBeenCalled();
      },
    );
  });
});
