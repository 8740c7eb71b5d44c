import { fakeOf } from '@frenly/testing';
import { counted, factory, newMetrics, rendered } from '../../test/unit/search.factories.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { SpellingService } from '../query/spelling.service.js';
import { parseWebQuery } from '../query/web-query.js';
import { SearchError, SearchErrorCode } from '../search.errors.js';
import { QueryLogWriter } from '../trending/query-log.writer.js';
import { VisitorHasher } from '../trending/visitor-hash.js';
import { ResultInsights } from './result-insights.js';
import { SearchRepository } from './search.repository.js';
import { SearchService, type SearchRequestParams } from './search.service.js';

const NOW = new Date('2026-03-04T05:06:07.000Z');
const VISITOR = { ip: '203.0.113.7' };
const SETTINGS: SearchSettings = DEFAULT_SEARCH_SETTINGS;
const { candidateLimit, correctBelow } = SETTINGS.ranking;

function setup() {
  const repository = fakeOf<SearchRepository>();
  const queryLog = fakeOf<QueryLogWriter>();
  const visitors = fakeOf<VisitorHasher>();
  const metrics = newMetrics();
  repository.rankedPage.mockResolvedValue(
    factory.page({ hits: [factory.hit(1)], candidates: 1, fullMatches: correctBelow }),
  );
  visitors.hash.mockResolvedValue('visitor-hash');
  const insights = fakeOf<ResultInsights>();
  insights.describe.mockResolvedValue({
    web: 'reachable',
    of: (hit) => ({
      insight: hit.analyzedAt ? { state: 'analysed' } : { state: 'queued', etaMinutes: 2 },
      domainFacts: { owner: null },
    }),
  });
  const spelling = fakeOf<SpellingService>();
  spelling.correct.mockResolvedValue({ corrections: new Map(), matches: 0 });
  const sut = new SearchService(
    repository,
    queryLog,
    visitors,
    metrics,
    SETTINGS,
    () => NOW,
    insights,
    spelling,
  );
  return { sut, repository, queryLog, visitors, metrics, insights, spelling };
}

const params = (q: string, page = 1, limit = 10): SearchRequestParams => ({ q, page, limit });

