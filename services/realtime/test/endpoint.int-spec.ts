// The websocket endpoint over real HTTP and real sockets, on the in-process bus (the Kafka
// paths, both runtimes and real ledger votes are in embedded/distributed.int-spec.ts): who may
// connect, fan-out, stale totals, heartbeats, slow clients, malformed messages, shutdown.
import { Topics, type StakePlacedV1, type VoteCastV1 } from '@frenly/contracts';
import { InProcessEventBus, makeEvent, silentLogger } from '@frenly/events';
import { IDENTITY_HEADER } from '@frenly/platform';
import { waitFor } from '@frenly/testing';
import { isStakeUpdate, isVoteUpdate, LiveClient, refusalStatus } from './support/live-client.js';
import { RealtimeHarness } from './support/realtime-harness.js';

const vote = (siteId: number, upvotes: number, downvotes: number, siteVersion: number) =>
  makeEvent(Topics.VoteCast, siteId, {
    siteId,
    userId: 'voter',
    vote: 'up',
    upvotes,
    downvotes,
    siteVersion,
  } satisfies VoteCastV1);

const stake = (siteId: number, totalStaked: number, siteVersion: number) =>
  makeEvent(Topics.StakePlaced, siteId, {
    stakeId: `stake-${siteVersion}`,
    siteId,
    userId: 'staker',
    amount: 10,
    type: 'support',
    message: null,
    createdAt: new Date().toISOString(),
    totalStaked,
    supportTotal: totalStaked,
    concernTotal: 0,
    siteVersion,
  } satisfies StakePlacedV1);

