// One trustScore (issue 18): search results and the analysis screen derive a site's trust with
// the same rule (siteTrustScore, @frenly/contracts) from the same analysis and today's community
// totals, so votes that turn the community against a site change the trust both screens show,
// and votes that turn back restore it. Search, ledger and analysis mounted together on a scratch
// PostgreSQL database with the in-process bus, as the embedded runtime does with DATABASE_URL;
// the site is a loopback HTTPS server whose certificate the analysis trusts. The analysis reads
// the community figures from the ledger, never from a projection of its own: in process as the
// embedded runtime does, or over the ledger's internal route as the distributed one does.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AnalysisModule, HttpLedgerCommunity, type LedgerCommunityFactory } from '@frenly/analysis';
import type {
  AnalysisResponse,
  SearchResponse,
  SearchResultDto,
  SiteCommunityResponse,
} from '@frenly/contracts';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { InProcessEventBus, silentLogger } from '@frenly/events';
import { createJobQueue, type FrenlyJobQueues } from '@frenly/jobs';
import { LedgerModule } from '@frenly/ledger';
import {
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
} from '@frenly/platform';
import { createStaticResolver } from '@frenly/safe-fetch';
import { SearchModule } from '@frenly/search';
import {
  createScratchDatabase,
  makeSelfSignedCertificate,
  waitFor,
  type ScratchDatabase,
} from '@frenly/testing';
import request from 'supertest';
import { inProcessLedgerCommunity, inProcessSiteCatalogue } from '../src/embedded.modules.js';

const HOST = 'calm-garden.frenly.test';
// A calm, accessible blog with strict security headers: verified, no manipulative pattern.
const PAGE = readFileSync(
  new URL('../../analysis/test/fixtures/sites/friendly-blog.html', import.meta.url),
  'utf8',
);
const SECURE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; script-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'set-cookie': 'session=abc; Path=/; Secure; HttpOnly; SameSite=Lax',
};
const VOTERS = ['v1', 'v2', 'v3', 'v4', 'v5'];

const RUNTIMES = [
  ['embedded', 'the ledger module in process'],
  ['distributed', "the ledger's internal route over HTTP"],
] as const;

