// The fuzz property, for any runtime behind one base URL: every route of the API catalogue
// (libs/contracts API_ROUTES, which a unit test holds to the controllers), signed out and signed
// in, with the requests of fuzz-requests.ts. No answer may be a server error, and every 4xx is
// in the error shape. Each runtime's spec (fuzz.int-spec.ts: embedded; fuzz-distributed.int-spec.ts:
// the distributed topology) only says how to start it and how long to fuzz it.
import { API_ROUTES, type ApiRoute } from '@frenly/contracts';
import { signInAs, SignInBrowser } from '@frenly/testing';
import fc from 'fast-check';
import { requestsFor, strangeMethodFor, type FuzzRequest } from './fuzz-requests.js';
import {
  NON_CANONICAL_SITE_IDS,
  requestWithSiteId,
  requestWithText,
  textSlotsOf,
  unstorableTextFor,
  validRequestFor,
} from './unstorable-text-requests.js';

/** A runtime under fuzzing. */
export interface FuzzTarget {
  readonly base: string;
  stop(): Promise<void>;
  /** What its processes printed, shown when a request failed. */
  logs?(): string;
}

export interface FuzzSuiteOptions {
  /** "the embedded runtime", "the distributed topology". */
  readonly runtime: string;
  /** Time spent fuzzing, shared by all routes (startup not included). */
  readonly budgetMs: number;
  /** Starts the runtime with `env` (the suite's variables) added to its environment. */
  readonly start: (env: NodeJS.ProcessEnv) => Promise<FuzzTarget>;
  readonly startTimeoutMs: number;
}

export const FUZZ_SEED = process.env['FRENLY_FUZZ_SEED']
  ? Number(process.env['FRENLY_FUZZ_SEED'])
  : Date.now() % 2 ** 31;
const LOTS = '1000000';

/** The runtime's environment for fuzzing: the limiter runs, but no budget runs out. */
export const FUZZ_ENV: NodeJS.ProcessEnv = {
  LOG_LEVEL: 'error',
  // This suite is about what handlers answer, not about rate limits.
  FRENLY_RATE_LIMIT_SEARCH: LOTS,
  FRENLY_RATE_LIMIT_READ: LOTS,
  FRENLY_RATE_LIMIT_WRITE: LOTS,
  FRENLY_RATE_LIMIT_ANALYZE: LOTS,
  FRENLY_RATE_LIMIT_AUTH: LOTS,
  ANALYSIS_WAIT_TIMEOUT_MS: '2000',
  OPENAI_API_KEY: '',
};

/**
 * Failures of the outside world, not of Frenly: the analyser asked to fetch a site that does
 * not answer (these machines have no Internet). Allowed only where the catalogue documents them.
 */
const OUTSIDE_FAILURES = new Set(['SITE_UNREACHABLE', 'SITE_TIMEOUT', 'ANALYSIS_TIMEOUT']);

/** Sign-out ends the session the signed-in half relies on: fuzzed signed out only. */
const ENDS_THE_SESSION = (route: ApiRoute) => /\/logout$/.test(route.path);
const ROUTES = API_ROUTES.filter((route) => !route.websocket);

/** Routes fuzzed at once: the runtime answers one while the test generates the next. */
const CONCURRENCY = 3;

interface RouteReport {
  readonly route: string;
  readonly auth: ApiRoute['auth'];
  readonly sent: number;
  readonly statuses: Record<number, number>;
  readonly failure?: string;
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : `\n  body (${request.body.length} chars): ${request.body.slice(0, 300)}`;
  return `${request.method} ${request.target.slice(0, 300)}\n  headers: ${JSON.stringify(request.headers).slice(0, 400)}${body}`;
}

/** Why this answer breaks the rules, or undefined. */
function problemWith(route: ApiRoute, request: FuzzRequest, answer: Answer): string | undefined {
  let body:
    { statusCode?: unknown; error?: unknown; message?: unknown; code?: unknown } | undefined;
  if (answer.status >= 400 && request.method !== 'HEAD') {
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      return `${answer.status} without a JSON body (${answer.contentType}): ${answer.text.slice(0, 200)}`;
    }
    const message = body?.message;
    const shaped =
      body?.statusCode === answer.status &&
      typeof body.error === 'string' &&
      (typeof message === 'string' ||
        (Array.isArray(message) && message.every((m) => typeof m === 'string')));
    if (!shaped) return `${answer.status} not in the error shape: ${answer.text.slice(0, 300)}`;
  }
  if (answer.status >= 500) {
    const documented = route.responses.some((response) => response.status === answer.status);
    const outside = typeof body?.code === 'string' && OUTSIDE_FAILURES.has(body.code);
    if (!(documented && outside && request.method === route.method)) {
      return `server error ${answer.status}: ${answer.text.slice(0, 300)}`;
    }
  }
  return undefined;
}

