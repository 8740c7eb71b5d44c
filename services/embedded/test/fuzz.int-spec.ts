// Every route of the API catalogue (libs/contracts API_ROUTES, which a unit test holds to the
// controllers), fuzzed with fast-check against the real embedded runtime (the built process),
// signed out and signed in: arbitrary path parameters, query strings, headers and bodies
// (random JSON, wrong types, numbers JavaScript cannot hold, unicode, deep nesting, missing
// fields, other content types). No answer may be a server error, and every 4xx is in the
// error shape. Bounded in time: FRENLY_FUZZ_MS (default 60 s) shared by all routes;
// FRENLY_FUZZ_SEED replays a run.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { API_ROUTES, type ApiRoute } from '@frenly/contracts';
import {
  cleanEnv,
  createTempDir,
  freePort,
  signInAs,
  SignInBrowser,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
  type TempDir,
} from '@frenly/testing';
import fc from 'fast-check';
import { requestsFor, strangeMethodFor, type FuzzRequest } from './fuzz/fuzz-requests.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const BUDGET_MS = Number(process.env['FRENLY_FUZZ_MS'] ?? 60_000);
const SEED = process.env['FRENLY_FUZZ_SEED']
  ? Number(process.env['FRENLY_FUZZ_SEED'])
  : Date.now() % 2 ** 31;
const LOTS = '1000000';

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
/** Each route's share of the budget: two identities, then half a share for other methods. */
const TIME_PER_ROUTE_MS = Math.max(
  500,
  Math.floor((BUDGET_MS * CONCURRENCY) / (ROUTES.length * 2.5)),
);

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

describe('fuzzing every route of the embedded runtime', () => {
  let dataDir: TempDir;
  let runtime: SpawnedProcess;
  let base: string;
  let sessionCookie: string;
  const reports: RouteReport[] = [];

  beforeAll(async () => {
    dataDir = await createTempDir('frenly-fuzz-');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    runtime = spawnProcess(
      process.execPath,
      [join(repoRoot, 'services/embedded/dist/main.js')],
      cleanEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        FRENLY_DATA_DIR: join(dataDir.path, 'data'),
        LOG_LEVEL: 'error',
        // The limiter runs, but no budget runs out: this suite is about what handlers answer.
        FRENLY_RATE_LIMIT_SEARCH: LOTS,
        FRENLY_RATE_LIMIT_READ: LOTS,
        FRENLY_RATE_LIMIT_WRITE: LOTS,
        FRENLY_RATE_LIMIT_ANALYZE: LOTS,
        FRENLY_RATE_LIMIT_AUTH: LOTS,
        ANALYSIS_WAIT_TIMEOUT_MS: '2000',
        OPENAI_API_KEY: '',
      }),
      repoRoot,
    );
    await waitForOk(`${base}/health/ready`, runtime, 90_000);
    const browser = new SignInBrowser();
    await signInAs(browser, base, 'Fuzz Tester');
    const token = browser.cookie('frenly_session');
    if (!token) throw new Error('sign-in gave no session cookie');
    sessionCookie = `frenly_session=${token}`;
    console.info(
      `fuzz seed ${SEED} (FRENLY_FUZZ_SEED=${SEED} replays it), ${TIME_PER_ROUTE_MS} ms per route`,
    );
  }, 120_000);

  afterAll(async () => {
    if (runtime?.child.exitCode === null) {
      runtime.child.kill('SIGTERM');
      await runtime.exited(15_000).catch(() => runtime.child.kill('SIGKILL'));
    }
    await dataDir?.remove();
  });

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
        seed: SEED,
        numRuns: 100_000,
        interruptAfterTimeLimit: timeMs,
        markInterruptAsFailure: false,
        // Shrinking over HTTP would eat the budget: the first failing request is the report.
        endOnFailure: true,
      },
    );
    const error: unknown = details.errorInstance;
    const failure = details.failed
      ? error instanceof Error
        ? error.message
        : String(error)
      : undefined;
    return { route: `${route.method} ${route.path}`, auth: route.auth, sent, statuses, failure };
  }

  function summary(title: string, results: readonly RouteReport[]): string {
    const lines = results.map(
      (r) =>
        `  ${r.route.padEnd(34)} ${String(r.sent).padStart(5)} requests  ${JSON.stringify(r.statuses)}`,
    );
    return `${title}\n${lines.join('\n')}`;
  }

  it.each(['signed out', 'signed in'] as const)(
    '%s: no route answers a server error, and every 4xx is in the error shape',
    async (identity) => {
      const signedIn = identity === 'signed in';
      const routes = ROUTES.filter((route) => !signedIn || !ENDS_THE_SESSION(route));
      const results = await inPool(routes, CONCURRENCY, (route) =>
        fuzzRoute(route, requestsFor(route), signedIn, TIME_PER_ROUTE_MS),
      );
      reports.push(...results);
      console.info(summary(identity, results));
      expect(results.filter((r) => r.failure).map((r) => `${r.route}: ${r.failure}`)).toEqual([]);
      if (signedIn) {
        // The session held throughout: each route behind sign-in answered something but 401.
        const locked = results.filter(
          (r) => r.auth === 'signed-in' && r.sent === (r.statuses[401] ?? 0),
        );
        expect(locked.map((r) => r.route)).toEqual([]);
      }
    },
    BUDGET_MS + 60_000,
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
        fuzzRoute(route, strangeMethodFor(route), true, Math.floor(TIME_PER_ROUTE_MS / 2)),
      );
      reports.push(...results);
      expect(results.filter((r) => r.failure).map((r) => `${r.route}: ${r.failure}`)).toEqual([]);
    },
    BUDGET_MS + 60_000,
  );

  it('is still up and signed in after all that', async () => {
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: sessionCookie } });
    expect(me.status).toBe(200);
    const total = reports.reduce((sum, report) => sum + report.sent, 0);
    console.info(`fuzz: ${total} requests in ${reports.length} route runs (seed ${SEED})`);
    expect(reports.every((report) => report.sent > 0)).toBe(true);
  });
});

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
