// The OpenAPI 3.1 document of the HTTP API, from the route catalogue of libs/contracts
// (API_ROUTES) and the JSON Schemas of the contract types it names.
import { closureOf } from './schemas.mjs';

const REQUEST_ID = 'X-Request-Id';
const DOWNSTREAM = new Set(['search', 'ledger', 'analysis', 'realtime']);

/** Answers the distributed gateway adds to every route it forwards (see services/gateway/src/routing). */
const FORWARDING_ERRORS = [
  {
    status: 503,
    description: 'The owning service is unreachable (distributed runtime).',
    body: 'ErrorResponse',
  },
  {
    status: 504,
    description: 'The owning service did not answer in time (distributed runtime).',
    body: 'ErrorResponse',
  },
];

/** The gateway's edge (services/gateway/src/edge): rate limits on the API and sign-in, a body size limit. */
const RATE_LIMITED = /^\/(api|auth)(\/|$)/;
const TOO_MANY = {
  status: 429,
  description: 'Over the rate limit of the client (per user when signed in, per IP otherwise).',
  body: 'ErrorResponse',
  headers: { 'Retry-After': 'Seconds until the budget refills.' },
};
const TOO_LARGE = {
  status: 413,
  description: 'The body is over the size limit (FRENLY_MAX_BODY_BYTES).',
  body: 'ErrorResponse',
};

const TAGS = [
  ['search', 'Web search over the catalogue'],
  ['sites', 'Votes and the community of a site'],
  ['ledger', 'Bamboo: balances and stakes'],
  ['analysis', 'Site analyses and reframing'],
  ['live', 'Live updates over a websocket'],
  ['auth', 'Sign-in, sessions and the current user'],
  ['push', 'Web push subscriptions'],
  ['meta', 'About this installation'],
  ['docs', 'These documents'],
  ['operations', 'Health and metrics, answered by every service'],
];

export function openApiDocument({ routes, schemas, sessionCookie, requestIdHeader, version }) {
  const named = new Set(['ErrorResponse']);
  const paths = {};
  for (const route of routes) {
    const operation = operationOf(route, schemas, named, requestIdHeader);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Frenly API',
      version,
      description: [
        'Every HTTP route of Frenly, answered at the same paths by the embedded runtime and by the gateway of the distributed one.',
        `Generated from libs/contracts (API_ROUTES and the TypeScript types) by scripts/contracts-docs.mjs; do not edit by hand.`,
        `Every answer carries an ${REQUEST_ID} header (the one sent, when acceptable, or a new one); every error body is an \`ErrorResponse\`.`,
      ].join('\n\n'),
    },
    servers: [
      { url: '/', description: 'The gateway (distributed) or the single process (embedded)' },
    ],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: closureOf(schemas, [...named]),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie,
          description:
            'The session cookie set by signing in (/api/login). The gateway passes the user on to the services as a signed identity.',
        },
      },
      headers: {
        [REQUEST_ID]: {
          description:
            'Request id: echoed when the request sent an acceptable one, generated otherwise; also in the logs and in the events the request caused.',
          schema: { type: 'string' },
        },
      },
    },
  };
}

function operationOf(route, schemas, named, requestIdHeader) {
  const operation = {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
  };
  const parameters = [
    ...(route.parameters ?? []).map(parameterOf),
    ...queryParameters(route.query, schemas),
  ];
  parameters.push({
    name: requestIdHeader,
    in: 'header',
    required: false,
    description:
      'Optional request id (1-128 of A-Z a-z 0-9 . _ : @ -) to follow the request through logs and events.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:@-]{1,128}$' },
  });
  operation.parameters = parameters;
  if (route.body) {
    named.add(route.body);
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: ref(route.body) } },
    };
  }
  const responses = [...route.responses];
  const extras = [
    ...(DOWNSTREAM.has(route.owner) && !route.websocket ? FORWARDING_ERRORS : []),
    ...(RATE_LIMITED.test(route.path) ? [TOO_MANY] : []),
    ...(route.body ? [TOO_LARGE] : []),
  ];
  for (const extra of extras)
    if (!responses.some((r) => r.status === extra.status)) responses.push(extra);
  operation.responses = Object.fromEntries(
    responses
      .sort((a, b) => a.status - b.status)
      .map((response) => {
        if (response.body) named.add(response.body);
        return [String(response.status), responseOf(response)];
      }),
  );
  if (route.auth === 'signed-in') operation.security = [{ session: [] }];
  if (route.websocket) operation['x-websocket'] = true;
  operation['x-frenly-owner'] = route.owner;
  return operation;
}

function responseOf(response) {
  const out = { description: response.description };
  const headers = { [REQUEST_ID]: { $ref: `#/components/headers/${REQUEST_ID}` } };
  for (const [name, description] of Object.entries(response.headers ?? {}))
    headers[name] = { description, schema: { type: 'string' } };
  out.headers = headers;
  if (response.body) {
    const schema = response.array
      ? { type: 'array', items: ref(response.body) }
      : ref(response.body);
    out.content = { [response.contentType ?? 'application/json']: { schema } };
  } else if (response.contentType) {
    out.content = { [response.contentType]: { schema: { type: 'string' } } };
  }
  return out;
}

function parameterOf(parameter) {
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.in === 'path' ? true : Boolean(parameter.required),
    description: parameter.description,
    schema: { ...parameter.schema },
  };
}

/** The properties of a contract type, as query parameters. */
function queryParameters(typeName, schemas) {
  if (!typeName) return [];
  const schema = schemas[typeName];
  if (!schema?.properties)
    throw new Error(`query type ${typeName} is not an object type of libs/contracts`);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function operationId(route) {
  const words = route.path
    .split('/')
    .filter((part) => part && part !== 'api')
    .map((part) => part.replace(/[{}]/g, '').replace(/\.json$/, 'Json'))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words]
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');
}

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