/**
 * Registers the suite: starts the runtime, signs a user in, fuzzes every route signed out, then
 * signed in, then with other methods, and checks the runtime is still up with the session
 * intact. Bounded by `budgetMs`; FRENLY_FUZZ_SEED replays a run.
 */
export function describeFuzzSuite(options: FuzzSuiteOptions): void {
  const { budgetMs } = options;
  /** Each route's share of the budget: two identities, then half a share for other methods. */
  const timePerRouteMs = Math.max(
    500,
    Math.floor((budgetMs * CONCURRENCY) / (ROUTES.length * 2.5)),
  );

  describe(`fuzzing every route of ${options.runtime}`, () => {
    let target: FuzzTarget | undefined;
    let base: string;
    let sessionCookie: string;
    const reports: RouteReport[] = [];

    beforeAll(async () => {
      target = await options.start(FUZZ_ENV);
      base = target.base;
      const browser = new SignInBrowser();
      await signInAs(browser, base, 'Fuzz Tester');
      const token = browser.cookie('frenly_session');
      if (!token) throw new Error('sign-in gave no session cookie');
      sessionCookie = `frenly_session=${token}`;
      console.info(
        `fuzz ${options.runtime}: seed ${FUZZ_SEED} (FRENLY_FUZZ_SEED=${FUZZ_SEED} replays it), ${timePerRouteMs} ms per route`,
      );
    }, options.startTimeoutMs + 30_000);

    afterAll(async () => {
      await target?.stop();
    }, 60_000);

    async function send(request: FuzzRequest, signedIn: boolean): Promise<Answer> {
      const headers = { ...request.headers };
      if (signedIn) {
        headers['cookie'] = headers['cookie']
          ? `${sessionCookie}; ${headers['cookie']}`
          : sessionCookie;
      }
      const res = await fetch(`${base}${request.target}`, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        text: await res.text(),
      };
    }

    /** Fuzzes one route for its share of the time; the first failing request is reported, not thrown. */
    async function fuzzRoute(
      route: ApiRoute,
      requests: fc.Arbitrary<FuzzRequest>,
      signedIn: boolean,
      timeMs: number,
    ): Promise<RouteReport> {
      const statuses: Record<number, number> = {};
      let sent = 0;
      const details = await fc.check(
        fc.asyncProperty(requests, async (request) => {
          sent += 1;
          const answer = await send(request, signedIn);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const problem = problemWith(route, request, answer);
          if (problem) throw new Error(`${problem}\nfor ${describeRequest(request)}`);
        }),
        {
          seed: FUZZ_SEED,
          numRuns: 100_000,
          interruptAfterTimeLimit: timeMs,
          markInterruptAsFailure: false,
          // Shrinking over HTTP would eat the budget: the first failing request is the report.
          endOnFailure: true,
        },
      );
      const error: unknown = details.errorInstance;
      let failure = details.failed
        ? error instanceof Error
          ? error.message
          : String(error)
        : undefined;
      // fast-check counts a time limit reached before any request answered as a failure with no
      // error (a slow route on a loaded machine, e.g. an analysis): check one request to the end.
      if (details.failed && details.interrupted && details.numRuns === 0 && error === null) {
        const [request] = fc.sample(requests, { numRuns: 1, seed: FUZZ_SEED });
        if (request) {
          sent += 1;
          const answer = await send(request, signedIn);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const problem = problemWith(route, request, answer);
          failure = problem ? `${problem}\nfor ${describeRequest(request)}` : undefined;
        }
      }
      return { route: `${route.method} ${route.path}`, auth: route.auth, sent, statuses, failure };
    }

    /** The failures, one line each; the runtime's own output when there are any. */
    function failuresOf(results: readonly RouteReport[]): string[] {
      const failures = results.filter((r) => r.failure).map((r) => `${r.route}: ${r.failure}`);
      if (failures.length > 0 && target?.logs) console.info(`runtime output:\n${target.logs()}`);
      return failures;
    }

    /** What the signed-in user and site 1 look like from outside: must not move on a refused request. */
    async function observableState(): Promise<Record<string, string>> {
      const reads = [
        '/api/ledger/balance',
        '/api/stakes/user',
        '/api/ledger/votes?siteIds=1',
        '/api/sites/1/community',
      ];
      const state: Record<string, string> = {};
      for (const read of reads) {
        const answer = await send({ method: 'GET', target: read, headers: {} }, true);
        state[read] = `${answer.status} ${answer.text}`;
      }
      return state;
    }

    // Runs first, on a fresh runtime, so that nothing the fuzzing started can move the state.
    it('refuses NUL and lone surrogates in every text field of every route with a 400, writing nothing', async () => {
      const slots = textSlotsOf(ROUTES.filter((route) => !ENDS_THE_SESSION(route)));
      expect(slots.length).toBeGreaterThan(10);
      const before = await observableState();
      const refusals: string[] = [];
      for (const slot of slots) {
        await fc.assert(
          fc.asyncProperty(unstorableTextFor(slot), async (text) => {
            const request = requestWithText(slot, text);
            const answer = await send(request, true);
            const problem =
              problemWith(slot.route, request, answer) ??
              (answer.status === 400 ? undefined : `answered ${answer.status}, not 400`);
            if (problem) {
              throw new Error(
                `${slot.in} ${slot.field.join('.')}: ${problem}\nfor ${describeRequest(request)}`,
              );
            }
            refusals.push(
              `${slot.route.method} ${slot.route.path} ${slot.in} ${slot.field.join('.')}`,
            );
          }),
          { seed: FUZZ_SEED, numRuns: 4, endOnFailure: true },
        );
      }
      expect(await observableState()).toEqual(before);
      // The routes' valid requests get past validation: the injected text was the only fault.
      for (const route of new Set(slots.map((slot) => slot.route))) {
        const request = validRequestFor(route);
        const answer = await send(request, true);
        expect(
          `${request.method} ${request.target} ${answer.status} ${answer.text.slice(0, 200)}`,
        ).not.toMatch(/ 400 /);
      }
      console.info(
        `unstorable text: ${refusals.length} requests over ${slots.length} text fields refused`,
      );
    }, 120_000);

    it('refuses site ids that are not canonical decimal (0x1, 1e0, " 1", "1 ", 01…) with a 400', async () => {
      const routes = ROUTES.filter((route) => route.path.includes('{id}'));
      expect(routes.length).toBeGreaterThanOrEqual(3);
      const answers: string[] = [];
      for (const route of routes) {
        for (const id of NON_CANONICAL_SITE_IDS) {
          const request = requestWithSiteId(route, id);
          const answer = await send(request, true);
          answers.push(`${request.method} ${request.target} ${answer.status}`);
        }
      }
      expect(answers.filter((answer) => !answer.endsWith(' 400'))).toEqual([]);
    }, 60_000);

    it.each(['signed out', 'signed in'] as const)(
      '%s: no route answers a server error, and every 4xx is in the error shape',
      async (identity) => {
        const signedIn = identity === 'signed in';
        const routes = ROUTES.filter((route) => !signedIn || !ENDS_THE_SESSION(route));
        const results = await inPool(routes, CONCURRENCY, (route) =>
          fuzzRoute(route, requestsFor(route), signedIn, timePerRouteMs),
        );
        reports.push(...results);
        console.info(summary(`${options.runtime}, ${identity}`, results));
        expect(failuresOf(results)).toEqual([]);
        if (signedIn) {
          // The session held throughout: each route behind sign-in answered something but 401.
          const locked = results.filter(
            (r) => r.auth === 'signed-in' && r.sent === (r.statuses[401] ?? 0),
          );
          expect(locked.map((r) => r.route)).toEqual([]);
        }
      },
      budgetMs + 60_000,
    );

    it(
      'answers other methods on every path without a server error',
      async () => {
        const paths = [
          ...new Map(
            ROUTES.filter((route) => !ENDS_THE_SESSION(route)).map((route) => [route.path, route]),
          ).values(),
        ];
        const results = await inPool(paths, CONCURRENCY, (route) =>
          fuzzRoute(route, strangeMethodFor(route), true, Math.floor(timePerRouteMs / 2)),
        );
        reports.push(...results);
        expect(failuresOf(results)).toEqual([]);
      },
      budgetMs + 60_000,
    );

    it('is still up and signed in after all that', async () => {
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: sessionCookie } });
      expect(me.status).toBe(200);
      const total = reports.reduce((sum, report) => sum + report.sent, 0);
      console.info(
        `fuzz ${options.runtime}: ${total} requests in ${reports.length} route runs (seed ${FUZZ_SEED})`,
      );
      expect(reports.every((report) => report.sent > 0)).toBe(true);
    });
  });
}

function summary(title: string, results: readonly RouteReport[]): string {
  const lines = results.map(
    (r) =>
      `  ${r.route.padEnd(34)} ${String(r.sent).padStart(5)} requests  ${JSON.stringify(r.statuses)}`,
  );
  return `${title}\n${lines.join('\n')}`;
}

/** Runs `work` on every item, `concurrency` at a time (the runtime serves while we generate). */
async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}
