import { createHash } from 'node:crypto';
import { AnalysisErrorCodes } from '@frenly/contracts';
import { fakeOf } from '@frenly/testing';
import {
  counted,
  factory,
  newAnalysisMetrics,
  plainShopReport,
} from '../../test/unit/analysis.factories.js';
import { AnalysisError } from '../analysis.errors.js';
import { AnalysesRepository } from '../analyses/analyses.repository.js';
import { LlmReframer } from '../llm/llm-reframer.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { reframeLocally } from './local-reframer.js';
import { ReframeService } from './reframe.service.js';
import { ReframesRepository, type ReframeRow } from './reframes.repository.js';

const SITE_ID = 42;
const URL_ = 'https://shop.example/';
const CONTENT =
  'Acme Tools. We utilize numerous innovative solutions in order to simplify your purchase.';
const HASH = createHash('sha256').update(CONTENT).digest('hex');

let report: AnalysisReport;
beforeAll(async () => {
  report = await plainShopReport(URL_);
});

function setup({ model = null as string | null } = {}) {
  const siteRefs = fakeOf<SiteRefsRepository>();
  const analyses = fakeOf<AnalysesRepository>();
  const reframes = fakeOf<ReframesRepository>();
  const llm = fakeOf<LlmReframer>({ model });
  const metrics = newAnalysisMetrics();
  const latest = factory.completedRow(report, { id: 'analysis-7' });
  siteRefs.urlsOf.mockResolvedValue([URL_]);
  analyses.latestCompletedAmong.mockResolvedValue(latest);
  reframes.get.mockResolvedValue(undefined);
  reframes.put.mockResolvedValue(undefined);
  llm.reframe.mockResolvedValue(null);
  const sut = new ReframeService(siteRefs, analyses, reframes, llm, metrics);
  return { sut, siteRefs, analyses, reframes, llm, metrics, latest };
}

const cachedRow = (overrides: Partial<ReframeRow> = {}): ReframeRow => ({
  siteId: SITE_ID,
  lens: 'clarity',
  contentHash: HASH,
  analysisId: 'analysis-7',
  engine: 'heuristic',
  reframedContent: 'cached text',
  actionableAdvice: 'cached advice',
  createdAt: new Date(),
  ...overrides,
});

