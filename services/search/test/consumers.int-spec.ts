import {
  Topics,
  type AnalysisData,
  type SiteAnalyzedV1,
  type StakePlacedV1,
  type VoteCastV1,
} from '@frenly/contracts';
import { makeEvent } from '@frenly/events';
import { EventConsumers } from '@frenly/platform';
import { waitFor } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import { SearchService } from '../src/search/search.service.js';
import { SiteRepository } from '../src/sites/site.repository.js';
import { insertSites } from './fixtures.js';
import { ENGINES, SearchContext } from './search-context.js';

const analysisData: AnalysisData = {
  frenliness: {
    reasoning: 'Clear pages, no trackers.',
    improvements: ['Add alt text'],
    manipulativePatterns: [],
  },
  ux: { details: { strengths: ['Fast'] } },
};

function analysis(url: string, overrides: Partial<SiteAnalyzedV1> = {}): SiteAnalyzedV1 {
  return {
    url,
    domain: new URL(url).hostname,
    title: 'Analysed site',
    description: 'A site the analyzer looked at.',
    frenlinessScore: 87,
    trustScore: 'high',
    isVerified: true,
    uxScore: { accessibility: 90, clarity: 80, joyFactor: 70, lowFriction: 85 },
    analysisData,
    engine: 'heuristic',
    analyzedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe.each(ENGINES)('catalogue event consumers on %s', (engine) => {
  let ctx: SearchContext;
  let sut: EventConsumers;
  let sites: SiteRepository;
  let siteId: number;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine });
    sut = ctx.app.get(EventConsumers);
    sites = ctx.app.get(SiteRepository);
    siteId = (
      await insertSites(ctx.db, [{ url: 'https://voted.example/', title: 'Voted site' }])
    ).get('https://voted.example/') as number;
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const vote = (siteVersion: number, upvotes: number, downvotes: number) =>
    makeEvent(Topics.VoteCast, siteId, {
      siteId,
      userId: 'u1',
      vote: 'up',
      upvotes,
      downvotes,
      siteVersion,
    } satisfies VoteCastV1);
  const stake = (siteVersion: number, totalStaked: number) =>
    makeEvent(Topics.StakePlaced, siteId, {
      stakeId: `s${siteVersion}`,
      siteId,
      userId: 'u1',
      amount: 10,
      type: 'support',
      message: null,
      createdAt: new Date().toISOString(),
      totalStaked,
      supportTotal: totalStaked,
      concernTotal: 0,
      siteVersion,
    } satisfies StakePlacedV1);

  it('applies vote totals from the bus', async () => {
    await ctx.bus.publish([vote(1, 1, 0), vote(2, 2, 0)]);
    await waitFor(async () => ((await sites.getById(siteId))?.upvotes === 2 ? true : undefined));
  });

  it('changes nothing when the same event is delivered twice', async () => {
    const event = vote(3, 3, 1);
    await sut.deliver(event);
    const once = await sites.getById(siteId);
    await sut.deliver(event);
    // A stale vote behind the redelivery (same key, same partition, so handled after it) changes
    // nothing but leaves a mark: once that mark exists, the redelivery has been handled.
    const behind = vote(2, 1, 0);
    await ctx.bus.publish([event, behind]);
    await waitFor(async () => {
      const marked = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from search.processed_events where event_id = ${behind.id}`,
      );
      return marked.rows[0]?.n === 1 ? true : undefined;
    });
    expect(await sites.getById(siteId)).toEqual(once);
    expect(once).toMatchObject({ upvotes: 3, downvotes: 1, votesVersion: 3 });
    const marks = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from search.processed_events where event_id = ${event.id}`,
    );
    expect(marks.rows[0]?.n).toBe(1);
  });

  it('never moves counts back when events arrive out of order', async () => {
    await sut.deliver(vote(6, 10, 2));
    await sut.deliver(vote(5, 9, 2));
    await sut.deliver(vote(4, 8, 1));
    expect(await sites.getById(siteId)).toMatchObject({
      upvotes: 10,
      downvotes: 2,
      votesVersion: 6,
    });

    // Stakes carry their own versions (one ledger counter per site): a late vote still applies after a stake.
    await sut.deliver(stake(8, 150));
    await sut.deliver(stake(7, 100));
    await sut.deliver(vote(9, 11, 2));
    await sut.deliver(vote(7, 10, 3));
    expect(await sites.getById(siteId)).toMatchObject({
      upvotes: 11,
      downvotes: 2,
      totalStaked: 150,
      supportTotal: 150,
      stakesVersion: 8,
    });
  });

  it('ignores totals for a site it does not know', async () => {
    const event = makeEvent(Topics.VoteCast, 999_999, {
      siteId: 999_999,
      userId: 'u1',
      vote: 'up',
      upvotes: 1,
      downvotes: 0,
      siteVersion: 1,
    });
    await expect(sut.deliver(event)).resolves.toBeUndefined();
  });

  it('creates an analysed site keyed by url, announces it once, and makes it searchable', async () => {
    const event = makeEvent(
      Topics.SiteAnalyzed,
      'https://new-site.example/',
      analysis('https://New-Site.example'),
    );
    await sut.deliver(event);
    await sut.deliver(event);
    const created = await sites.getByUrl('https://new-site.example/');
    expect(created).toMatchObject({
      domain: 'new-site.example',
      title: 'Analysed site',
      frenlinessScore: 87,
      trustScore: 'high',
      isVerified: true,
      analysisData,
      source: 'analysis',
    });
    expect(created?.analyzedAt?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    const announced = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from search.outbox where topic = ${Topics.SiteIndexed} and payload->>'url' = 'https://new-site.example/'`,
    );
    expect(announced.rows[0]?.n).toBe(1);
    const found = await ctx.app
      .get(SearchService)
      .search({ q: 'analysed site', page: 1, limit: 10 }, { ip: '::1' });
    expect(found.results[0]).toMatchObject({
      id: created?.id,
      frenlinessScore: 87,
      trustScore: 'high',
      isVerified: true,
      analysisData,
    });
  });

  it('updates a known site from a newer analysis and ignores an older one', async () => {
    await sut.deliver(
      makeEvent(
        Topics.SiteAnalyzed,
        'https://voted.example/',
        analysis('https://voted.example', {
          frenlinessScore: 30,
          trustScore: 'low',
          title: '',
          analyzedAt: '2026-11-02T00:00:00.000Z',
        }),
      ),
    );
    await sut.deliver(
      makeEvent(
        Topics.SiteAnalyzed,
        'https://voted.example/',
        analysis('https://voted.example', {
          frenlinessScore: 99,
          analyzedAt: '2026-11-01T00:00:00.000Z',
        }),
      ),
    );
    expect(await sites.getById(siteId)).toMatchObject({
      title: 'Voted site',
      frenlinessScore: 30,
      trustScore: 'low',
      upvotes: 11,
    });
  });

  it('skips an analysis whose url can never be catalogued', async () => {
    const before = await ctx.count('search.sites');
    await sut.deliver(makeEvent(Topics.SiteAnalyzed, 'ftp://x', analysis('ftp://files.example/')));
    expect(await ctx.count('search.sites')).toBe(before);
  });
});

describe.each(ENGINES)('the catalogue consumers in a configured group on %s', (engine) => {
  const group = `search.private-${Math.random().toString(36).slice(2, 8)}`;
  let ctx: SearchContext;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine, settings: { consumerGroup: group } });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('consume as that group (a private copy of the catalogue never takes the shared group its events)', async () => {
    const siteId = (
      await insertSites(ctx.db, [{ url: 'https://private-copy.example/', title: 'Private copy' }])
    ).get('https://private-copy.example/') as number;
    await ctx.bus.publish([
      makeEvent(Topics.VoteCast, siteId, {
        siteId,
        userId: 'u1',
        vote: 'up',
        upvotes: 5,
        downvotes: 0,
        siteVersion: 1,
      } satisfies VoteCastV1),
    ]);
    await waitFor(async () =>
      (await ctx.app.get(SiteRepository).getById(siteId))?.upvotes === 5 ? true : undefined,
    );
    const groups = await ctx.db.execute<{ consumer_group: string }>(
      sql`select distinct consumer_group from search.processed_events`,
    );
    expect(groups.rows.map((row) => row.consumer_group)).toEqual([group]);
  });
});