describe.each(RUNTIMES)(
  'trustScore and community figures, %s runtime (%s; PostgreSQL)',
  (runtime) => {
    let site: Server;
    let siteUrl: string;
    let scratch: ScratchDatabase;
    let database: DatabaseHandle;
    let bus: InProcessEventBus;
    let jobs: ReturnType<typeof createJobQueue<FrenlyJobQueues>>;
    let app: NestExpressApplication;
    let tokens: IdentityTokens;
    let baseUrl: string;

    beforeAll(async () => {
      const cert = makeSelfSignedCertificate([HOST]);
      site = createServer({ cert: cert.cert, key: cert.key }, (_req, res) =>
        res.writeHead(200, SECURE_HEADERS).end(PAGE),
      );
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      const { port } = site.address() as AddressInfo;
      siteUrl = `https://${HOST}:${port}/`;

      scratch = await createScratchDatabase('frenly_trust');
      database = await openDatabase({ databaseUrl: scratch.url, poolSize: 6 });
      bus = new InProcessEventBus({ logger: silentLogger });
      jobs = createJobQueue<FrenlyJobQueues>({ onError: () => undefined });
      tokens = new IdentityTokens(randomBytes(32));
      const runId = randomBytes(4).toString('hex');
      const infra = { db: database.db, bus, jobs, identityTokens: tokens };
      const logger = new JsonLogger({
        service: 'trust-it',
        level: 'error',
        write: () => undefined,
      });
      // Distributed: asked over HTTP with the service token, at this app's own address once it listens.
      const ledgerCommunity: LedgerCommunityFactory =
        runtime === 'embedded'
          ? inProcessLedgerCommunity
          : () => ({
              forSites: (siteIds) =>
                new HttpLedgerCommunity([baseUrl], tokens, logger).forSites(siteIds),
            });
      app = await createServiceApp({
        service: 'trust-it',
        logger,
        metrics: new MetricsService({ service: 'trust-it', defaultMetrics: false }),
        modules: [
          SearchModule.forRoot({
            ...infra,
            settings: { seedOnStart: false, crawl: { auto: false } },
          }),
          LedgerModule.forRoot({
            ...infra,
            settings: { knownSitesGroup: `trust-it-known-sites-${runId}`, relayPollIntervalMs: 50 },
            internalRoutes: runtime === 'distributed',
          }),
          AnalysisModule.forRoot({
            ...infra,
            siteCatalogue: inProcessSiteCatalogue,
            ledgerCommunity,
            settings: {
              siteRefsGroup: `trust-it-site-refs-${runId}`,
              relayPollIntervalMs: 50,
              fetchAllowList: [`127.0.0.1:${port}`],
              fetchResolver: createStaticResolver({ [HOST]: ['127.0.0.1'] }),
              fetchCa: cert.cert,
            },
          }),
        ],
      });
      await app.listen(0, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await jobs?.close({ timeoutMs: 2_000 });
      await bus?.close();
      await database?.close();
      await scratch?.drop();
      await new Promise((resolve) => site?.close(resolve));
    }, 60_000);

    const signedIn = (userId: string) => ({
      [IDENTITY_HEADER]: tokens.sign({ userId, firstName: userId, lastName: null, email: null }),
    });
    /** The analysis screen: the stored analysis answered with today's community. */
    const analysisScreen = async (): Promise<AnalysisResponse['site']> => {
      const res = await request(baseUrl)
        .post('/api/sites/analyze')
        .set(signedIn('analyst'))
        .send({ url: siteUrl });
      expect(res.status).toBe(200);
      return (res.body as AnalysisResponse).site;
    };
    /** The site's card in search results, once the catalogue holds its analysis. */
    const searchCard = async (siteId: number): Promise<SearchResultDto | undefined> => {
      const res = await request(baseUrl).get('/api/search').query({ q: 'slow gardening' });
      expect(res.status).toBe(200);
      return (res.body as SearchResponse).results.find(
        (result) => result.id === siteId && result.frenlinessScore !== null,
      );
    };
    const vote = (userId: string, siteId: number, type: 'up' | 'down') =>
      request(baseUrl).post(`/api/sites/${siteId}/vote`).set(signedIn(userId)).send({ type });
    /** Both screens once both have caught up with `downvotes` and `upvotes`. */
    const bothScreensAt = (siteId: number, upvotes: number, downvotes: number) =>
      waitFor(
        async () => {
          const [card, analysis] = await Promise.all([searchCard(siteId), analysisScreen()]);
          const caughtUp = (view: { upvotes: number; downvotes: number } | undefined) =>
            view?.upvotes === upvotes && view.downvotes === downvotes;
          return caughtUp(card) && caughtUp(analysis) ? { card: card!, analysis } : undefined;
        },
        20_000,
        50,
        `both screens at ${upvotes} up, ${downvotes} down`,
      );

    it('shows the same trust on both screens: high, low once the votes turn against the site, high again when they turn back', async () => {
      const first = await analysisScreen();
      expect(first).toMatchObject({ isVerified: true, trustScore: 'high', downvotes: 0 });
      const siteId = first.id;
      const analysed = await waitFor(() => searchCard(siteId), 20_000, 50, 'the analysed card');
      expect(analysed.trustScore).toBe('high');

      // The ledger learns the site from search's site.indexed event: the first vote waits for it.
      await waitFor(
        async () => ((await vote(VOTERS[0]!, siteId, 'down')).status === 200 ? true : undefined),
        20_000,
        50,
        'the ledger to know the site',
      );
      for (const voter of VOTERS.slice(1))
        expect((await vote(voter, siteId, 'down')).status).toBe(200);
      const negative = await bothScreensAt(siteId, 0, VOTERS.length);
      expect(negative.card.trustScore).toBe('low');
      expect(negative.analysis.trustScore).toBe('low');

      for (const voter of VOTERS) expect((await vote(voter, siteId, 'up')).status).toBe(200);
      const positive = await bothScreensAt(siteId, VOTERS.length, 0);
      expect(positive.card.trustScore).toBe('high');
      expect(positive.analysis.trustScore).toBe('high');
    }, 120_000);

    it("answers the ledger's community figures at once: after a vote and a stake, the analyze answer equals GET /api/sites/:id/community", async () => {
      const siteId = (await analysisScreen()).id;
      await waitFor(
        async () => ((await vote('judge', siteId, 'down')).status === 200 ? true : undefined),
        20_000,
        50,
        'the ledger to know the site',
      );
      const stake = await request(baseUrl)
        .post('/api/stakes')
        .set(signedIn('worried'))
        .send({ siteId, amount: 120, type: 'concern', message: 'hidden fees' });
      expect(stake.status).toBe(201);

      // No waiting: nothing is projected on the analysis side, so there is nothing to catch up.
      const answer = await request(baseUrl)
        .post('/api/sites/analyze')
        .set(signedIn('analyst'))
        .send({ url: siteUrl });
      const ledger = await request(baseUrl).get(`/api/sites/${siteId}/community`);

      expect([answer.status, ledger.status]).toEqual([200, 200]);
      const community = ledger.body as SiteCommunityResponse;
      const body = answer.body as AnalysisResponse;
      expect(community.recentStakes[0]).toMatchObject({ amount: 120, message: 'hidden fees' });
      expect(body.site).toMatchObject({
        upvotes: community.upvotes,
        downvotes: community.downvotes,
        totalStaked: community.totalStaked,
      });
      expect(body.recentStakes).toEqual(community.recentStakes);
      expect(body.communityUnavailable).toBeUndefined();
    }, 120_000);
  },
);
