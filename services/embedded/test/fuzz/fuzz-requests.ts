// Generated requests for the fuzz suite: for one catalogued route, a request whose path
// parameters, query string, headers and body are arbitrary, wrong-typed, huge, unicode or
// missing, and often a valid request with one part broken (the cases that get past the
// first check).
import type { ApiRoute } from '@frenly/contracts';
import fc from 'fast-check';

export interface FuzzRequest {
  readonly method: string;
  /** Path and query, ready to append to the base URL. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A valid body per contract type, the starting point of the "one thing broken" bodies. */
export const VALID_BODIES: Readonly<Record<string, Record<string, unknown>>> = {
  StakeCreateRequest: { siteId: 1, amount: 5, type: 'support', message: 'Fuzzing' },
  VoteRequest: { type: 'up' },
  AnalyzeRequest: { url: 'https://example.org' },
  ReframeRequest: { lensType: 'joy', content: 'A page about gardens.' },
  SiteSubmitRequest: { url: 'https://example.org' },
  PushSubscriptionRequest: {
    endpoint: 'https://push.example.com/send/abc',
    expirationTime: null,
    keys: {
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
};
export const VALID_QUERIES: Readonly<Record<string, Record<string, string>>> = {
  SearchRequest: { q: 'wikipedia', page: '1', limit: '10' },
};

/** Field names of every request type, so that random objects often hit a real field. */
const FIELD_NAMES = [
  ...new Set(
    [...Object.values(VALID_BODIES), ...Object.values(VALID_QUERIES)].flatMap((body) =>
      Object.keys(body),
    ),
  ),
  'keys',
  'p256dh',
  'auth',
  'id',
  'returnTo',
  '__proto__',
  'constructor',
];

/** Number literals JSON can carry but JavaScript cannot hold exactly (written into the raw text). */
const HUGE_LITERALS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '9007199254740993',
  '1e-400',
  '-0',
  '0.1e1',
  '2147483648',
  '-2147483649',
];

const printable = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength,
  });

const unicode = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('\u0000', '\ud800', 'e\u0301', '👩‍👩‍👧', '\u202e', 'İ', 'ß', '\uffff', '𝔘𝔫𝔦'),
  );

/** Any JSON value, biased towards the edges: wrong types, extreme numbers, long and odd strings. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    '',
    ' ',
    '0',
    '1',
    'true',
    'null',
    null,
    true,
    false,
    [],
    {},
  ),
  unicode(64),
  fc.string({ minLength: 500, maxLength: 6000 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 50 }),
  fc.integer(),
  fc.double(),
);

/** A path parameter as text: numbers that are not quite ids, and anything else. */
const pathParameter: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1f',
    '01',
    '+1',
    ' 1',
    'NaN',
    'Infinity',
    'null',
    '[]',
    '{}',
    '9007199254740993',
    '99999999999999999999999999',
    'dev',
    'github',
    'swagger-ui.css',
    'index.html',
  ),
  unicode(40),
  printable(40),
);

/** Lone surrogates cannot travel in a URL (encodeURIComponent throws): U+FFFD instead. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Encoded for a path or query; sometimes left raw (invalid %-escapes, reserved characters). */
const encoded = (text: string, raw: boolean) =>
  raw
    ? wellFormed(text).replace(/[\s#?/]/g, encodeURIComponent)
    : encodeURIComponent(wellFormed(text));

function fillPath(path: string, values: readonly string[], raw: boolean): string {
  let index = 0;
  return path.replace(/\{[^}]+\}/g, () => encoded(values[index++] ?? '', raw));
}

const queryPairs = (route: ApiRoute): fc.Arbitrary<Array<[string, string]>> => {
  const known = Object.keys(VALID_QUERIES[route.query ?? ''] ?? {});
  const names = [
    ...known,
    ...(route.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  ];
  const name = fc.oneof(
    ...(names.length > 0 ? [fc.constantFrom(...names)] : []),
    fc.constantFrom('q[]', 'q[a]', 'page[0]', '__proto__', 'constructor[prototype]'),
    printable(12),
  );
  const value = fc.oneof(pathParameter, fc.string({ maxLength: 400 }), fc.constant(''));
  const pairs = fc.array(fc.tuple(name, value), { maxLength: 6 });
  const validish = fc
    .tuple(pairs, fc.subarray(Object.entries(VALID_QUERIES[route.query ?? ''] ?? {})))
    .map(([random, valid]) => [...valid, ...random]);
  return known.length > 0 ? fc.oneof(pairs, validish) : pairs;
};

const rawJson = (value: unknown): string => JSON.stringify(value) ?? 'null';

/** A JSON body: random, shaped like a request, or a valid one with one field broken. */
const jsonBody = (route: ApiRoute): fc.Arbitrary<string> => {
  const valid = VALID_BODIES[route.body ?? ''] ?? {};
  const fields = Object.keys(valid);
  const shaped = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), printable(10)), anyValue, {
    maxKeys: 6,
  });
  const options: Array<fc.Arbitrary<string>> = [
    fc.jsonValue({ maxDepth: 4 }).map(rawJson),
    shaped.map(rawJson),
    // Deep nesting, for recursive validation and transformation.
    fc
      .integer({ min: 100, max: 20_000 })
      .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc
      .integer({ min: 100, max: 5_000 })
      .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
    // Not JSON at all, or not quite.
    fc.oneof(
      unicode(100),
      fc.constantFrom('', '{', '{"a":', '[1,]', 'null', '"text"', '1', 'true'),
    ),
  ];
  if (fields.length > 0) {
    options.push(
      // One field replaced, removed, or set to a number JavaScript cannot hold.
      fc
        .tuple(
          fc.constantFrom(...fields),
          fc.oneof(
            anyValue.map((v) => ({ v })),
            fc.constant(undefined),
          ),
        )
        .map(([field, replacement]) => {
          const body: Record<string, unknown> = { ...valid };
          if (replacement) body[field] = replacement.v;
          else delete body[field];
          return rawJson(body);
        }),
      fc
        .tuple(fc.constantFrom(...fields), fc.constantFrom(...HUGE_LITERALS))
        .map(([field, literal]) =>
          rawJson({ ...valid, [field]: '__LITERAL__' }).replace('"__LITERAL__"', literal),
        ),
      // The valid body plus fields nobody asked for.
      fc
        .dictionary(printable(10), anyValue, { minKeys: 1, maxKeys: 3 })
        .map((extra) => rawJson({ ...valid, ...extra })),
      fc.constant(rawJson(valid)),
    );
  }
  return fc.oneof(...options);
};

