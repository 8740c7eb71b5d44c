import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
} from './stake.js';
import { TOTAL_COUNT_HEADER } from './search.js';

/**
 * The HTTP API as a catalogue: every route a controller serves, what it takes and what it
 * answers, by the names of the contract types above. scripts/contracts-docs.mjs turns it, with
 * JSON Schemas generated from those types, into docs/api/openapi.json (served at /api/docs);
 * a unit test fails when a controller route is missing here or an entry has no controller.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who answers the route behind the gateway; 'each service' routes are answered by every process itself. */
export type ApiRouteOwner =
  'gateway' | 'search' | 'ledger' | 'analysis' | 'realtime' | 'each service';

export type ApiTag =
  | 'search'
  | 'sites'
  | 'ledger'
  | 'analysis'
  | 'auth'
  | 'push'
  | 'live'
  | 'meta'
  | 'operations'
  | 'docs';

export interface ApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly description: string;
  readonly required?: boolean;
  readonly schema: {
    readonly type: 'integer' | 'string';
    readonly minimum?: number;
    readonly maxLength?: number;
  };
}

export interface ApiResponse {
  readonly status: number;
  readonly description: string;
  /** Name of the libs/contracts type of the JSON body (every error answer is an `ErrorResponse`). */
  readonly body?: string;
  /** The body is a JSON array of `body`. */
  readonly array?: boolean;
  /** A body that is not JSON (HTML, the Prometheus text format). */
  readonly contentType?: string;
  /** Response headers worth knowing, name → meaning. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ApiRoute {
  readonly method: ApiMethod;
  /** OpenAPI style: `/api/sites/{id}/vote`. */
  readonly path: string;
  readonly owner: ApiRouteOwner;
  /** 'signed-in': needs the session cookie (the gateway turns it into a signed identity); 401 without. */
  readonly auth: 'public' | 'signed-in';
  readonly tag: ApiTag;
  readonly summary: string;
  readonly description?: string;
  readonly parameters?: readonly ApiParameter[];
  /** Name of the contract type whose properties are the query parameters. */
  readonly query?: string;
  /** Name of the contract type of the JSON request body. */
  readonly body?: string;
  readonly responses: readonly ApiResponse[];
  /** A websocket upgrade rather than a request/response route (no controller serves it). */
  readonly websocket?: boolean;
}

const siteId: ApiParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The site id (a positive whole number); anything else is a 400.',
  schema: { type: 'integer', minimum: 1 },
};
const analysisId: ApiParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The analysis id (a UUID, `site.analysisData.analysisId`); anything else is a 400.',
  schema: { type: 'string', maxLength: 36 },
};
const provider: ApiParameter = {
  name: 'provider',
  in: 'path',
  required: true,
  description: 'A sign-in provider id, as listed by GET /api/auth/providers.',
  schema: { type: 'string' },
};
const returnTo: ApiParameter = {
  name: 'returnTo',
  in: 'query',
  description: 'Same-site path to land on after signing in (anything else lands on /).',
  schema: { type: 'string' },
};

const error = (status: number, description: string): ApiResponse => ({
  status,
  description,
  body: 'ErrorResponse',
});
const badRequest = error(400, 'The request is invalid; `message` says what is wrong.');
const signInRequired = error(401, 'Not signed in.');
const redirect = (description: string): ApiResponse => ({
  status: 302,
  description,
  headers: {
    Location: 'Where the browser goes next.',
    'Set-Cookie': 'The session or sign-in state cookie.',
  },
});

