// One account must not starve analyses for everyone (issue 12, item 7), on both runtimes:
// the embedded one (in-process jobs, PGlite) and the distributed one (BullMQ on the real Redis,
// PostgreSQL). Slow pages answer only when the test says so: no sleeps, the tests await signals.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createStaticResolver } from '@frenly/safe-fetch';
import { AnalysisContext } from './support/analysis-context.js';
import { FixtureServer, fixtureHtml } from './support/fixture-server.js';

const FLOOD_HOSTS = Array.from({ length: 20 }, (_, index) => `slow-${index + 1}.frenly.test`);
const WAIT_TIMEOUT_MS = 10_000;
/** "Promptly": a quick page analysed well within the wait bound, whatever else is queued. */
const PROMPT_MS = WAIT_TIMEOUT_MS / 2;

/** Pages that hold their answer until released, counting the requests open per host. */
class SlowPages {
  private release!: () => void;
  private released!: Promise<void>;
  private readonly arrivalListeners = new Set<() => void>();
  readonly openByHost = new Map<string, number>();
  mostOpenOnOneHost = 0;
  arrivals = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.released = new Promise((resolve) => {
      this.release = resolve;
    });
    this.openByHost.clear();
    this.mostOpenOnOneHost = 0;
    this.arrivals = 0;
  }

  releaseAll(): void {
    this.release();
  }

  get open(): number {
    let total = 0;
    for (const count of this.openByHost.values()) total += count;
    return total;
  }

  /** Resolves once `count` slow requests have arrived since the last reset. */
  arrived(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.arrivals < count) return;
        this.arrivalListeners.delete(check);
        resolve();
      };
      this.arrivalListeners.add(check);
      check();
    });
  }

  readonly handler = (req: IncomingMessage, res: ServerResponse): void => {
    const host = (req.headers.host ?? '').split(':')[0] ?? '';
    this.openByHost.set(host, (this.openByHost.get(host) ?? 0) + 1);
    this.mostOpenOnOneHost = Math.max(this.mostOpenOnOneHost, this.openByHost.get(host)!);
    this.arrivals += 1;
    res.on('close', () => this.openByHost.set(host, this.openByHost.get(host)! - 1));
    for (const listener of [...this.arrivalListeners]) listener();
    void this.released.then(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(fixtureHtml('plain-shop'));
    });
  };
}

/** The first slow fetch, or a clear failure if an admitted analysis was answered without one. */
async function firstArrival(
  slow: SlowPages,
  requests: ReadonlyArray<Promise<{ status: number; body: unknown }>>,
): Promise<void> {
  const never = new Promise<never>(() => undefined);
  const admitted = requests.map((request) =>
    request.then((res) => (res.status === 429 ? never : res)),
  );
  const early = Promise.any(admitted).then((res) => {
    throw new Error(
      `answered before any slow page was fetched: ${res.status} ${JSON.stringify(res.body)}`,
    );
  });
  early.catch(() => undefined);
  await Promise.race([slow.arrived(1), early]);
}

describe.each([
  ['embedded (in-process jobs)', { jobs: 'in-process', engine: 'pglite' }],
  ['distributed (BullMQ on Redis)', { jobs: 'bullmq', engine: 'postgres' }],
] as const)('fair analyses: %s', (_name, runtime) => {
  let web: FixtureServer;
  let ctx: AnalysisContext;
  const slow = new SlowPages();

  beforeAll(async () => {
    web = await FixtureServer.start();
    web.page('/quick', 'friendly-blog').page('/quick-too', 'friendly-blog');
    for (let index = 1; index <= 20; index += 1)
      web.route(`/slow-${index}`, { handler: slow.handler });
    const hosts = [...FLOOD_HOSTS, 'crowded.frenly.test', 'quick.frenly.test'];
    ctx = await AnalysisContext.start({
      ...runtime,
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver(
          Object.fromEntries(hosts.map((host) => [host, ['127.0.0.1']])),
        ),
        // Slow pages stay slow for the whole test; the request's bound is what a user feels.
        fetchTimeoutMs: 30_000,
        jobTimeoutMs: 30_000,
        waitTimeoutMs: WAIT_TIMEOUT_MS,
        concurrency: 2,
      },
    });
  });

  afterEach(() => {
    slow.releaseAll();
  });

  afterAll(async () => {
    await ctx?.close();
    await web?.close();
  });

  it("one account's 20 slow analyses: 3 are admitted, the rest refused with 429, and another user's quick analysis is answered promptly", async () => {
    slow.reset();
    const flood = FLOOD_HOSTS.map((host, index) =>
      ctx.analyze(web.url(host, `/slow-${index + 1}`), 'flooder').then((res) => res),
    );
    await firstArrival(slow, flood);

    const started = Date.now();
    const bystander = await ctx.analyze(web.url('quick.frenly.test', '/quick'), 'bystander');
    const bystanderMs = Date.now() - started;
    expect(bystander.status).toBe(200);
    expect(bystanderMs).toBeLessThan(PROMPT_MS);
    // The flooder never had more than one page fetched at once: the other worker stayed free.
    expect(slow.open).toBe(1);

    slow.releaseAll();
    const answers = await Promise.all(flood);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_ANALYSES' });
    expect(refused.body.message).toMatch(/already have 3 analyses in progress/);
  }, 40_000);

  it("many users' analyses of one slow host never occupy every worker: a page elsewhere is answered promptly", async () => {
    slow.reset();
    const crowd = Array.from({ length: 6 }, (_, index) =>
      ctx.analyze(web.url('crowded.frenly.test', `/slow-${index + 1}`), `crowd-${index}`),
    );
    await firstArrival(slow, crowd);
    const started = Date.now();
    const bystander = await ctx.analyze(web.url('quick.frenly.test', '/quick-too'), 'bystander-2');
    expect(bystander.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    expect(slow.openByHost.get('crowded.frenly.test')).toBe(1);

    slow.releaseAll();
    const crowdAnswers = await Promise.all(crowd);
    expect(crowdAnswers.map((res) => res.status)).toEqual(Array(6).fill(200));
    // One at a time, all the way through.
    expect(slow.mostOpenOnOneHost).toBe(1);
  }, 40_000);
});