const formBody: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.tuple(printable(12), printable(20)), { maxLength: 5 })
    .map((pairs) =>
      pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
    ),
  fc.integer({ min: 10, max: 2_000 }).map((depth) => `${'a'}${'[b]'.repeat(depth)}=1`),
  printable(200),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '*/*',
  'nonsense',
];

/** Headers that do not stop a request at the door. */
const ordinaryHeaders = fc.record(
  {
    'x-request-id': printable(300),
    'idempotency-key': fc.oneof(printable(300), fc.uuid()),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x'),
    'x-frenly-identity': printable(200),
    'x-forwarded-for': printable(60),
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher', ''),
    range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=abc'),
    'if-none-match': printable(60),
  },
  { requiredKeys: [] },
);

/** Headers that usually end a request early (cross-site refusal, foreign content types, a stranger's cookie): rarer. */
const disruptiveHeaders = (route: ApiRoute) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          cookie: fc.oneof(
            printable(200),
            printable(60).map((v) => `frenly_session=${v}`),
          ),
          origin: fc.constantFrom('https://evil.example', 'null', 'garbage'),
          'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site'),
          ...(route.method === 'GET' ? {} : { 'content-type': fc.constantFrom(...CONTENT_TYPES) }),
        },
        { requiredKeys: [] },
      ),
    },
  );

const headerBag = (route: ApiRoute): fc.Arbitrary<Record<string, string>> =>
  fc
    .tuple(ordinaryHeaders, disruptiveHeaders(route))
    .map(([ordinary, disruptive]): Record<string, string> => ({ ...ordinary, ...disruptive }));

/** Requests for one route: everything in it may be wrong. */
export function requestsFor(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const parameterCount = (route.path.match(/\{/g) ?? []).length;
  const hasBody = route.method !== 'GET';
  return fc
    .record({
      parameters: fc.array(pathParameter, { minLength: parameterCount, maxLength: parameterCount }),
      rawPath: fc.boolean(),
      query: queryPairs(route),
      rawQuery: fc.boolean(),
      headers: headerBag(route),
      body: hasBody
        ? fc.oneof(jsonBody(route), formBody, fc.constant(undefined))
        : fc.constant(undefined),
      jsonContentType: fc.boolean(),
    })
    .map(({ parameters, rawPath, query, rawQuery, headers, body, jsonContentType }) => {
      const path = fillPath(route.path, parameters, rawPath);
      const search = query
        .map(([k, v]) => `${encoded(k, rawQuery)}=${encoded(v, rawQuery)}`)
        .join('&');
      const allHeaders: Record<string, string> = { ...headers };
      if (body !== undefined && jsonContentType && !('content-type' in headers)) {
        allHeaders['content-type'] = 'application/json';
      }
      return {
        method: route.method,
        target: search ? `${path}?${search}` : path,
        headers: allHeaders,
        body,
      };
    });
}

/** A catalogued path asked with a method nobody serves there. */
export function strangeMethodFor(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.constantFrom('PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'POST', 'GET'),
      pathParameter,
    )
    .filter(([method]) => method !== route.method)
    .map(([method, parameter]): FuzzRequest => ({
      method,
      target: fillPath(route.path, [parameter, parameter], false),
      headers: method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' },
      body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    }));
}
