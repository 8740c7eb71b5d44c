import { randomBytes, randomUUID } from 'node:crypto';
import { Topics } from '@frenly/contracts';
import {
  knownSites,
  ledgerOutbox,
  ledgerProcessedEvents,
  openDatabase,
  type DatabaseHandle,
} from '@frenly/db';
import {
  InProcessEventBus,
  makeEvent,
  silentLogger,
  writeOutbox,
  type BusEvent,
} from '@frenly/events';
import {
  EventConsumers,
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
} from '@frenly/platform';
import { createScratchDatabase, waitFor, type ScratchDatabase } from '@frenly/testing';
import { eq, isNull, sql } from 'drizzle-orm';
import request from 'supertest';
import { LedgerModule } from '../src/ledger.module.js';
import { LedgerOutbox } from '../src/outbox/ledger-outbox.js';
import { LedgerContext } from './ledger-context.js';

describe('ledger lifecycle', () => {
  describe('shutdown', () => {
    let scratch: ScratchDatabase;
    let database: DatabaseHandle;

    beforeAll(async () => {
      scratch = await createScratchDatabase('frenly_ledger');
      database = await openDatabase({ databaseUrl: scratch.url, schemas: ['ledger'], poolSize: 4 });
    });
    afterAll(async () => {
      await database?.close().catch(() => undefined);
      await scratch?.drop();
    });

    it('publishes the outbox backlog and stops the relay before the database closes', async () => {
      const order: string[] = [];
      const bus = new InProcessEventBus({ logger: silentLogger });
      const published: BusEvent[] = [];
      await bus.subscribe({
        group: 'observer',
        topics: ['ledger.test-backlog'],
        handler: async (event) => void published.push(event),
      });
      const app = await createServiceApp({
        service: 'ledger',
        logger: new JsonLogger({ service: 'ledger', level: 'silent' }),
        metrics: new MetricsService({ service: 'ledger', defaultMetrics: false }),
        // A relay that would not look again for a minute: only the shutdown drain can publish in time.
        modules: [
          LedgerModule.forRoot({
            db: database.db,
            bus,
            identityTokens: new IdentityTokens(randomBytes(32)),
            settings: { relayPollIntervalMs: 60_000, knownSitesGroup: `g-${randomUUID()}` },
          }),
        ],
        resources: [
          {
            name: 'database',
            close: async () => {
              order.push(`database closes; relay stopped: ${app.get(LedgerOutbox).isStopped}`);
              const { rows } = await database.db.execute(
                sql`select count(*)::int as n from ledger.outbox where published_at is null`,
              );
              order.push(`unpublished rows: ${rows[0]?.n}`);
            },
          },
        ],
      });
      await app.init();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the relay's first (empty) pass
      // Rows committed without a poke, as if the process were told to stop right after the commits.
      await database.db.transaction(async (tx) => {
        await writeOutbox(
          tx,
          ledgerOutbox,
          [1, 2, 3].map((n) => ({ topic: 'ledger.test-backlog', key: 'k', payload: { n } })),
        );
      });
      await app.close();
      expect(order).toEqual(['database closes; relay stopped: true', 'unpublished rows: 0']);
      await waitFor(
        () => (published.length === 3 ? true : undefined),
        2_000,
        10,
        'the drained events',
      );
      expect(published.map((e) => (e.payload as { n: number }).n)).toEqual([1, 2, 3]);
      await bus.close();
    });
  });

  describe('site-indexed consumer and metrics', () => {
    let ctx: LedgerContext;
    beforeAll(async () => {
      ctx = await LedgerContext.start();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const indexed = (siteId: number, domain: string, indexedAt: string) =>
      makeEvent(Topics.SiteIndexed, siteId, {
        siteId,
        url: `https://${domain}/`,
        domain,
        title: domain,
        indexedAt,
      });

    it('learns a site once per event, keeps the newest data and skips a malformed event', async () => {
      const consumer = ctx.app.get(EventConsumers);
      const first = indexed(5_001, 'First.example', '2026-01-02T00:00:00.000Z');
      await consumer.deliver(first);
      await consumer.deliver(first); // redelivered
      const { rows } = await ctx.db.execute(sql`
        select (select count(*)::int from ledger.processed_events where event_id = ${first.id}) as marks,
               (select count(*)::int from ledger.accounts where site_id = 5001) as pools,
               (select count(*)::int from ledger.site_stats where site_id = 5001) as stats`);
      expect(rows[0]).toEqual({ marks: 1, pools: 1, stats: 1 });
      const domainOf = async () =>
        (await ctx.db.select().from(knownSites).where(eq(knownSites.siteId, 5_001)))[0]?.domain;
      expect(await domainOf()).toBe('first.example');

      await consumer.deliver(indexed(5_001, 'older.example', '2026-01-01T00:00:00.000Z')); // arrives late
      expect(await domainOf()).toBe('first.example');
      await consumer.deliver(indexed(5_001, 'renamed.example', '2026-01-03T00:00:00.000Z'));
      expect(await domainOf()).toBe('renamed.example');

      const malformed = {
        ...indexed(5_002, 'x.example', 'not a date'),
        payload: { siteId: 'five' },
      } as unknown as ReturnType<typeof indexed>;
      await expect(consumer.deliver(malformed)).resolves.toBeUndefined();
      const marks = await ctx.db
        .select()
        .from(ledgerProcessedEvents)
        .where(eq(ledgerProcessedEvents.eventId, malformed.id));
      expect(marks).toHaveLength(1);
      expect(
        ctx.logLines.some((line) => line.includes('skipping a malformed site-indexed event')),
      ).toBe(true);

      // The learnt site takes stakes.
      const user = ctx.newUser('learner');
      await ctx
        .http()
        .post('/api/stakes')
        .set(user.headers())
        .send({ siteId: 5_001, amount: 3, type: 'support' })
        .expect(201);
    });

    it('exposes stake, vote and outbox metrics', async () => {
      const site = await ctx.newSite();
      const user = ctx.newUser('metered');
      await ctx
        .http()
        .post('/api/stakes')
        .set(user.headers())
        .send({ siteId: site, amount: 7, type: 'concern' })
        .expect(201);
      await ctx
        .http()
        .post('/api/stakes')
        .set(user.headers())
        .send({ siteId: site, amount: 5_000, type: 'concern' })
        .expect(400);
      await ctx
        .http()
        .post(`/api/sites/${site}/vote`)
        .set(user.headers())
        .send({ type: 'up' })
        .expect(200);
      await ctx
        .http()
        .post(`/api/sites/${site}/vote`)
        .set(user.headers())
        .send({ type: 'down' })
        .expect(200);
      await waitFor(
        async () => ((await ctx.outbox.backlog()) === 0 ? true : undefined),
        5_000,
        20,
        'outbox drained',
      );
      const text = (await ctx.http().get('/metrics').expect(200)).text;
      expect(text).toMatch(/ledger_stakes_total\{outcome="placed",service="ledger"\} [1-9]/);
      expect(text).toMatch(
        /ledger_stakes_total\{outcome="insufficient_balance",service="ledger"\} 1/,
      );
      expect(text).toMatch(/ledger_votes_total\{change="added",service="ledger"\} 1/);
      expect(text).toMatch(/ledger_votes_total\{change="switched",service="ledger"\} 1/);
      expect(text).toMatch(/ledger_signup_grants_total\{service="ledger"\} [1-9]/);
      expect(text).toMatch(/ledger_outbox_backlog\{service="ledger"\} 0/);
    });
  });

  describe("on PGlite (the embedded runtime's engine)", () => {
    it('stakes, votes and keeps the books', async () => {
      const database = await openDatabase({ dataDir: 'memory://', schemas: ['ledger'] });
      const bus = new InProcessEventBus({ logger: silentLogger });
      const tokens = new IdentityTokens(randomBytes(32));
      const app = await createServiceApp({
        service: 'ledger',
        logger: new JsonLogger({ service: 'ledger', level: 'silent' }),
        metrics: new MetricsService({ service: 'ledger', defaultMetrics: false }),
        modules: [LedgerModule.forRoot({ db: database.db, bus, identityTokens: tokens })],
      });
      await app.init();
      try {
        await bus.publish([
          makeEvent(Topics.SiteIndexed, 1, {
            siteId: 1,
            url: 'https://pglite.example/',
            domain: 'pglite.example',
            title: 'PGlite',
            indexedAt: new Date().toISOString(),
          }),
        ]);
        await waitFor(
          async () =>
            (await database.db.select().from(knownSites)).length === 1 ? true : undefined,
          10_000,
          20,
          'the site',
        );
        const http = () => request(app.getHttpServer());
        const as = (userId: string) => ({
          [IDENTITY_HEADER]: tokens.sign({ userId, firstName: null, lastName: null, email: null }),
        });
        const [a, b] = await Promise.all([
          http()
            .post('/api/stakes')
            .set(as('p1'))
            .send({ siteId: 1, amount: 600, type: 'support' }),
          http()
            .post('/api/stakes')
            .set(as('p1'))
            .send({ siteId: 1, amount: 600, type: 'support' }),
        ]);
        expect([a.status, b.status].sort()).toEqual([201, 400]);
        await http()
          .post('/api/stakes')
          .set(as('p2'))
          .set('Idempotency-Key', 'x')
          .send({ siteId: 1, amount: 10, type: 'concern' })
          .expect(201);
        await http()
          .post('/api/stakes')
          .set(as('p2'))
          .set('Idempotency-Key', 'x')
          .send({ siteId: 1, amount: 10, type: 'concern' })
          .expect(201);
        await http()
          .post('/api/sites/1/vote')
          .set(as('p1'))
          .send({ type: 'up' })
          .expect(200, { upvotes: 1, downvotes: 0, yourVote: 'up' });
        await http()
          .post('/api/sites/1/vote')
          .set(as('p2'))
          .send({ type: 'down' })
          .expect(200, { upvotes: 1, downvotes: 1, yourVote: 'down' });
        await http()
          .post('/api/sites/1/vote')
          .set(as('p1'))
          .send({ type: 'up' })
          .expect(200, { upvotes: 0, downvotes: 1, yourVote: null });
        const community = await http().get('/api/sites/1/community').expect(200);
        expect(community.body).toMatchObject({
          totalStaked: 610,
          supportTotal: 600,
          concernTotal: 10,
          upvotes: 0,
          downvotes: 1,
        });
        await http().get('/api/ledger/balance').set(as('p2')).expect(200, { bambooBalance: 990 });
        await waitFor(
          async () =>
            (await database.db.select().from(ledgerOutbox).where(isNull(ledgerOutbox.publishedAt)))
              .length === 0
              ? true
              : undefined,
          5_000,
          20,
          'published',
        );
        const { LedgerAuditRepository } = await import('../src/audit/ledger-audit.repository.js');
        expect(await app.get(LedgerAuditRepository).audit()).toMatchObject({
          grantsTotal: 2_000,
          sitePoolsTotal: 610,
          violations: [],
        });
      } finally {
        await app.close();
        await bus.close();
        await database.close();
      }
    }, 60_000);
  });
});