describe(ReframeService.name, () => {
  it('refuses a site the service has no URL for with 404, before any other read', async () => {
    const { sut, siteRefs, analyses, reframes } = setup();
    siteRefs.urlsOf.mockResolvedValue([]);

    const error = await sut.reframe(SITE_ID, 'clarity', CONTENT).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).code).toBe(AnalysisErrorCodes.SiteNotFound);
    expect((error as AnalysisError).httpStatus).toBe(404);
    expect(analyses.latestCompletedAmong).not.toHaveBeenCalled();
    expect(reframes.put).not.toHaveBeenCalled();
  });

  describe('cache', () => {
    it('answers a reframe cached for the same site, lens, content and analysis without rewriting', async () => {
      const { sut, reframes, llm, metrics } = setup();
      reframes.get.mockResolvedValue(cachedRow());

      const answer = await sut.reframe(SITE_ID, 'clarity', CONTENT);

      expect(reframes.get).toHaveBeenCalledWith(SITE_ID, 'clarity', HASH);
      expect(answer).toEqual({
        reframedContent: 'cached text',
        actionableAdvice: 'cached advice',
        engine: 'heuristic',
      });
      expect(llm.reframe).not.toHaveBeenCalled();
      expect(reframes.put).not.toHaveBeenCalled();
      expect(await counted(metrics.reframes, { engine: 'heuristic', cached: 'true' })).toBe(1);
    });

    it("names the model of a cached LLM rewrite and leaves out advice it didn't give", async () => {
      const { sut, reframes } = setup({ model: 'frenly-test-model' });
      reframes.get.mockResolvedValue(cachedRow({ engine: 'llm', actionableAdvice: null }));

      await expect(sut.reframe(SITE_ID, 'clarity', CONTENT)).resolves.toEqual({
        reframedContent: 'cached text',
        engine: 'llm',
        model: 'frenly-test-model',
      });
    });

    it('rewrites again when the site was analysed again since the cached reframe', async () => {
      const { sut, reframes, llm } = setup();
      reframes.get.mockResolvedValue(cachedRow({ analysisId: 'analysis-6' }));

      const answer = await sut.reframe(SITE_ID, 'clarity', CONTENT);

      expect(llm.reframe).toHaveBeenCalledTimes(1);
      expect(answer.reframedContent).not.toBe('cached text');
      expect(reframes.put).toHaveBeenCalledWith(
        expect.objectContaining({ analysisId: 'analysis-7' }),
      );
    });

    it('uses a reframe cached before any analysis while the site still has none', async () => {
      const { sut, reframes, analyses, llm } = setup();
      analyses.latestCompletedAmong.mockResolvedValue(undefined);
      reframes.get.mockResolvedValue(cachedRow({ analysisId: null }));

      await expect(sut.reframe(SITE_ID, 'clarity', CONTENT)).resolves.toMatchObject({
        reframedContent: 'cached text',
      });
      expect(llm.reframe).not.toHaveBeenCalled();
    });

    it('does not use a reframe cached before the analysis once the site has one', async () => {
      const { sut, reframes, llm } = setup();
      reframes.get.mockResolvedValue(cachedRow({ analysisId: null }));

      await sut.reframe(SITE_ID, 'clarity', CONTENT);

      expect(llm.reframe).toHaveBeenCalledTimes(1);
    });
  });

  describe('engines', () => {
    it("stores and answers the LLM's rewrite with the model's name", async () => {
      const { sut, llm, reframes, metrics } = setup({ model: 'frenly-test-model' });
      llm.reframe.mockResolvedValue({
        reframedContent: 'llm text',
        actionableAdvice: 'llm advice',
        engine: 'llm',
      });

      const answer = await sut.reframe(SITE_ID, 'love', CONTENT);

      expect(llm.reframe).toHaveBeenCalledWith('love', CONTENT, report);
      expect(answer).toEqual({
        reframedContent: 'llm text',
        actionableAdvice: 'llm advice',
        engine: 'llm',
        model: 'frenly-test-model',
      });
      expect(reframes.put).toHaveBeenCalledWith({
        siteId: SITE_ID,
        lens: 'love',
        contentHash: HASH,
        analysisId: 'analysis-7',
        engine: 'llm',
        reframedContent: 'llm text',
        actionableAdvice: 'llm advice',
      });
      expect(await counted(metrics.reframes, { engine: 'llm', cached: 'false' })).toBe(1);
    });

    it('falls back to the local reframer, with the evidence, when the LLM gives nothing', async () => {
      const { sut, reframes, metrics } = setup({ model: 'frenly-test-model' });
      const local = reframeLocally({
        lens: 'clarity',
        content: CONTENT,
        report,
        domain: report.domain,
      });

      const answer = await sut.reframe(SITE_ID, 'clarity', CONTENT);

      expect(answer).toEqual({
        reframedContent: local.reframedContent,
        ...(local.actionableAdvice ? { actionableAdvice: local.actionableAdvice } : {}),
        engine: 'heuristic',
      });
      expect(reframes.put).toHaveBeenCalledWith(
        expect.objectContaining({
          engine: 'heuristic',
          reframedContent: local.reframedContent,
          analysisId: 'analysis-7',
        }),
      );
      expect(await counted(metrics.reframes, { engine: 'heuristic', cached: 'false' })).toBe(1);
    });

    it("reframes a site without an analysis locally, naming the domain of the site's URL", async () => {
      const { sut, analyses, reframes, siteRefs } = setup();
      siteRefs.urlsOf.mockResolvedValue(['https://tools.example/about']);
      analyses.latestCompletedAmong.mockResolvedValue(undefined);
      const local = reframeLocally({
        lens: 'trust',
        content: CONTENT,
        report: null,
        domain: 'tools.example',
      });

      const answer = await sut.reframe(SITE_ID, 'trust', CONTENT);

      expect(analyses.latestCompletedAmong).toHaveBeenCalledWith(['https://tools.example/about']);
      expect(answer.reframedContent).toBe(local.reframedContent);
      expect(reframes.put).toHaveBeenCalledWith(
        expect.objectContaining({ analysisId: null, engine: 'heuristic' }),
      );
    });
  });
});