describe('the realtime endpoint', () => {
  let bus: InProcessEventBus;
  let realtime: RealtimeHarness;

  beforeAll(async () => {
    bus = new InProcessEventBus({ logger: silentLogger });
    realtime = await RealtimeHarness.start({ bus, settings: { heartbeatIntervalMs: 250 } });
  });

  afterAll(async () => {
    await realtime?.close();
    await bus?.close();
  });

  describe('who may connect', () => {
    it('refuses an anonymous upgrade with 401 and no socket', async () => {
      expect(await refusalStatus(realtime.wsUrl)).toEqual({
        status: 401,
        body: expect.objectContaining({
          statusCode: 401,
          code: 'SIGN_IN_REQUIRED',
          requestId: expect.any(String),
        }),
      });
    });

    it('refuses a forged identity header with 401', async () => {
      expect(
        (await refusalStatus(realtime.wsUrl, { [IDENTITY_HEADER]: 'forged.token' })).status,
      ).toBe(401);
    });

    it('refuses a signed-in upgrade from a foreign Origin with 403', async () => {
      const headers = { ...realtime.signedInHeaders('victim'), Origin: 'https://evil.example' };
      expect(await refusalStatus(realtime.wsUrl, headers)).toEqual({
        status: 403,
        body: expect.objectContaining({ code: 'CROSS_SITE_WEBSOCKET' }),
      });
    });

    it('accepts a signed-in upgrade from the app itself', async () => {
      const client = await realtime.connect('own', { Origin: realtime.baseUrl });
      client.close();
    });

    it('answers 404 to an upgrade on another path', async () => {
      const url = realtime.wsUrl.replace('/ws', '/elsewhere');
      expect((await refusalStatus(url, realtime.signedInHeaders())).status).toBe(404);
    });

    it('counts refusals by reason', async () => {
      expect(
        await realtime.metric('realtime_upgrades_refused_total', 'reason="unauthenticated"'),
      ).toBeGreaterThanOrEqual(2);
      expect(
        await realtime.metric('realtime_upgrades_refused_total', 'reason="cross_site"'),
      ).toBeGreaterThanOrEqual(1);
    });
  });

  describe('fan-out', () => {
    it('sends vote_update and stake_update with the totals to every client', async () => {
      const clients = await Promise.all([
        realtime.connect('a'),
        realtime.connect('b'),
        realtime.connect('c'),
      ]);
      await bus.publish([vote(101, 3, 1, 4), stake(101, 250, 5)]);
      for (const client of clients) {
        expect(await client.waitFor(isVoteUpdate(101, 3, 1))).toEqual({
          type: 'vote_update',
          siteId: 101,
          upvotes: 3,
          downvotes: 1,
        });
        expect(await client.waitFor(isStakeUpdate(101, 250))).toEqual({
          type: 'stake_update',
          siteId: 101,
          totalStaked: 250,
          supportTotal: 250,
          concernTotal: 0,
        });
      }
      clients.forEach((client) => client.close());
    });

    it('drops totals older than what was already sent (siteVersion, per kind)', async () => {
      const client = await realtime.connect();
      const stalesBefore = await realtime.metric(
        'realtime_stale_events_dropped_total',
        Topics.VoteCast,
      );
      // v7 arrives first; v6 (older) and a redelivered v7 must not reach clients. A vote at v8 after
      // a stake at v9 still does: the stake's version does not make vote totals stale.
      await bus.publish([
        vote(202, 7, 0, 7),
        vote(202, 6, 0, 6),
        vote(202, 7, 0, 7),
        stake(202, 40, 9),
        vote(202, 8, 0, 8),
        vote(202, 9, 9, 99),
      ]);
      await client.waitFor(isVoteUpdate(202, 9, 9));
      await client.waitFor(isStakeUpdate(202, 40));
      // Each topic keeps its own order (votes and stakes are different topics).
      expect(client.messages.filter((m) => m.siteId === 202 && m.type === 'vote_update')).toEqual([
        { type: 'vote_update', siteId: 202, upvotes: 7, downvotes: 0 },
        { type: 'vote_update', siteId: 202, upvotes: 8, downvotes: 0 },
        { type: 'vote_update', siteId: 202, upvotes: 9, downvotes: 9 },
      ]);
      expect(
        client.messages.filter((m) => m.siteId === 202 && m.type === 'stake_update'),
      ).toHaveLength(1);
      expect(
        (await realtime.metric('realtime_stale_events_dropped_total', Topics.VoteCast)) -
          stalesBefore,
      ).toBe(2);
      client.close();
    });

    it('skips an event without whole-number totals', async () => {
      const client = await realtime.connect();
      await bus.publish([
        makeEvent(Topics.VoteCast, 303, { siteId: 303, upvotes: 'many' } as unknown as VoteCastV1),
        vote(303, 1, 0, 1),
      ]);
      await client.waitFor(isVoteUpdate(303, 1, 0));
      expect(client.messages.filter((m) => m.siteId === 303)).toHaveLength(1);
      client.close();
    });

    it('counts messages, events and open connections', async () => {
      const client = await realtime.connect();
      await bus.publish([vote(404, 1, 0, 1)]);
      await client.waitFor(isVoteUpdate(404, 1, 0));
      expect(await realtime.metric('realtime_open_connections')).toBeGreaterThanOrEqual(1);
      expect(
        await realtime.metric('realtime_messages_sent_total', 'type="vote_update"'),
      ).toBeGreaterThan(0);
      expect(
        await realtime.metric('realtime_events_consumed_total', Topics.VoteCast),
      ).toBeGreaterThan(0);
      expect(await realtime.metric('realtime_consumer_lag_seconds')).toBeLessThan(5);
      client.close();
    });
  });

  describe('robustness', () => {
    it('logs and ignores malformed client messages and keeps the connection open', async () => {
      const client = await realtime.connect('confused');
      const ignoredBefore = await realtime.metric('realtime_client_messages_ignored_total');
      client.send('not json');
      client.send('{"type":"vote_update","siteId":1}');
      client.send(Buffer.from([0, 1, 2]), true);
      client.send('{"type":"ping"}');
      expect(await client.waitFor((m) => m.type === 'pong')).toEqual({ type: 'pong' });
      await bus.publish([vote(505, 2, 2, 1)]);
      await client.waitFor(isVoteUpdate(505, 2, 2));
      expect(client.socket.readyState).toBe(client.socket.OPEN);
      expect(
        (await realtime.metric('realtime_client_messages_ignored_total')) - ignoredBefore,
      ).toBe(3);
      expect(
        realtime.logged('ignoring a malformed client message').map((entry) => entry.problem),
      ).toEqual(expect.arrayContaining(['not JSON', 'unknown type "vote_update"', 'binary frame']));
      client.close();
    });

    it('drops a client that stops answering pings and keeps the others', async () => {
      const deadBefore = await realtime.metric('realtime_clients_dropped_total', 'reason="dead"');
      const silent = await realtime.connect('silent', {}, { autoPong: false });
      const alive = await realtime.connect('alive');
      // Heartbeat every 250 ms: a client that missed one ping is gone by the next sweep.
      const { code } = await silent.closed;
      expect(code).toBe(1006); // terminated, no closing handshake
      expect(alive.socket.readyState).toBe(alive.socket.OPEN);
      expect(
        (await realtime.metric('realtime_clients_dropped_total', 'reason="dead"')) - deadBefore,
      ).toBe(1);
      alive.close();
    });

    it('disconnects a client that never reads once its backlog passes the bound, without holding up the others', async () => {
      // Its own instance: a paused client cannot answer pings either, and must be dropped as slow, not as dead.
      const ownBus = new InProcessEventBus({ logger: silentLogger });
      const realtime = await RealtimeHarness.start({
        bus: ownBus,
        settings: { heartbeatIntervalMs: 600_000, maxBufferedBytes: 64 * 1024 },
      });
      const bus = ownBus;
      const slow = await realtime.connect('slow');
      const fine = await Promise.all([realtime.connect('fine-1'), realtime.connect('fine-2')]);
      slow.socket.pause(); // never reads again: the kernel buffers fill, then the server's queue grows
      const slowBefore = await realtime.metric('realtime_clients_dropped_total', 'reason="slow"');
      // ~70 bytes a message: the loopback buffers (~4 MB) and then the 64 KiB bound are passed well
      // before the end. Batches of 500, each read by the healthy clients before the next is sent.
      const total = 80_000;
      const batchSize = 500;
      const started = Date.now();
      for (let sent = 0; sent < total; sent += batchSize) {
        await bus.publish(
          Array.from({ length: batchSize }, (_, i) => vote(606, sent + i + 1, 0, sent + i + 1)),
        );
        for (const client of fine)
          await client.waitFor(
            isVoteUpdate(606, sent + batchSize, 0),
            10_000,
            `vote ${sent + batchSize}`,
          );
      }
      const elapsedMs = Date.now() - started;
      for (const client of fine) {
        // Every update, in order, none lost.
        const upvotes = client.messages.filter((m) => m.siteId === 606).map((m) => m.upvotes);
        expect(upvotes).toHaveLength(total);
        expect(upvotes.every((n, i) => n === i + 1)).toBe(true);
      }
      await waitFor(
        async () =>
          (await realtime.metric('realtime_clients_dropped_total', 'reason="slow"')) > slowBefore
            ? true
            : undefined,
        5_000,
      );
      expect(
        (await realtime.metric('realtime_clients_dropped_total', 'reason="slow"')) - slowBefore,
      ).toBe(1);
      slow.socket.resume();
      expect((await slow.closed).code).toBe(1006);
      expect(slow.messages.length).toBeLessThan(total);
      expect(
        realtime.logged('disconnected clients whose send buffer passed the bound'),
      ).toHaveLength(1);
      expect(elapsedMs).toBeLessThan(30_000);
      fine.forEach((client) => client.close());
      await realtime.close();
      await ownBus.close();
    }, 90_000);
  });

  describe('graceful shutdown', () => {
    it('closes every socket with 1012 so that clients reconnect, and refuses new upgrades meanwhile', async () => {
      const own = new InProcessEventBus({ logger: silentLogger });
      const stopping = await RealtimeHarness.start({ bus: own });
      const clients = await Promise.all([stopping.connect('x'), stopping.connect('y')]);
      await stopping.close();
      for (const client of clients)
        expect(await client.closed).toEqual({ code: 1012, reason: 'Service restart' });
      await own.close();
      await expect(
        LiveClient.connect(stopping.wsUrl, stopping.signedInHeaders()),
      ).rejects.toThrow();
    });
  });
});
