import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { RANKING_MIGRATION, RANKING_SQL_FILE } from './ranking.sql.js';

const sourceFile = fileURLToPath(new URL(`./sql/${RANKING_SQL_FILE}`, import.meta.url));
const migrationsDir = fileURLToPath(
  new URL('../../../../libs/db/migrations/search/', import.meta.url),
);

describe('ranking SQL file', () => {
  it('is what the migration applies, verbatim (one readable home for the ranking)', async () => {
    const source = await readFile(sourceFile, 'utf8');
    const migration = await readFile(`${migrationsDir}${RANKING_MIGRATION}.sql`, 'utf8');
    expect(migration).toBe(source);
  });

  it('is the newest migration that defines search.ranked_page', async () => {
    const journal = JSON.parse(await readFile(`${migrationsDir}meta/_journal.json`, 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((entry) => entry.tag);
    const defining: string[] = [];
    for (const tag of tags) {
      if (
        (await readFile(`${migrationsDir}${tag}.sql`, 'utf8')).includes(
          'FUNCTION search.ranked_page',
        )
      )
        defining.push(tag);
    }
    expect(defining[defining.length - 1]).toBe(RANKING_MIGRATION);
  });
});
