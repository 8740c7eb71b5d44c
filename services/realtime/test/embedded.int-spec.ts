// The embedded runtime for real (services/embedded/dist/main.js, one process, PGlite and the
// in-process bus): /ws on the same port as everything else, sessions checked at upgrade by the
// gateway's own lookup, live updates of votes and stakes cast through the in-process ledger.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  createTempDir,
  waitFor,
  type TempDir,
  cleanEnv,
  freePort,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
} from '@frenly/testing';
import { AppUser } from './support/app-user.js';
import {
  isStakeUpdate,
  isVoteUpdate,
  refusalStatus,
  type LiveClient,
} from './support/live-client.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;

describe('embedded runtime: live updates on /ws', () => {
  let dataDir: TempDir;
  let app: SpawnedProcess;
  let base: string;
  let alice: AppUser;
  let bob: AppUser;
  let bobLive: LiveClient;
  let siteId: number;

  beforeAll(async () => {
    dataDir = await createTempDir('frenly-realtime-embedded-');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = spawnProcess(
      process.execPath,
      [join(repoRoot, 'services/embedded/dist/main.js')],
      cleanEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        FRENLY_DATA_DIR: join(dataDir.path, 'data'),
        LOG_LEVEL: 'info',
      }),
      repoRoot,
    );
    await waitForOk(`${base}/health/ready`, app, START_TIMEOUT_MS);
    [alice, bob] = await Promise.all([
      AppUser.signIn(base, 'Alice Voter'),
      AppUser.signIn(base, 'Bob Watcher'),
    ]);
    // A site of the seeded catalogue, once the in-process ledger has learnt it.
    siteId = await waitFor(
      async () => ((await alice.community(1)).pending ? undefined : 1),
      30_000,
      100,
      'the ledger to know site 1',
    );
    bobLive = await bob.openLive();
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    bobLive?.close();
    if (app?.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await app.exited(5_000).catch(() => undefined);
    }
    await dataDir?.remove();
  });

  it("shows Bob Alice's vote with exactly the counts her vote answered", async () => {
    // The live message carries the counts; the vote's own answer adds the voter's vote.
    const { yourVote, ...counts } = await alice.vote(siteId, 'up');
    expect(yourVote).toBe('up');
    expect(counts.upvotes).toBeGreaterThanOrEqual(1);
    expect(await bobLive.waitFor(isVoteUpdate(siteId, counts.upvotes, counts.downvotes))).toEqual({
      type: 'vote_update',
      siteId,
      ...counts,
    });
    // Switching the vote: the next update carries the next counts, again exactly.
    const switched = await alice.vote(siteId, 'down');
    expect(switched).toEqual({
      upvotes: counts.upvotes - 1,
      downvotes: counts.downvotes + 1,
      yourVote: 'down',
    });
    await bobLive.waitFor(isVoteUpdate(siteId, switched.upvotes, switched.downvotes));
  });

  it("shows Bob Alice's stake with the site's new total", async () => {
    const before = (await alice.community(siteId)).totalStaked;
    await alice.stake(siteId, 25);
    const { totalStaked: after, supportTotal, concernTotal } = await alice.community(siteId);
    expect(after).toBe(before + 25);
    expect(await bobLive.waitFor(isStakeUpdate(siteId, after))).toEqual({
      type: 'stake_update',
      siteId,
      totalStaked: after,
      supportTotal,
      concernTotal,
    });
  });

  it('refuses an anonymous upgrade with 401 and no socket', async () => {
    expect(await refusalStatus(`${base.replace('http', 'ws')}/ws`, { Origin: base })).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'SIGN_IN_REQUIRED' }),
    });
    // A signed-in browser cannot smuggle its own identity header in either.
    expect(
      (
        await refusalStatus(`${base.replace('http', 'ws')}/ws`, {
          'x-frenly-identity': 'forged.token',
        })
      ).status,
    ).toBe(401);
  });

  it("refuses a signed-in user's browser on another site's page (foreign Origin) with 403", async () => {
    await expect(bob.openLive({ Origin: 'https://evil.example' })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('closes the sockets with 1012 on SIGTERM, so that clients reconnect', async () => {
    app.child.kill('SIGTERM');
    expect(await bobLive.closed).toEqual({ code: 1012, reason: 'Service restart' });
    expect(await app.exited(20_000)).toBe(0);
  }, 30_000);
});
