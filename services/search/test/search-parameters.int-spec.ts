import type { SearchResponse } from '@frenly/contracts';
import { sql } from 'drizzle-orm';
import { SearchStatements } from '../src/search/search-statements.js';
import { insertSites, type FixtureSite } from './fixtures.js';
import { ENGINES, SearchContext } from './search-context.js';

// The query text reaches PostgreSQL as bound parameters (SearchStatements), never as SQL text:
// whatever a person types — quotes, backslashes, dollar quotes, percent signs, SQL — is only
// ever words to look for, on both engines, and the statement timeout still holds (set on the
// search pool's connections instead of a `set local` sent with the statement).

const QUERY_TIMEOUT_MS = 2_500;

const FIXTURES: FixtureSite[] = [
  {
    url: 'https://ohara-pub.example/',
    title: "O'Hara's pub",
    description: "Irish stew at O'Hara's, and it's open late.",
  },
  {
    url: 'https://windows-paths.example/',
    title: 'Windows paths explained',
    description: 'Why C:\\Windows\\System32 uses backslashes, and how to escape \\n in a string.',
  },
  {
    url: 'https://dollar-quoting.example/',
    title: 'Dollar quoting in PL/pgSQL',
    description: 'Write a function body between $$ and $$ or $tag$ delimiters.',
  },
  {
    url: 'https://cotton-shirts.example/',
    title: 'Organic cotton shirts',
    description: '100% cotton, 50%_off in winter, LIKE patterns aside.',
  },
  {
    url: 'https://tokyo-cafe.example/',
    title: 'Café crème in 東京',
    description: 'Naïve façades, crème brûlée and matcha ☕ in Shibuya.',
  },
  {
    url: 'https://bobby-tables.example/',
    title: 'Little Bobby Tables',
    description: "Robert'); DROP TABLE Students;-- is what his mother named him.",
  },
  {
    url: 'https://gardening.example/',
    title: 'Gardening guide',
    description: 'Soil, seeds and patience.',
  },
];

describe.each(ENGINES)('search text bound as parameters on %s', (engine) => {
  let ctx: SearchContext;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine, settings: { queryTimeoutMs: QUERY_TIMEOUT_MS } });
    await insertSites(ctx.db, FIXTURES);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const search = async (q: string): Promise<SearchResponse> =>
    (await ctx.http().get('/api/search').query({ q }).expect(200)).body as SearchResponse;
  const domains = async (q: string): Promise<string[]> =>
    (await search(q)).results.map((result) => result.domain);

  it('finds what quoted, backslashed, dollar-quoted and percent text says', async () => {
    expect(await domains("o'hara's")).toEqual(['ohara-pub.example']);
    expect(await domains('"o\'hara\'s pub"')).toEqual(['ohara-pub.example']);
    expect(await domains("o''hara")).toEqual(['ohara-pub.example']);
    expect(await domains("\\'o\\'hara\\'")).toEqual(['ohara-pub.example']);
    expect(await domains('C:\\Windows\\System32')).toEqual(['windows-paths.example']);
    expect(await domains('backslashes \\')).toEqual(['windows-paths.example']);
    expect(await domains('$$ delimiters $$')).toEqual(['dollar-quoting.example']);
    expect(await domains('$tag$ function $$')).toEqual(['dollar-quoting.example']);
    expect(await domains('100% cotton')).toEqual(['cotton-shirts.example']);
    expect(await domains('%cotton%')).toEqual(['cotton-shirts.example']);
    expect(await domains("cotton' like '%")).toEqual(['cotton-shirts.example']);
  });

  it('matches unicode words as they are written', async () => {
    expect(await domains('café crème')).toEqual(['tokyo-cafe.example']);
    expect(await domains('東京')).toEqual(['tokyo-cafe.example']);
    expect(await domains('naïve façades ☕')).toEqual(['tokyo-cafe.example']);
  });

  it('takes SQL in a query as words: nothing runs, the catalogue is intact', async () => {
    const before = await ctx.count('search.sites');
    expect(await domains("Robert'); DROP TABLE Students;--")).toEqual(['bobby-tables.example']);
    expect(await domains("'); drop table search.sites; --")).toEqual(['bobby-tables.example']);
    expect(await domains("x' or '1'='1")).toEqual([]);
    // Words the index holds still match, and only they (a partial match of the query).
    expect(await domains("gardening' union select * from search.sites --")).toEqual([
      'gardening.example',
    ]);
    expect(await domains("E'\\\\'; select pg_sleep(10); --")).toEqual([]);
    expect(await domains('$$; select 1; $$')).toEqual([]);
    expect(await domains('"gardening\'" -\'); --')).toEqual(['gardening.example']);
    expect(await ctx.count('search.sites')).toBe(before);
  });

  it('corrects a misspelling written among quotes (the match counts are bound too)', async () => {
    const typos = [
      ["patiense '%$$'", 'patience'],
      ["'gardnening\\' \\\\ $$", 'gardening'],
    ] as const;
    for (const [q, correction] of typos) {
      const typo = await search(q);
      expect(typo.correctedQuery).toBe(correction);
      expect(typo.results.map((result) => result.domain)).toEqual(['gardening.example']);
    }
  });

  if (engine === 'PostgreSQL') {
    it('sends the text as a parameter on a connection that carries the statement timeout', async () => {
      const statements = ctx.app.get(SearchStatements);
      const [row] = await statements.rows<{ text: string; value: string; timeout: string }>(
        sql`select current_query() as text, ${"o'hara $$ \\"}::text as value, current_setting('statement_timeout') as timeout`,
      );
      expect(row?.value).toBe("o'hara $$ \\");
      expect(row?.text).toContain('$1');
      expect(row?.text).not.toContain('hara');
      expect(row?.timeout).toBe(`${QUERY_TIMEOUT_MS}ms`);
    });
  }
});
