import { AnalysisErrorCodes } from '@frenly/contracts';
import { fakeOf } from '@frenly/testing';
import { factory, plainShopReport, refusal } from '../../test/unit/analysis.factories.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { AnalysesRepository } from './analyses.repository.js';
import { AnalysesService } from './analyses.service.js';
import { ScreenshotsRepository } from './screenshots.repository.js';

const URL_ = 'https://shop.example/';
const SITE_ID = 42;
const ANALYSIS_ID = '0b9f3c1e-4f4e-4a51-9a3e-2a6d8f1f0c11';

let report: AnalysisReport;
beforeAll(async () => {
  report = await plainShopReport(URL_);
});

function setup() {
  const analyses = fakeOf<AnalysesRepository>();
  const siteRefs = fakeOf<SiteRefsRepository>();
  const community = fakeOf<CommunityReader>();
  const screenshots = fakeOf<ScreenshotsRepository>();
  const row = factory.completedRow(report, { id: ANALYSIS_ID });
  analyses.getById.mockResolvedValue(row);
  siteRefs.siteIdOf.mockResolvedValue(SITE_ID);
  community.figuresOf.mockResolvedValue({
    totals: { upvotes: 3, downvotes: 1, totalStaked: 20, supportTotal: 15, concernTotal: 5 },
    recentStakes: [],
  });
  const sut = new AnalysesService(analyses, siteRefs, community, screenshots);
  return { sut, analyses, siteRefs, community, screenshots, row };
}

describe(AnalysesService.name, () => {
  describe('byId', () => {
    it("answers a completed analysis as the screen's data, with its site id and today's community totals", async () => {
      const { sut, analyses, siteRefs, community, row } = setup();

      const answer = await sut.byId(ANALYSIS_ID);

      expect(analyses.getById).toHaveBeenCalledWith(ANALYSIS_ID);
      expect(siteRefs.siteIdOf).toHaveBeenCalledWith(row.url);
      expect(community.figuresOf).toHaveBeenCalledWith(SITE_ID);
      expect(answer.cached).toBe(true);
      expect(answer.analyzedAt).toBe(row.createdAt.toISOString());
      expect(answer.site).toMatchObject({
        id: SITE_ID,
        domain: report.domain,
        upvotes: 3,
        downvotes: 1,
        totalStaked: 20,
        frenlinessScore: report.frenlinessScore,
      });
      expect(answer.site.analysisData).toMatchObject({ analysisId: ANALYSIS_ID });
    });

    it('answers 404 ANALYSIS_NOT_FOUND for an id nothing is stored under', async () => {
      const { sut, analyses, siteRefs } = setup();
      analyses.getById.mockResolvedValue(undefined);

      const error = await refusal(sut.byId(ANALYSIS_ID));

      expect([error.code, error.httpStatus]).toEqual([AnalysisErrorCodes.AnalysisNotFound, 404]);
      expect(error.message).toBe('No such analysis');
      expect(siteRefs.siteIdOf).not.toHaveBeenCalled();
    });

    it('answers 404 for a failed analysis: it has no report to show', async () => {
      const { sut, analyses, siteRefs } = setup();
      analyses.getById.mockResolvedValue(factory.failedRow(URL_, { id: ANALYSIS_ID }));

      const error = await refusal(sut.byId(ANALYSIS_ID));

      expect(error.code).toBe(AnalysisErrorCodes.AnalysisNotFound);
      expect(siteRefs.siteIdOf).not.toHaveBeenCalled();
    });

    it('answers 503 SITE_NOT_INDEXED while the catalogue has not given the URL a site id, and reads no totals', async () => {
      const { sut, siteRefs, community } = setup();
      siteRefs.siteIdOf.mockResolvedValue(undefined);

      const error = await refusal(sut.byId(ANALYSIS_ID));

      expect([error.code, error.httpStatus]).toEqual([AnalysisErrorCodes.SiteNotIndexed, 503]);
      expect(community.figuresOf).not.toHaveBeenCalled();
    });

    it('still answers when the ledger cannot be asked, saying the community figures are unavailable', async () => {
      const { sut, community } = setup();
      community.figuresOf.mockResolvedValue(null);

      const answer = await sut.byId(ANALYSIS_ID);

      expect(answer.communityUnavailable).toBe(true);
      expect(answer.recentStakes).toEqual([]);
    });

    it('does not flag the figures when the ledger answered them', async () => {
      const { sut } = setup();

      expect((await sut.byId(ANALYSIS_ID)).communityUnavailable).toBeUndefined();
    });
  });

  describe('screenshot', () => {
    it('answers the stored PNG of the analysis', async () => {
      const { sut, screenshots } = setup();
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
      screenshots.pngOf.mockResolvedValue(png);

      await expect(sut.screenshot(ANALYSIS_ID)).resolves.toBe(png);
      expect(screenshots.pngOf).toHaveBeenCalledWith(ANALYSIS_ID);
    });

    it('answers 404 "No such screenshot" when the browser tier stored none', async () => {
      const { sut, screenshots } = setup();
      screenshots.pngOf.mockResolvedValue(undefined);

      const error = await refusal(sut.screenshot(ANALYSIS_ID));

      expect([error.code, error.httpStatus]).toEqual([AnalysisErrorCodes.AnalysisNotFound, 404]);
      expect(error.message).toBe('No such screenshot');
    });
  });
});
