// The API end to end, the same suite on both runtimes (issue 8): the embedded process of
// `npm start`, and the distributed topology of `npm run start:distributed` (each service its own
// process on PostgreSQL, Redis and Kafka, behind the gateway). Everything goes through the
// front door, as the browser's calls do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AnalysisResponse,
  ReframeResponse,
  SearchResponse,
  SiteCommunityResponse,
  StakeCreateResponse,
  StakeDto,
  VoteResponse,
} from '@frenly/contracts';
import { ApiUser, DistributedTopology, EmbeddedRuntime, waitFor } from '@frenly/testing';

interface Runtime {
  readonly url: string;
  stop(): Promise<void>;
}

const FIXTURE_HTML = `<!doctype html><html lang="en"><head><title>Quiet Garden Supplies</title>
<meta name="description" content="Seeds, tools and honest advice for small gardens.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><header><nav><a href="/about">About</a> <a href="/privacy">Privacy</a></nav></header>
<main><h1>Quiet Garden Supplies</h1><p>We sell seeds and tools. Prices include delivery. Returns are free for 30 days.</p>
<img src="/shed.jpg" alt="Our garden shed"><form><label for="q">Search seeds</label><input id="q" name="q"></form></main>
<footer><a href="/contact">Contact</a></footer></body></html>`;

const runtimes: Array<[string, (env: NodeJS.ProcessEnv) => Promise<Runtime>]> = [
  ['embedded runtime', (env) => EmbeddedRuntime.start({ env })],
  ['distributed topology', (env) => DistributedTopology.start({ env })],
];