/** Every route, grouped by owner. Order is the order of the document. */
export const API_ROUTES: readonly ApiRoute[] = [
  // --- search ---
  {
    method: 'GET',
    path: '/api/search',
    owner: 'search',
    auth: 'public',
    tag: 'search',
    summary: 'Search the catalogue',
    description:
      'Ranked results for a web query, one page at a time. A misspelt query that matches nothing is corrected (`correctedQuery`).',
    query: 'SearchRequest',
    responses: [
      {
        status: 200,
        description: 'A page of results.',
        body: 'SearchResponse',
        headers: { [TOTAL_COUNT_HEADER]: 'Number of matching sites (as `total`).' },
      },
      badRequest,
    ],
  },
  {
    method: 'GET',
    path: '/api/search/trending',
    owner: 'search',
    auth: 'public',
    tag: 'search',
    summary: 'Trending queries',
    responses: [
      {
        status: 200,
        description: 'Normalised queries, hottest first; empty when none trend.',
        body: 'TrendingResponse',
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/search/submit',
    owner: 'search',
    auth: 'signed-in',
    tag: 'search',
    summary: 'Submit a site to crawl',
    description: 'The site is crawled by a background job and becomes searchable once crawled.',
    body: 'SiteSubmitRequest',
    responses: [
      { status: 202, description: 'Queued for crawling.', body: 'SiteSubmitResponse' },
      error(
        400,
        'Not a usable http(s) URL, or one Frenly never fetches (`INVALID_URL`, `URL_REFUSED`).',
      ),
      signInRequired,
      error(429, 'Too many submissions (`SUBMISSION_LIMIT`).'),
    ],
  },

  // --- ledger ---
  {
    method: 'POST',
    path: '/api/stakes',
    owner: 'ledger',
    auth: 'signed-in',
    tag: 'ledger',
    summary: 'Stake bamboo on a site',
    description: `With an ${IDEMPOTENCY_KEY_HEADER}, a replay of the same request gets the first answer and charges nothing.`,
    parameters: [
      {
        name: IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        description:
          'Makes the request safe to retry: the same key (per user) returns the first answer.',
        schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
      },
    ],
    body: 'StakeCreateRequest',
    responses: [
      {
        status: 201,
        description: "The stake and the user's new balance.",
        body: 'StakeCreateResponse',
        headers: {
          [IDEMPOTENT_REPLAYED_HEADER]:
            '`true` when this answer is a replay of an earlier request with the same key.',
        },
      },
      error(400, 'Invalid body, `INSUFFICIENT_BALANCE`, or `UNKNOWN_SITE`.'),
      signInRequired,
      error(
        422,
        'The Idempotency-Key was used with a different request (`IDEMPOTENCY_KEY_REUSED`).',
      ),
    ],
  },
  {
    method: 'GET',
    path: '/api/stakes/user',
    owner: 'ledger',
    auth: 'signed-in',
    tag: 'ledger',
    summary: "The signed-in user's stakes, newest first",
    responses: [
      { status: 200, description: 'Stakes.', body: 'StakeDto', array: true },
      signInRequired,
    ],
  },
  {
    method: 'GET',
    path: '/api/ledger/balance',
    owner: 'ledger',
    auth: 'signed-in',
    tag: 'ledger',
    summary: "The signed-in user's bamboo balance",
    description: 'The first call opens the account with its signup grant.',
    responses: [
      { status: 200, description: 'The balance.', body: 'BalanceResponse' },
      signInRequired,
    ],
  },
  {
    method: 'GET',
    path: '/api/ledger/votes',
    owner: 'ledger',
    auth: 'signed-in',
    tag: 'ledger',
    summary: "The signed-in user's votes on the given sites",
    description:
      'So that vote buttons can show how the user voted. Sites the user has not voted on are absent.',
    query: 'MyVotesRequest',
    responses: [
      { status: 200, description: 'The votes.', body: 'MyVotesResponse' },
      badRequest,
      signInRequired,
    ],
  },
  {
    method: 'POST',
    path: '/api/sites/{id}/vote',
    owner: 'ledger',
    auth: 'signed-in',
    tag: 'sites',
    summary: 'Vote on a site',
    description:
      'The same vote again removes it; the other vote switches it. Answers the new counts.',
    parameters: [siteId],
    body: 'VoteRequest',
    responses: [
      {
        status: 200,
        description: 'The new vote counts and the user’s vote now.',
        body: 'VoteResponse',
      },
      badRequest,
      signInRequired,
      error(404, 'No such site (`SITE_NOT_FOUND`).'),
    ],
  },
  {
    method: 'GET',
    path: '/api/sites/{id}/community',
    owner: 'ledger',
    auth: 'public',
    tag: 'sites',
    summary: "The community's view of a site",
    description:
      'Votes, stake totals and the latest stakes with their messages. A site the ledger has not learnt yet (an analysis has just added it) answers zeros marked `pending`: nobody can have voted or staked on it, and a vote or stake on it is refused until it is learnt.',
    parameters: [siteId],
    responses: [
      { status: 200, description: 'Votes and stakes.', body: 'SiteCommunityResponse' },
      badRequest,
    ],
  },

  // --- analysis ---
  {
    method: 'POST',
    path: '/api/sites/analyze',
    owner: 'analysis',
    auth: 'signed-in',
    tag: 'analysis',
    summary: 'Analyse a site',
    description:
      'Fetches and scores the page (or serves a recent analysis): Frenliness, trust and UX scores, evidence, insights and the community.',
    body: 'AnalyzeRequest',
    responses: [
      { status: 200, description: 'The analysis.', body: 'AnalysisResponse' },
      error(
        400,
        'Not a usable URL, or one Frenly never fetches (`INVALID_URL`, `URL_NOT_ALLOWED`).',
      ),
      signInRequired,
      error(422, 'The page is too large or not HTML (`PAGE_TOO_LARGE`, `NOT_HTML`).'),
      error(
        429,
        'The user already has as many analyses in progress as one user may have; retry when one finishes (`TOO_MANY_ANALYSES`).',
      ),
      error(502, 'The site could not be reached (`SITE_UNREACHABLE`).'),
      error(503, 'Analysed, but the site has no id yet; retry shortly (`SITE_NOT_INDEXED`).'),
      error(504, 'The site or the analysis was too slow (`SITE_TIMEOUT`, `ANALYSIS_TIMEOUT`).'),
    ],
  },
  {
    method: 'POST',
    path: '/api/sites/{id}/reframe',
    owner: 'analysis',
    auth: 'signed-in',
    tag: 'analysis',
    summary: "Reframe a site's content through a lens",
    description:
      'Rewrites the content through one of the five lenses (love, clarity, growth, trust, joy).',
    parameters: [siteId],
    body: 'ReframeRequest',
    responses: [
      { status: 200, description: 'The reframed content.', body: 'ReframeResponse' },
      badRequest,
      signInRequired,
      error(404, 'No such site (`SITE_NOT_FOUND`).'),
    ],
  },

  {
    method: 'GET',
    path: '/api/analyses/{id}',
    owner: 'analysis',
    auth: 'signed-in',
    tag: 'analysis',
    summary: 'A stored analysis as it is now',
    description:
      "The analysis screen's data for one analysis (as `POST /api/sites/analyze` answers it, `cached: true`). Fetched again when the browser tier's report lands (live `analysis_update`): `site.analysisData.browser` says whether it is pending, done, unavailable or failed.",
    parameters: [analysisId],
    responses: [
      {
        status: 200,
        description: 'The analysis.',
        body: 'AnalysisResponse',
        headers: { 'Cache-Control': 'no-store' },
      },
      error(400, 'Not an analysis id (`INVALID_ANALYSIS_ID`).'),
      signInRequired,
      error(404, 'No such completed analysis (`ANALYSIS_NOT_FOUND`).'),
      error(503, 'The site has no id yet; retry shortly (`SITE_NOT_INDEXED`).'),
    ],
  },
  {
    method: 'GET',
    path: '/api/analyses/{id}/screenshot',
    owner: 'analysis',
    auth: 'signed-in',
    tag: 'analysis',
    summary: "The analysed page's first screen",
    description:
      'A PNG of the first screen as the browser tier saw it (a fresh browser profile: no visitor data); `site.analysisData.screenshotUrl` names it.',
    parameters: [analysisId],
    responses: [
      {
        status: 200,
        description: 'The screenshot.',
        contentType: 'image/png',
        headers: { 'Cache-Control': 'no-store' },
      },
      error(400, 'Not an analysis id (`INVALID_ANALYSIS_ID`).'),
      signInRequired,
      error(404, 'No such analysis, or it has no screenshot (`ANALYSIS_NOT_FOUND`).'),
    ],
  },

  // --- realtime ---
  {
    method: 'GET',
    path: '/ws',
    owner: 'realtime',
    auth: 'signed-in',
    tag: 'live',
    summary: 'Live updates (websocket)',
    description:
      'A websocket upgrade. The server sends `LiveServerMessage`s (vote and stake updates for every site, analysis updates when the browser tier enriched a report, pongs); the client may send `{"type":"ping"}`. See docs/realtime.md.',
    websocket: true,
    responses: [
      {
        status: 101,
        description:
          'Switched to the websocket protocol; messages are `LiveServerMessage` JSON texts.',
        body: 'LiveServerMessage',
      },
      { status: 401, description: 'Not signed in (the upgrade is refused).' },
      { status: 403, description: 'Cross-site Origin (the upgrade is refused).' },
    ],
  },

  // --- gateway: sign-in and the user ---
  {
    method: 'GET',
    path: '/api/auth/providers',
    owner: 'gateway',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign-in providers',
    description:
      'One entry per configured provider; the sign-in button of each links to /auth/{id}.',
    responses: [{ status: 200, description: 'Providers.', body: 'AuthProviderDto', array: true }],
  },
  {
    method: 'GET',
    path: '/api/auth/user',
    owner: 'gateway',
    auth: 'public',
    tag: 'auth',
    summary: 'The signed-in user',
    description:
      "With the bamboo balance the ledger holds. `null` when signed out or the session has ended: being signed out is an answer, not an error, so a visitor's browser logs no failed request on every page.",
    responses: [
      { status: 200, description: 'The user, or null when signed out.', body: 'CurrentUserDto' },
      error(401, 'The session belongs to a user that no longer exists (`USER_NOT_FOUND`).'),
      error(503, 'The ledger could not be asked for the balance (`LEDGER_UNAVAILABLE`).'),
    ],
  },
  {
    method: 'GET',
    path: '/api/login',
    owner: 'gateway',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with the default provider',
    parameters: [returnTo],
    responses: [
      redirect("To the provider's sign-in page."),
      badRequest,
      error(503, 'No provider is configured or it is unreachable.'),
    ],
  },
  {
    method: 'GET',
    path: '/auth/{provider}',
    owner: 'gateway',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with a provider',
    parameters: [provider, returnTo],
    responses: [
      redirect("To the provider's sign-in page."),
      badRequest,
      error(404, 'Unknown provider (`UNKNOWN_PROVIDER`).'),
      error(503, 'The provider is unreachable (`PROVIDER_UNAVAILABLE`).'),
    ],
  },
  {
    method: 'GET',
    path: '/auth/{provider}/callback',
    owner: 'gateway',
    auth: 'public',
    tag: 'auth',
    summary: 'Where the provider sends the browser back',
    description:
      'Finishes the sign-in started by this browser, sets the session cookie and redirects to `returnTo`.',
    parameters: [provider],
    responses: [
      redirect('Signed in: to the page the sign-in started from.'),
      error(
        400,
        'The sign-in was not started by this browser, expired or was already used (`LOGIN_STATE_INVALID`).',
      ),
      error(401, 'The provider refused the sign-in (`LOGIN_REFUSED`).'),
      error(404, 'Unknown provider (`UNKNOWN_PROVIDER`).'),
      error(503, 'The provider is unreachable (`PROVIDER_UNAVAILABLE`).'),
    ],
  },
  ...(['/api/logout', '/auth/logout'] as const).flatMap((path) =>
    (['GET', 'POST'] as const).map((method): ApiRoute => ({
      method,
      path,
      owner: 'gateway',
      auth: 'public',
      tag: 'auth',
      summary: 'Sign out',
      description:
        method === 'GET'
          ? 'Ends the session (also at the provider when it supports it) and clears the cookie, when this site or the user started the navigation (Sec-Fetch-Site same-origin, same-site or none; else an Origin or Referer of this origin). A link from another site gets a confirmation page instead, whose button POSTs the sign-out.'
          : 'Ends the session (also at the provider when it supports it), clears the cookie and closes the session’s websockets (1008).',
      responses: [
        redirect('To the landing page (or the provider’s sign-out page).'),
        ...(method === 'GET'
          ? [
              {
                status: 200,
                description: 'From another site: the confirmation page; nothing has ended.',
                contentType: 'text/html',
              },
            ]
          : []),
      ],
    })),
  ),

  // --- gateway: push subscriptions ---
  {
    method: 'POST',
    path: '/api/push/subscribe',
    owner: 'gateway',
    auth: 'signed-in',
    tag: 'push',
    summary: "Store the browser's push subscription",
    body: 'PushSubscriptionRequest',
    responses: [
      { status: 201, description: 'Stored.', body: 'PushSubscriptionResponse' },
      badRequest,
      signInRequired,
    ],
  },
  {
    method: 'GET',
    path: '/api/push/public-key',
    owner: 'gateway',
    auth: 'public',
    tag: 'push',
    summary: 'The VAPID public key to subscribe with',
    responses: [
      {
        status: 200,
        description: 'The key; empty when push is not configured.',
        body: 'PushPublicKeyResponse',
      },
    ],
  },

  // --- gateway: meta and these documents ---
  {
    method: 'GET',
    path: '/api/meta',
    owner: 'gateway',
    auth: 'public',
    tag: 'meta',
    summary: 'Which installation answers',
    responses: [
      {
        status: 200,
        description: 'Installation id, creation time, runtime mode and version.',
        body: 'MetaResponse',
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/docs',
    owner: 'gateway',
    auth: 'public',
    tag: 'docs',
    summary: 'This API, browsable (Swagger UI)',
    responses: [{ status: 200, description: 'An HTML page.', contentType: 'text/html' }],
  },
  {
    method: 'GET',
    path: '/api/docs/openapi.json',
    owner: 'gateway',
    auth: 'public',
    tag: 'docs',
    summary: 'This OpenAPI document',
    responses: [
      {
        status: 200,
        description: 'OpenAPI 3.1 (docs/api/openapi.json).',
        contentType: 'application/json',
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/docs/asyncapi.json',
    owner: 'gateway',
    auth: 'public',
    tag: 'docs',
    summary: 'The AsyncAPI document of the Kafka topics',
    responses: [
      {
        status: 200,
        description: 'AsyncAPI 3.0 (docs/api/asyncapi.json).',
        contentType: 'application/json',
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/docs/assets/{file}',
    owner: 'gateway',
    auth: 'public',
    tag: 'docs',
    summary: "The documentation page's scripts and styles",
    parameters: [
      {
        name: 'file',
        in: 'path',
        required: true,
        description: 'An asset name.',
        schema: { type: 'string' },
      },
    ],
    responses: [
      {
        status: 200,
        description: 'A script or stylesheet.',
        contentType: 'application/octet-stream',
      },
      error(404, 'No such asset.'),
    ],
  },

  // --- every process ---
  {
    method: 'GET',
    path: '/health/live',
    owner: 'each service',
    auth: 'public',
    tag: 'operations',
    summary: 'Liveness',
    description:
      'Answered by every service on its own port (through the gateway: the gateway itself). Restart the process only when this fails.',
    responses: [{ status: 200, description: 'The process runs.', body: 'LivenessResponse' }],
  },
  {
    method: 'GET',
    path: '/health/ready',
    owner: 'each service',
    auth: 'public',
    tag: 'operations',
    summary: 'Readiness',
    description:
      'Every dependency checked (database, bus, queue; the gateway also checks the services). Route traffic only to ready instances.',
    responses: [
      { status: 200, description: 'Ready.', body: 'ReadinessResponse' },
      {
        status: 503,
        description: 'Not ready; `checks` says which dependency is down.',
        body: 'ReadinessResponse',
      },
    ],
  },
  {
    method: 'GET',
    path: '/metrics',
    owner: 'each service',
    auth: 'public',
    tag: 'operations',
    summary: 'Prometheus metrics',
    description:
      'HTTP rate, errors and latency; consumer lag; queue depth; outbox backlog; open sockets (see deploy/grafana).',
    responses: [
      {
        status: 200,
        description: 'Prometheus text exposition format 0.0.4.',
        contentType: 'text/plain',
      },
    ],
  },
];