describe(SearchService.name, () => {
  describe('query', () => {
    it('asks the repository for the ranked page of the parsed query and maps its hits', async () => {
      const { sut, repository } = setup();
      const hit = factory.hit(1, { analyzedAt: new Date('2026-02-01T00:00:00.000Z') });
      repository.rankedPage.mockResolvedValue(
        factory.page({ hits: [hit], candidates: 1, fullMatches: 1, complete: true }),
      );

      const answer = await sut.search(params('Python Tutorial'), VISITOR);

      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
      const ranked = repository.rankedPage.mock.calls[0]![0];
      expect(ranked).toMatchObject({
        exactText: 'python tutorial',
        offset: 0,
        limit: 10,
        candidateLimit,
        rechecks: false,
        unpredictable: false,
        hasExclusions: false,
        siteDomain: '',
      });
      expect(rendered(ranked.query)?.params.join(' ')).toContain('python');
      expect(answer).toEqual({
        query: 'Python Tutorial',
        results: [
          {
            id: 1,
            siteUrl: hit.siteUrl,
            url: hit.url,
            title: hit.title,
            description: hit.description,
            snippet: hit.snippet,
            siteQuery: 'site:site1.example python tutorial',
            moreFromSite: false,
            domain: hit.domain,
            frenlinessScore: 70,
            trustScore: 'high',
            upvotes: 2,
            downvotes: 1,
            isVerified: true,
            isClaimed: false,
            totalStaked: 15,
            analysisData: null,
            indexedAt: '2026-01-02T03:04:05.000Z',
            analyzedAt: '2026-02-01T00:00:00.000Z',
            insight: { state: 'analysed' },
            domainFacts: { owner: null },
          },
        ],
        total: 1,
        totalIsEstimate: false,
        page: 1,
        limit: 10,
        correctedQuery: null,
        web: 'reachable',
      });
    });

    it('answers a query of exclusions alone with nothing, without a database round trip', async () => {
      const { sut, repository, queryLog } = setup();

      const answer = await sut.search(params('-spam -ads'), VISITOR);

      expect(repository.rankedPage).not.toHaveBeenCalled();
      expect(answer).toMatchObject({
        results: [],
        total: 0,
        totalIsEstimate: false,
        correctedQuery: null,
      });
      expect(queryLog.record).toHaveBeenCalledWith(expect.objectContaining({ resultCount: 0 }));
    });

    it('restricts a site: query to the domain, and says so in its "More from this site" link', async () => {
      const { sut, repository } = setup();
      const page = factory.hit(4, {
        id: 3,
        siteUrl: 'https://docs.example/',
        url: 'https://docs.example/eggs',
        domain: 'docs.example',
      });
      repository.rankedPage.mockResolvedValue(factory.page({ hits: [page], candidates: 1 }));

      const answer = await sut.search(params('boil eggs site:https://www.Docs.example/x'), VISITOR);

      expect(repository.rankedPage.mock.calls[0]![0]).toMatchObject({
        siteDomain: 'docs.example',
        exactText: 'boil eggs',
      });
      expect(answer.results[0]).toMatchObject({
        id: 3,
        siteUrl: 'https://docs.example/',
        url: 'https://docs.example/eggs',
        siteQuery: 'site:docs.example boil eggs',
      });
    });

    it("lists a site's pages for site: alone, and answers exclusions alone with nothing even within a site", async () => {
      const { sut, repository } = setup();

      await sut.search(params('site:docs.example'), VISITOR);
      const listing = repository.rankedPage.mock.calls[0]![0];
      expect(listing).toMatchObject({ siteDomain: 'docs.example', exactText: '' });
      expect(rendered(listing.query)?.sql).toBe("''::tsquery");

      const answer = await sut.search(params('site:docs.example -spam'), VISITOR);
      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
      expect(answer.results).toEqual([]);
    });

    it('checks phrases row by row and flags exclusions', async () => {
      const { sut, repository } = setup();

      await sut.search(params('"dark mode" -ads'), VISITOR);

      expect(repository.rankedPage.mock.calls[0]![0]).toMatchObject({
        rechecks: true,
        unpredictable: true,
        hasExclusions: true,
      });
    });

    it('reports an estimate when the ranking did not see every match', async () => {
      const { sut, repository } = setup();
      repository.rankedPage.mockResolvedValue(
        factory.page({
          hits: [factory.hit(1)],
          candidates: 300,
          estimate: 12_000,
          fullMatches: 300,
          complete: false,
        }),
      );

      await expect(sut.search(params('news'), VISITOR)).resolves.toMatchObject({
        total: 12_000,
        totalIsEstimate: true,
      });
    });

    it('never reports an estimate below the candidates ranked', async () => {
      const { sut, repository } = setup();
      repository.rankedPage.mockResolvedValue(
        factory.page({ candidates: 300, estimate: 40, fullMatches: 300, complete: false }),
      );

      await expect(sut.search(params('news'), VISITOR)).resolves.toMatchObject({
        total: 300,
        totalIsEstimate: true,
      });
    });
  });

  describe('trust', () => {
    // An analysed site's analysisData, compact as the catalogue keeps it: no manipulative pattern.
    const analysis = {
      frenliness: { reasoning: '', improvements: [], manipulativePatterns: [] },
      ux: { details: { strengths: [] } },
      dimensions: { security: 80 },
      evidence: { manipulation: [] },
    };
    const trustOf = async (overrides: Parameters<typeof factory.hit>[1]) => {
      const { sut, repository } = setup();
      repository.rankedPage.mockResolvedValue(
        factory.page({ hits: [factory.hit(1, overrides)], candidates: 1, fullMatches: 1 }),
      );
      return (await sut.search(params('python'), VISITOR)).results[0]?.trustScore;
    };

    it("derives a result's trustScore from its analysis and today's votes and stakes, not the analysis-time score", async () => {
      const strong = {
        frenlinessScore: 85,
        analysisData: analysis,
        analysedTrustScore: 'low' as const,
      };
      expect(await trustOf({ ...strong, upvotes: 3, downvotes: 1 })).toBe('high');
      expect(await trustOf({ ...strong, upvotes: 1, downvotes: 9 })).toBe('low');
      expect(await trustOf({ ...strong, supportTotal: 40, concernTotal: 100 })).toBe('low');
    });

    it('keeps the analysis-time score of an analysis without the inputs, unless the community turned negative', async () => {
      expect(await trustOf({ analysisData: null, analysedTrustScore: 'medium' })).toBe('medium');
      expect(
        await trustOf({ analysisData: null, analysedTrustScore: 'high', upvotes: 0, downvotes: 5 }),
      ).toBe('low');
      expect(
        await trustOf({ frenlinessScore: null, analysisData: null, analysedTrustScore: null }),
      ).toBeNull();
    });
  });

  describe('pagination', () => {
    it.each([
      { page: 1, limit: 10, offset: 0, pageLimit: 10 },
      { page: 3, limit: 20, offset: 40, pageLimit: 20 },
      { page: 6, limit: 55, offset: 275, pageLimit: candidateLimit - 275 },
      { page: 16, limit: 20, offset: 300, pageLimit: 0 },
      { page: 40, limit: 20, offset: 780, pageLimit: 0 },
    ])(
      'page $page of $limit reads offset $offset, at most $pageLimit rows (the candidate window ends paging)',
      async (row) => {
        const { sut, repository } = setup();

        const answer = await sut.search(params('python', row.page, row.limit), VISITOR);

        expect(repository.rankedPage.mock.calls[0]![0]).toMatchObject({
          offset: row.offset,
          limit: row.pageLimit,
        });
        expect(answer).toMatchObject({ page: row.page, limit: row.limit });
      },
    );
  });

  describe('correction', () => {
    it('does not correct a query that finds enough pages with every word', async () => {
      const { sut, repository, spelling, metrics } = setup();
      repository.rankedPage.mockResolvedValue(
        factory.page({ candidates: correctBelow, fullMatches: correctBelow }),
      );

      const answer = await sut.search(params('pythn'), VISITOR);

      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
      expect(spelling.correct).not.toHaveBeenCalled();
      expect(answer.correctedQuery).toBeNull();
      expect(await counted(metrics, 'search_queries_total', { corrected: 'no' })).toBe(1);
    });

    it('asks for no correction when no word may be corrected (short words, stop words, phrases)', async () => {
      const { sut, repository, spelling } = setup();
      repository.rankedPage.mockResolvedValue(factory.page({ fullMatches: 0 }));

      await sut.search(params('la of "cral sea" -crab'), VISITOR);

      expect(spelling.correct).not.toHaveBeenCalled();
      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
    });

    it('does not search again when the whole query has no better spelling', async () => {
      const { sut, repository, spelling } = setup();
      repository.rankedPage.mockResolvedValue(factory.page({ fullMatches: 0 }));

      await expect(sut.search(params('rare words'), VISITOR)).resolves.toMatchObject({
        correctedQuery: null,
        total: 0,
      });
      expect(spelling.correct).toHaveBeenCalledWith(parseWebQuery('rare words'));
      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
    });

    it('shows the corrected query when it finds more pages with every word', async () => {
      const { sut, repository, spelling, metrics } = setup();
      repository.rankedPage
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(1)], candidates: 1, fullMatches: 0 }),
        )
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(2), factory.hit(3)], candidates: 8, fullMatches: 8 }),
        );
      spelling.correct.mockResolvedValue({
        corrections: new Map([['pythn', 'python']]),
        matches: 8,
      });

      const answer = await sut.search(params('pythn tutorial'), VISITOR);

      expect(answer).toMatchObject({ correctedQuery: 'python tutorial', total: 8 });
      expect(answer.results.map((result) => result.id)).toEqual([2, 3]);
      const corrected = repository.rankedPage.mock.calls[1]![0];
      // Matched widened (typed OR prefix OR correction), ranked by the words as typed and corrected.
      expect(corrected).toMatchObject({ exactText: 'python tutorial', siteDomain: '' });
      // "More from this site" restricts the query as answered: the corrected one.
      expect(answer.results[0]?.siteQuery).toBe('site:site2.example python tutorial');
      expect(rendered(corrected.query)?.params.join(' ')).toMatch(/pythn.*python|python.*pythn/);
      expect(rendered(corrected.scoreQuery)?.params.join(' ')).toContain('python');
      expect(await counted(metrics, 'search_queries_total', { corrected: 'yes' })).toBe(1);
    });

    it('keeps the query as typed when the correction finds no more pages with every word', async () => {
      const { sut, repository, spelling } = setup();
      repository.rankedPage
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(1)], candidates: 4, fullMatches: 1 }),
        )
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(2)], candidates: 9, fullMatches: 1 }),
        );
      spelling.correct.mockResolvedValue({
        corrections: new Map([['comprehensive', 'comprehension']]),
        matches: 1,
      });

      const answer = await sut.search(params('python list comprehensive'), VISITOR);

      expect(repository.rankedPage).toHaveBeenCalledTimes(2);
      expect(answer).toMatchObject({ correctedQuery: null, total: 4 });
      expect(answer.results.map((result) => result.id)).toEqual([1]);
    });

    it('corrects a word the vocabulary has never seen before ranking it, and ranks only the correction when it finds more', async () => {
      const { sut, repository, spelling } = setup();
      spelling.knowsEveryWord.mockReturnValue(false);
      spelling.correct.mockResolvedValue({
        corrections: new Map([['pythn', 'python']]),
        matches: 8,
        typedMatches: 0,
      });
      repository.rankedPage.mockResolvedValue(
        factory.page({ hits: [factory.hit(2)], candidates: 8, fullMatches: 8 }),
      );

      const answer = await sut.search(params('pythn tutorial'), VISITOR);

      expect(answer).toMatchObject({ correctedQuery: 'python tutorial', total: 8 });
      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
      expect(repository.rankedPage.mock.calls[0]![0]).toMatchObject({
        exactText: 'python tutorial',
      });
    });

    it('ranks an unknown word as typed, and nothing else, when its count finds enough pages', async () => {
      const { sut, repository, spelling } = setup();
      spelling.knowsEveryWord.mockReturnValue(false);
      spelling.correct.mockResolvedValue({
        corrections: new Map([['kousond', 'kousand']]),
        matches: 40,
        typedMatches: correctBelow,
      });

      const answer = await sut.search(params('kousond'), VISITOR);

      expect(answer.correctedQuery).toBeNull();
      expect(repository.rankedPage).toHaveBeenCalledTimes(1);
      expect(repository.rankedPage.mock.calls[0]![0]).toMatchObject({ exactText: 'kousond' });
    });

    it('answers the query as typed when the correction of an unknown word finds no more', async () => {
      const { sut, repository, spelling } = setup();
      spelling.knowsEveryWord.mockReturnValue(false);
      spelling.correct.mockResolvedValue({
        corrections: new Map([['zorp', 'zorb']]),
        matches: 1,
        typedMatches: 1,
      });
      repository.rankedPage
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(2)], candidates: 1, fullMatches: 1 }),
        )
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(1)], candidates: 1, fullMatches: 1 }),
        );

      const answer = await sut.search(params('zorp'), VISITOR);

      expect(answer.correctedQuery).toBeNull();
      expect(answer.results.map((result) => result.id)).toEqual([1]);
      expect(spelling.correct).toHaveBeenCalledTimes(1);
    });

    it('shows no correction when only completions were tried (nothing close enough to suggest)', async () => {
      const { sut, repository, spelling } = setup();
      repository.rankedPage
        .mockResolvedValueOnce(factory.page({ fullMatches: 0 }))
        .mockResolvedValueOnce(
          factory.page({ hits: [factory.hit(7)], candidates: 3, fullMatches: 3 }),
        );
      spelling.correct.mockResolvedValue({
        corrections: new Map([['wikiped', undefined]]),
        matches: 0,
      });

      const answer = await sut.search(params('wikiped'), VISITOR);

      expect(rendered(repository.rankedPage.mock.calls[1]![0].query)?.params.join(' ')).toContain(
        'wikiped:*',
      );
      expect(answer).toMatchObject({ correctedQuery: null, total: 3 });
      expect(answer.results.map((result) => result.id)).toEqual([7]);
    });
  });

  describe('query log', () => {
    it('records the search with its normalised query, the hashed visitor, the result count and the time', async () => {
      const { sut, repository, queryLog, visitors } = setup();
      repository.rankedPage.mockResolvedValue(factory.page({ candidates: 17, fullMatches: 17 }));
      const visitor = { ip: '203.0.113.7', userId: 'user-1' };

      await sut.search(params('  Python   DOCS'), visitor);

      expect(visitors.hash).toHaveBeenCalledWith(visitor);
      expect(queryLog.record).toHaveBeenCalledWith({
        query: '  Python   DOCS',
        normalizedQuery: 'python docs',
        visitorHash: 'visitor-hash',
        resultCount: 17,
        loggedAt: NOW.toISOString(),
      });
    });

    it('answers a cancelled statement with a 503 and logs nothing', async () => {
      const { sut, repository, queryLog } = setup();
      repository.rankedPage.mockRejectedValue(
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      );

      const error = await sut.search(params('python'), VISITOR).catch((reason: unknown) => reason);

      expect(error).toBeInstanceOf(SearchError);
      expect((error as SearchError).code).toBe(SearchErrorCode.SearchTimedOut);
      expect((error as SearchError).httpStatus).toBe(503);
      expect(queryLog.record).not.toHaveBeenCalled();
    });
  });
});