describe.each(runtimes)('the API through the front door: %s', (_name, start) => {
  let runtime: Runtime;
  /** The ledger's community figures of a site (`pending` until the ledger has learnt it). */
  const communityAt = async (id: number) =>
    (await (
      await fetch(`${runtime.url}/api/sites/${id}/community`)
    ).json()) as SiteCommunityResponse;
  let fixture: Server;
  let fixtureUrl: string;
  let ada: ApiUser;
  let ben: ApiUser;
  let siteId: number;

  beforeAll(async () => {
    fixture = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FIXTURE_HTML),
    );
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}/`;
    runtime = await start({ FRENLY_FETCH_ALLOWLIST: new URL(fixtureUrl).host });
    [ada, ben] = await Promise.all([
      ApiUser.signIn(runtime.url, 'Ada Api'),
      ApiUser.signIn(runtime.url, 'Ben Api'),
    ]);
  }, 240_000);

  afterAll(async () => {
    await runtime?.stop();
    await new Promise((resolve) => fixture?.close(resolve));
  }, 60_000);

  it('searches the seed corpus with the spec fields, pages, and refuses a blank query', async () => {
    const res = await fetch(
      `${runtime.url}/api/search?q=${encodeURIComponent('  wikipedia ')}&limit=5`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(body.total).toBeGreaterThan(0);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    const first = body.results[0]!;
    expect(first).toMatchObject({
      id: expect.any(Number),
      url: expect.any(String),
      domain: expect.any(String),
      title: expect.any(String),
      upvotes: expect.any(Number),
      downvotes: expect.any(Number),
      totalStaked: expect.any(Number),
    });
    // A seeded site not analysed yet has no scores; an analysed one has both.
    expect(first.frenlinessScore === null || typeof first.frenlinessScore === 'number').toBe(true);
    expect([null, 'high', 'medium', 'low']).toContain(first.trustScore);
    siteId = body.results[0]!.id;
    const blank = await fetch(`${runtime.url}/api/search?q=%20%20`);
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      statusCode: 400,
      message: expect.arrayContaining([expect.stringMatching(/blank/)]),
    });
    expect((await fetch(`${runtime.url}/api/search/trending`)).status).toBe(200);
  });

  it('knows who is signed in, with a bamboo balance, answers null to the anonymous and refuses their stake', async () => {
    const me = await ada.call('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Api',
      bambooBalance: expect.any(Number),
    });
    const anonymous = await fetch(`${runtime.url}/api/auth/user`);
    expect([anonymous.status, await anonymous.json()]).toEqual([200, null]);
    const anonymousStake = await fetch(`${runtime.url}/api/stakes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: runtime.url },
      body: JSON.stringify({ siteId, amount: 1, type: 'support' }),
    });
    expect(anonymousStake.status).toBe(401);
  });

  it('refuses a mutating call from another site with 403, and changes nothing', async () => {
    const before = (await (await ada.call('GET', '/api/auth/user')).json()) as {
      bambooBalance: number;
    };
    const res = await ada.browser.request(`${runtime.url}/api/stakes`, {
      method: 'POST',
      body: JSON.stringify({ siteId, amount: 5, type: 'support' }),
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.status).toBe(403);
    const after = (await (await ada.call('GET', '/api/auth/user')).json()) as {
      bambooBalance: number;
    };
    expect(after.bambooBalance).toBe(before.bambooBalance);
  });

  it('votes, and the community totals follow', async () => {
    // The ledger learns the seeded sites through events: wait with a read, not with writes
    // (which the edge's write budget counts).
    await waitFor(
      async () => ((await communityAt(siteId)).pending ? undefined : true),
      30_000,
      200,
      'the ledger to know the site',
    );
    const voted = await ada.call('POST', `/api/sites/${siteId}/vote`, { type: 'up' });
    expect(voted.status).toBe(200);
    const vote = (await voted.json()) as VoteResponse;
    const second = (await (
      await ben.call('POST', `/api/sites/${siteId}/vote`, { type: 'down' })
    ).json()) as VoteResponse;
    expect(second).toEqual({
      upvotes: vote.upvotes,
      downvotes: vote.downvotes + 1,
      yourVote: 'down',
    });
    const community = (await (
      await fetch(`${runtime.url}/api/sites/${siteId}/community`)
    ).json()) as SiteCommunityResponse;
    expect(community).toMatchObject({
      siteId,
      upvotes: second.upvotes,
      downvotes: second.downvotes,
    });
    expect((await ada.call('POST', `/api/sites/${siteId}/vote`, { type: 'sideways' })).status).toBe(
      400,
    );
  });

  it('stakes bamboo: validation, insufficient balance, success with the new balance, the user’s stakes', async () => {
    const { bambooBalance } = (await (await ada.call('GET', '/api/auth/user')).json()) as {
      bambooBalance: number;
    };
    for (const bad of [
      { siteId, amount: 0, type: 'support' },
      { siteId, amount: 2.5, type: 'support' },
      { siteId, amount: 5, type: 'maybe' },
      { amount: 5, type: 'support' },
    ]) {
      const res = await ada.call('POST', '/api/stakes', bad);
      expect(res.status).toBe(400);
    }
    const tooMuch = await ada.call('POST', '/api/stakes', {
      siteId,
      amount: bambooBalance + 1,
      type: 'support',
    });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

    const placed = await ada.call('POST', '/api/stakes', {
      siteId,
      amount: 25,
      type: 'support',
      message: 'Honest shop',
    });
    expect(placed.status).toBe(201);
    const body = (await placed.json()) as StakeCreateResponse;
    expect(body).toMatchObject({
      bambooBalance: bambooBalance - 25,
      stake: { siteId, amount: 25, type: 'support', message: 'Honest shop' },
    });
    const me = (await (await ada.call('GET', '/api/auth/user')).json()) as {
      bambooBalance: number;
    };
    expect(me.bambooBalance).toBe(bambooBalance - 25);
    const mine = (await (await ada.call('GET', '/api/stakes/user')).json()) as StakeDto[];
    expect(mine[0]).toMatchObject({ id: body.stake.id, siteId, amount: 25 });
    const community = (await (
      await fetch(`${runtime.url}/api/sites/${siteId}/community`)
    ).json()) as SiteCommunityResponse;
    expect(community.totalStaked).toBeGreaterThanOrEqual(25);
  });

  it('analyses a site on loopback and reframes its content through a lens', async () => {
    const res = await ada.call('POST', '/api/sites/analyze', { url: fixtureUrl });
    if (res.status !== 200) throw new Error(`analyze answered ${res.status}: ${await res.text()}`);
    const analysis = (await res.json()) as AnalysisResponse;
    expect(analysis.site).toMatchObject({
      title: 'Quiet Garden Supplies',
      frenlinessScore: expect.any(Number),
    });
    expect(analysis.uxScore).toMatchObject({
      accessibility: expect.any(Number),
      clarity: expect.any(Number),
    });
    expect(analysis.site.analysisData?.frenliness?.reasoning).toEqual(expect.any(String));
    const invalid = await ada.call('POST', '/api/sites/analyze', { url: 'ftp://example.org' });
    expect(invalid.status).toBe(400);

    const reframe = await ada.call('POST', `/api/sites/${analysis.site.id}/reframe`, {
      lensType: 'clarity',
      content: 'Quiet Garden Supplies. Seeds, tools and honest advice for small gardens.',
    });
    expect(reframe.status).toBe(200);
    expect((await reframe.json()) as ReframeResponse).toMatchObject({
      reframedContent: expect.any(String),
    });
  });

  it("answers an analysis with the ledger's community figures at once, after a vote and a stake", async () => {
    const first = await ada.call('POST', '/api/sites/analyze', { url: fixtureUrl });
    expect(first.status).toBe(200);
    const analysedId = ((await first.json()) as AnalysisResponse).site.id;
    const communityOf = () => communityAt(analysedId);
    // The ledger learns the analysed site through events: wait with a read (its community figures
    // are pending until then).
    await waitFor(
      async () => ((await communityOf()).pending ? undefined : true),
      30_000,
      200,
      'the ledger to know the analysed site',
    );
    expect((await ben.call('POST', `/api/sites/${analysedId}/vote`, { type: 'up' })).status).toBe(
      200,
    );
    const staked = await ben.call('POST', '/api/stakes', {
      siteId: analysedId,
      amount: 7,
      type: 'concern',
      message: 'Slow delivery',
    });
    expect(staked.status).toBe(201);

    // No waiting: the analysis service asks the ledger when it answers (no projection of its own).
    const again = await ada.call('POST', '/api/sites/analyze', { url: fixtureUrl });
    const community = await communityOf();

    expect(again.status).toBe(200);
    const answer = (await again.json()) as AnalysisResponse;
    expect(community.recentStakes[0]).toMatchObject({ amount: 7, message: 'Slow delivery' });
    expect(answer.site).toMatchObject({
      id: analysedId,
      upvotes: community.upvotes,
      downvotes: community.downvotes,
      totalStaked: community.totalStaked,
    });
    expect(answer.recentStakes).toEqual(community.recentStakes);
    expect(answer.communityUnavailable).toBeUndefined();
  });

  it('signs out: the session ends', async () => {
    const out = await ben.browser.navigate(
      `${runtime.url}/api/logout`,
      (url) => url.origin === runtime.url && url.pathname === '/',
    );
    expect([200, 302]).toContain(out.response.status);
    const after = await ben.call('GET', '/api/auth/user');
    expect([after.status, await after.json()]).toEqual([200, null]);
  });
});
