// The distributed runtime across real processes: the gateway (sessions, /ws proxy), the ledger
// and two realtime instances, each its own process on PostgreSQL and Kafka (the built dist, as
// scripts/start-distributed.mjs runs them; spawned here directly so that a rebuild of unrelated
// packages is not part of the test). Votes and stakes go through the ledger's HTTP API.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Topics } from '@frenly/contracts';
import { KafkaEventBus, makeEvent, silentLogger } from '@frenly/events';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import {
  createScratchDatabase,
  waitFor,
  type ScratchDatabase,
  cleanEnv,
  freePort,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
} from '@frenly/testing';
import kafkajs from 'kafkajs';
import { AppUser } from './support/app-user.js';
import { isStakeUpdate, isVoteUpdate, LiveClient, refusalStatus } from './support/live-client.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const KAFKA_BROKERS = process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092';
const START_TIMEOUT_MS = 60_000;

describe('distributed runtime: live updates through the gateway, two realtime instances on Kafka', () => {
  const runId = randomBytes(4).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const tokens = new IdentityTokens(secret);
  const knownSitesGroup = `realtime-it-known-sites-${runId}`;
  const instanceIds = [`it-${runId}-one`, `it-${runId}-two`];
  // A site id nobody else's run uses on the shared broker.
  const siteId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const kafka = new kafkajs.Kafka({
    brokers: KAFKA_BROKERS.split(','),
    clientId: `realtime-it-${runId}`,
    logLevel: kafkajs.logLevel.NOTHING,
  });
  const admin = kafka.admin();
  const processes: SpawnedProcess[] = [];
  let database: ScratchDatabase;
  let gateway: string;
  /** GET /api/sites/:id/community is not in the gateway's route table (yet): asked of the ledger itself. */
  let ledgerUrl: string;
  let realtimePorts: number[];
  let common: NodeJS.ProcessEnv;
  let alice: AppUser;
  let bob: AppUser;
  let bobLive: LiveClient;

  function start(
    service: 'gateway' | 'ledger' | 'realtime',
    env: NodeJS.ProcessEnv,
  ): SpawnedProcess {
    const spawned = spawnProcess(
      process.execPath,
      [join(repoRoot, 'services', service, 'dist', 'main.js')],
      cleanEnv({ ...common, ...env }),
      repoRoot,
    );
    processes.push(spawned);
    return spawned;
  }

  function startRealtime(index: number): SpawnedProcess {
    return start('realtime', {
      PORT: String(realtimePorts[index]),
      REALTIME_INSTANCE_ID: instanceIds[index],
    });
  }

  beforeAll(async () => {
    database = await createScratchDatabase('frenly_realtime');
    const [gatewayPort, ledgerPort, unusedPort, ...ports] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    realtimePorts = ports;
    gateway = `http://127.0.0.1:${gatewayPort}`;
    ledgerUrl = `http://127.0.0.1:${ledgerPort}`;
    common = {
      DATABASE_URL: database.url,
      KAFKA_BROKERS,
      REDIS_URL: 'redis://127.0.0.1:6379',
      FRENLY_IDENTITY_SECRET: secret,
      KAFKA_CLIENT_ID: `frenly-realtime-it-${runId}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    // The ledger learns sites through its own group; it starts at the end of search.site-indexed,
    // so that it learns the one site this run announces, not every site on the shared broker.
    await admin.connect();
    await admin
      .createTopics({
        topics: [{ topic: Topics.SiteIndexed, numPartitions: 6 }],
        waitForLeaders: true,
      })
      .catch(() => undefined);
    await admin.resetOffsets({
      groupId: knownSitesGroup,
      topic: Topics.SiteIndexed,
      earliest: false,
    });

    const ledger = start('ledger', {
      PORT: String(ledgerPort),
      LEDGER_KNOWN_SITES_GROUP: knownSitesGroup,
    });
    const realtime = startRealtime(0);
    const gatewayProcess = start('gateway', {
      PORT: String(gatewayPort),
      LEDGER_URL: `http://127.0.0.1:${ledgerPort}`,
      REALTIME_URL: `http://127.0.0.1:${realtimePorts[0]}`,
      SEARCH_URL: `http://127.0.0.1:${unusedPort}`,
      ANALYSIS_URL: `http://127.0.0.1:${unusedPort}`,
    });
    await Promise.all([
      waitForOk(`http://127.0.0.1:${ledgerPort}/health/ready`, ledger, START_TIMEOUT_MS),
      waitForOk(`http://127.0.0.1:${realtimePorts[0]}/health/ready`, realtime, START_TIMEOUT_MS),
      waitForOk(`${gateway}/health/live`, gatewayProcess, START_TIMEOUT_MS),
    ]);

    const bus = new KafkaEventBus({
      brokers: KAFKA_BROKERS.split(','),
      clientId: `realtime-it-${runId}`,
      logger: silentLogger,
    });
    await bus.publish([
      makeEvent(Topics.SiteIndexed, siteId, {
        siteId,
        url: `https://live-${runId}.example/`,
        domain: `live-${runId}.example`,
        title: 'Live test site',
        indexedAt: new Date().toISOString(),
      }),
    ]);
    await bus.close();
    [alice, bob] = await Promise.all([
      AppUser.signIn(gateway, 'Alice Voter'),
      AppUser.signIn(gateway, 'Bob Watcher'),
    ]);
    await waitFor(
      async () => ((await alice.community(siteId, ledgerUrl)).pending ? undefined : true),
      30_000,
      100,
      'the ledger to learn the test site',
    );
    bobLive = await bob.openLive();
  }, START_TIMEOUT_MS + 40_000);

  afterAll(async () => {
    bobLive?.close();
    for (const spawned of processes)
      if (spawned.child.exitCode === null) spawned.child.kill('SIGTERM');
    await Promise.all(
      processes.map((spawned) => spawned.exited(20_000).catch(() => spawned.child.kill('SIGKILL'))),
    );
    await admin
      .deleteGroups([knownSitesGroup, ...instanceIds.map((id) => `realtime.${id}`)])
      .catch(() => undefined);
    await admin.disconnect();
    await database?.drop();
  }, 40_000);

  it("shows Bob (through the gateway) Alice's vote with exactly the counts her vote answered", async () => {
    const counts = await alice.vote(siteId, 'up');
    expect(counts).toEqual({ upvotes: 1, downvotes: 0, yourVote: 'up' });
    expect(await bobLive.waitFor(isVoteUpdate(siteId, 1, 0))).toEqual({
      type: 'vote_update',
      siteId,
      upvotes: 1,
      downvotes: 0,
    });
  });

  it("shows Bob Alice's stake with the site's new total", async () => {
    await alice.stake(siteId, 40);
    const { totalStaked, supportTotal, concernTotal } = await alice.community(siteId, ledgerUrl);
    expect(totalStaked).toBe(40);
    expect(await bobLive.waitFor(isStakeUpdate(siteId, 40))).toEqual({
      type: 'stake_update',
      siteId,
      totalStaked: 40,
      supportTotal,
      concernTotal,
    });
  });

  it('refuses an anonymous upgrade through the gateway with 401 and no socket', async () => {
    expect(await refusalStatus(`${gateway.replace('http', 'ws')}/ws`, { Origin: gateway })).toEqual(
      {
        status: 401,
        body: expect.objectContaining({ code: 'SIGN_IN_REQUIRED' }),
      },
    );
  });

  it('refuses a signed-in upgrade from a foreign Origin with 403', async () => {
    await expect(bob.openLive({ Origin: 'https://evil.example' })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('refuses a client that reaches the realtime service directly with a session cookie but no signed identity', async () => {
    const direct = `ws://127.0.0.1:${realtimePorts[0]}/ws`;
    expect((await refusalStatus(direct, { Cookie: bob.browser.cookieHeader() })).status).toBe(401);
  });

  describe('a second instance', () => {
    let second: SpawnedProcess;
    let carol: LiveClient;

    beforeAll(async () => {
      second = startRealtime(1);
      await waitForOk(
        `http://127.0.0.1:${realtimePorts[1]}/health/ready`,
        second,
        START_TIMEOUT_MS,
      );
      // As a load balancer would pass it on: the gateway's signed identity header.
      carol = await LiveClient.connect(`ws://127.0.0.1:${realtimePorts[1]}/ws`, {
        [IDENTITY_HEADER]: tokens.sign({
          userId: `carol-${runId}`,
          firstName: 'Carol',
          lastName: null,
          email: null,
        }),
      });
    }, START_TIMEOUT_MS + 10_000);

    afterAll(() => carol?.close());

    it('has its own consumer group, and starts at the end (no replay of earlier events)', async () => {
      const { groups } = await admin.listGroups();
      const ids = groups.map((group) => group.groupId);
      expect(ids).toEqual(expect.arrayContaining(instanceIds.map((id) => `realtime.${id}`)));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(carol.messages.filter((m) => m.siteId === siteId)).toEqual([]);
    });

    it('delivers every event to the clients of both instances', async () => {
      const dave = await AppUser.signIn(gateway, 'Dave Voter');
      const counts = await dave.vote(siteId, 'down');
      expect(counts).toEqual({ upvotes: 1, downvotes: 1, yourVote: 'down' });
      await dave.stake(siteId, 10);
      for (const client of [bobLive, carol]) {
        await client.waitFor(isVoteUpdate(siteId, 1, 1));
        await client.waitFor(isStakeUpdate(siteId, 50));
      }
    });

    it('reports its consumer lag and the events it consumed', async () => {
      const metrics = await (await fetch(`http://127.0.0.1:${realtimePorts[1]}/metrics`)).text();
      expect(metrics).toMatch(
        /^realtime_events_consumed_total\{[^}]*topic="ledger\.vote-cast"[^}]*\} [1-9]/m,
      );
      expect(metrics).toMatch(/^realtime_consumer_lag_messages\{[^}]*\} \d+/m);
      expect(metrics).toMatch(/^realtime_consumer_lag_seconds\{[^}]*\} [\d.e-]+$/m);
      expect(metrics).toMatch(/^realtime_open_connections\{[^}]*\} 1$/m);
    });

    it('on SIGTERM closes its sockets with 1012 and deletes its consumer group', async () => {
      second.child.kill('SIGTERM');
      expect(await carol.closed).toEqual({ code: 1012, reason: 'Service restart' });
      expect(await second.exited(20_000)).toBe(0);
      const { groups } = await admin.describeGroups([`realtime.${instanceIds[1]}`]);
      expect(groups[0]?.state).toBe('Dead'); // Kafka's word for a group that does not exist
      // The first instance goes on serving its clients.
      const counts = await alice.vote(siteId, 'up'); // removes Alice's up vote
      await bobLive.waitFor(isVoteUpdate(siteId, counts.upvotes, counts.downvotes));
    }, 30_000);
  });
});
