import { createStaticResolver } from '@frenly/safe-fetch';
import type { AnalysisResponse } from '@frenly/contracts';
import { AnalysisContext } from './support/analysis-context.js';
import { FixtureServer } from './support/fixture-server.js';
import { LlmTestServer } from './support/llm-server.js';

describe('the optional LLM engine, against an OpenAI-compatible server on loopback', () => {
  let ctx: AnalysisContext;
  let web: FixtureServer;
  let llm: LlmTestServer;
  let page = 0;
  const LLM_TIMEOUT_MS = 700;

  /** A fresh URL each time (a repeat would come from the cache). */
  const nextUrl = (): string => web.url('shop.frenly.test', `/page-${++page}`);

  beforeAll(async () => {
    [web, llm] = await Promise.all([FixtureServer.start(), LlmTestServer.start()]);
    for (let i = 1; i <= 12; i++) web.page(`/page-${i}`, 'dark-shop');
    ctx = await AnalysisContext.start({
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver({ 'shop.frenly.test': ['127.0.0.1'] }),
        llm: {
          apiKey: 'test-key',
          baseUrl: llm.baseUrl,
          model: 'test-model',
          timeoutMs: LLM_TIMEOUT_MS,
        },
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await Promise.all([web?.close(), llm?.close()]);
  });

  it('a valid answer: the LLM writes the reasoning and refines the insights; scores and patterns stay measured', async () => {
    llm.mode = 'valid';
    const calls = llm.calls.length;
    const res = await ctx.analyze(nextUrl());
    expect(res.status).toBe(200);
    const body = res.body as AnalysisResponse;
    expect(body.engine).toBe('llm');
    expect(body.site.analysisData?.frenliness.reasoning).toBe(
      `LLM-WRITTEN: shop.frenly.test earns ${body.site.frenlinessScore}/100 for Frenliness. It loads 3 tracking organisations. The evidence shows where it can improve.`,
    );
    expect(body.site.analysisData?.ux.details.strengths).toEqual(['LLM strength: readable pages']);
    expect(body.site.analysisData?.frenliness.improvements).toHaveLength(2);
    expect(body.site.analysisData?.frenliness.improvements[0]).toMatch(/^LLM: /);
    expect(body.site.analysisData?.frenliness.manipulativePatterns).toContain(
      'Scarcity — Low-stock message: “Only 2 left in stock - order soon.”',
    );

    const call = llm.calls[calls];
    expect(call).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: { model: 'test-model' },
    });
    expect(call?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'frenly_insights', strict: true },
    });
  });

  it.each([
    ['an answer that is not JSON', 'invalid-json', 'invalid'],
    ['JSON of the wrong shape', 'invalid-shape', 'invalid'],
    ['a server error', 'error', 'error'],
  ] as const)(
    '%s: the heuristic result stands, and the fallback is counted',
    async (_name, mode, reason) => {
      llm.mode = mode;
      const fallbacks = await ctx.metricValue('analysis_llm_fallbacks_total', {
        purpose: 'insights',
        reason,
      });
      const res = await ctx.analyze(nextUrl());
      expect(res.status).toBe(200);
      expect(res.body.engine).toBe('heuristic');
      expect(res.body.site.analysisData.frenliness.reasoning).toMatch(
        /^shop\.frenly\.test scores \d+\/100 for Frenliness/,
      );
      expect(
        await ctx.metricValue('analysis_llm_fallbacks_total', { purpose: 'insights', reason }),
      ).toBe(fallbacks + 1);
    },
  );

  it('a slow answer: the heuristic result stands within the bound', async () => {
    llm.mode = 'slow';
    llm.slowMs = 5_000;
    const started = Date.now();
    const res = await ctx.analyze(nextUrl());
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.engine).toBe('heuristic');
    expect(elapsed).toBeLessThan(LLM_TIMEOUT_MS + 1_500);
    expect(
      await ctx.metricValue('analysis_llm_fallbacks_total', {
        purpose: 'insights',
        reason: 'timeout',
      }),
    ).toBe(1);
  });

  it('reframes through the LLM when it answers, and locally when it does not', async () => {
    llm.mode = 'valid';
    const analysed = await ctx.analyze(nextUrl());
    const siteId = analysed.body.site.id as number;
    const viaLlm = await ctx.reframe(siteId, {
      lensType: 'trust',
      content: 'Chronos Elite. Luxury watches at outlet prices.',
    });
    expect(viaLlm.status).toBe(200);
    expect(viaLlm.body).toEqual({
      reframedContent: 'LLM-REFRAMED: Chronos Elite. Luxury watches at outlet prices.',
      actionableAdvice: 'LLM advice: keep it honest.',
      engine: 'llm',
      model: 'test-model',
    });
    expect(llm.calls.at(-1)?.body.response_format?.json_schema?.name).toBe('frenly_reframe');

    llm.mode = 'slow';
    const started = Date.now();
    const local = await ctx.reframe(siteId, {
      lensType: 'joy',
      content: 'Chronos Elite. Luxury watches at outlet prices.',
    });
    expect(local.status).toBe(200);
    expect(local.body.engine).toBe('heuristic');
    expect(local.body.reframedContent).toContain('Luxury watches at outlet prices');
    expect(Date.now() - started).toBeLessThan(LLM_TIMEOUT_MS + 1_500);
  });
});
