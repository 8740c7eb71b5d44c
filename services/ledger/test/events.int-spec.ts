import { Topics, type StakePlacedV1, type VoteCastV1 } from '@frenly/contracts';
import {
  KafkaEventBus,
  silentLogger,
  type BusEvent,
  type DedupeStore,
  type Subscription,
} from '@frenly/events';
import { waitFor } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import { LedgerContext, TEST_KAFKA_BROKERS } from './ledger-context.js';

/** Passes every delivery through, so that a duplicate on Kafka is seen as one. */
const countEveryDelivery: DedupeStore = {
  runOnce: async (_group, _eventId, work) => {
    await work();
    return 'handled';
  },
};

describe('events through the outbox and Kafka', () => {
  let ctx: LedgerContext;
  let observer: KafkaEventBus;
  let subscription: Subscription;
  const received: BusEvent[] = [];

  beforeAll(async () => {
    ctx = await LedgerContext.start({ bus: 'kafka' });
    observer = new KafkaEventBus({
      brokers: TEST_KAFKA_BROKERS,
      clientId: `ledger-it-observer-${ctx.runId}`,
      logger: silentLogger,
    });
    // A real consumer group of its own, starting at the end of the shared topics.
    subscription = await observer.subscribe({
      group: `ledger-it-observer-${ctx.runId}`,
      topics: [Topics.StakePlaced, Topics.VoteCast],
      fromBeginning: false,
      dedupe: countEveryDelivery,
      handler: async (event) => {
        const payload = event.payload as { userId?: string };
        if (payload.userId?.includes(ctx.runId)) received.push(event);
      },
    });
  }, 90_000);

  afterAll(async () => {
    await subscription?.close();
    await observer?.close();
    await ctx?.close();
  }, 60_000);

  it('publishes exactly one event per committed stake and vote, none for a refused request, in order per site', async () => {
    // Sites arrive the way the search service announces them: on Kafka.
    const sites = [await ctx.newSite('one.example'), await ctx.newSite('two.example')];
    const users = Array.from({ length: 4 }, (_, i) => ctx.newUser(`ev${i}`));
    const refused = ctx.newUser('refused');

    const calls: Promise<unknown>[] = [];
    for (const [i, user] of users.entries()) {
      for (let n = 0; n < 6; n++) {
        const type = n % 3 ? 'support' : 'concern';
        calls.push(ctx.stake(user, { siteId: sites[n % 2], amount: 10 + n, type }).expect(201));
      }
      // An idempotent replay publishes nothing new.
      const keyed = { siteId: sites[0], amount: 1, type: 'support' };
      calls.push(
        ctx
          .stake(user, keyed, `k${i}`)
          .expect(201)
          .then(() => ctx.stake(user, keyed, `k${i}`).expect(201)),
      );
      // up, then down (switch), then down (removed): three committed changes.
      calls.push(
        ctx
          .vote(user, sites[1]!, 'up')
          .expect(200)
          .then(() => ctx.vote(user, sites[1]!, 'down').expect(200))
          .then(() => ctx.vote(user, sites[1]!, 'down').expect(200)),
      );
    }
    calls.push(
      ctx.stake(refused, { siteId: sites[0], amount: 1_001, type: 'support' }).expect(400),
    );
    calls.push(ctx.stake(refused, { siteId: 12_345, amount: 1, type: 'support' }).expect(400));
    calls.push(ctx.stake(refused, { siteId: sites[0], amount: 1.5, type: 'support' }).expect(400));
    calls.push(ctx.vote(refused, 12_345, 'up').expect(404));
    calls.push(ctx.vote(refused, sites[0]!, 'sideways').expect(400));
    await Promise.all(calls);

    const { rows } = await ctx.db.execute(
      sql`select event_id, topic from ledger.outbox order by seq`,
    );
    const committed = rows.map((row) => String(row.event_id));
    expect(rows.filter((r) => r.topic === Topics.StakePlaced)).toHaveLength(4 * 7);
    expect(rows.filter((r) => r.topic === Topics.VoteCast)).toHaveLength(4 * 3);

    await waitFor(
      () => (committed.every((id) => received.some((e) => e.id === id)) ? true : undefined),
      45_000,
      100,
      `all ${committed.length} committed events on Kafka (seen ${received.length})`,
    );
    await waitFor(
      async () => ((await ctx.outbox.backlog()) === 0 ? true : undefined),
      10_000,
      50,
      'the outbox to be stamped published',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // time for a duplicate to show up

    const deliveries = new Map<string, number>();
    for (const event of received) deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1);
    expect([...deliveries.keys()].sort()).toEqual([...committed].sort()); // nothing else of ours
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true); // each exactly once
    expect(received.filter((e) => (e.payload as { userId: string }).userId === refused.id)).toEqual(
      [],
    );

    // Per site (the key) and topic, events arrive in commit order: the site version only grows.
    // (Both topics share the site's version; Kafka orders a key within one topic only.)
    for (const siteId of sites) {
      for (const topic of [Topics.StakePlaced, Topics.VoteCast]) {
        const versions = received
          .filter((e) => e.key === String(siteId) && e.topic === topic)
          .map((e) => (e.payload as { siteVersion: number }).siteVersion);
        expect([siteId, topic, versions]).toEqual([
          siteId,
          topic,
          [...versions].sort((a, b) => a - b),
        ]);
        expect(new Set(versions).size).toBe(versions.length);
      }
      const ofSite = received.filter((e) => e.key === String(siteId));
      const community = (await ctx.http().get(`/api/sites/${siteId}/community`).expect(200))
        .body as { totalStaked: number; upvotes: number; downvotes: number };
      const lastStake = ofSite.filter((e) => e.topic === Topics.StakePlaced).at(-1)
        ?.payload as StakePlacedV1;
      expect(lastStake.totalStaked).toBe(community.totalStaked);
      const lastVote = ofSite.filter((e) => e.topic === Topics.VoteCast).at(-1)?.payload as
        VoteCastV1 | undefined;
      if (lastVote)
        expect([lastVote.upvotes, lastVote.downvotes]).toEqual([
          community.upvotes,
          community.downvotes,
        ]);
    }
    expect(received.find((e) => e.topic === Topics.VoteCast)?.headers).toMatchObject({
      'schema-version': '1',
    });
  }, 90_000);
});
