// Requests for the "unstorable text" property of the fuzz suite: for every text slot of every
// catalogued route (each string field of its JSON body, however deep; each field of its query
// contract; each site id in its path), a valid request with NUL or a lone surrogate put into
// that one slot, amid arbitrary text. Lone surrogates travel only in JSON (`"\ud800"`): a URL
// carries UTF-8, which cannot hold them, so path and query slots get NUL (`%00`).
import type { ApiRoute } from '@frenly/contracts';
import fc from 'fast-check';
import { VALID_BODIES, VALID_QUERIES, type FuzzRequest } from './fuzz-requests.js';

/** Valid query values per contract type (the fuzz's own valid queries, plus the rest). */
const QUERIES: Readonly<Record<string, Record<string, string>>> = {
  ...VALID_QUERIES,
  MyVotesRequest: { siteIds: '1' },
};

/** A site that exists in a fresh runtime (the seeded catalogue starts at 1). */
const SITE_ID = '1';
/** An analysis id is a UUID (this one names no analysis: a valid request answers 404). */
const ANALYSIS_ID = '00000000-0000-4000-8000-000000000000';

/** The valid `{id}` of a route: an analysis's UUID, or a site's id. */
const validIdFor = (route: ApiRoute): string =>
  route.path.startsWith('/api/analyses/') ? ANALYSIS_ID : SITE_ID;

export interface TextSlot {
  readonly route: ApiRoute;
  readonly in: 'body' | 'query' | 'path';
  /** Field path in the body (`['keys', 'auth']`), query name, or path parameter name. */
  readonly field: readonly string[];
}

/** Every place a client puts text into the routes that take input. */
export function textSlotsOf(routes: readonly ApiRoute[]): TextSlot[] {
  return routes.flatMap((route) => [
    ...stringFieldsOf(VALID_BODIES[route.body ?? ''] ?? {}).map((field): TextSlot => ({
      route,
      in: 'body',
      field,
    })),
    ...Object.keys(QUERIES[route.query ?? ''] ?? {}).map((name): TextSlot => ({
      route,
      in: 'query',
      field: [name],
    })),
    ...(route.path.includes('{id}') ? [{ route, in: 'path' as const, field: ['id'] }] : []),
  ]);
}

function stringFieldsOf(value: Record<string, unknown>, parent: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string'
      ? [[...parent, key]]
      : child !== null && typeof child === 'object'
        ? stringFieldsOf(child as Record<string, unknown>, [...parent, key])
        : [],
  );
}

const hazard = (jsonOnly: boolean) =>
  fc.constantFrom(...(jsonOnly ? ['\u0000', '\ud800', '\udfff', '\ude00\ud83d'] : ['\u0000']));

/** Text around the hazard: nothing, or a few ordinary characters on either side. */
const surrounding = fc.string({
  unit: fc.constantFrom(...'abc xyz 12.-_/éß'.split('')),
  maxLength: 8,
});

/** The text put into the slot: the valid value's place taken by text holding one hazard. */
export function unstorableTextFor(slot: TextSlot): fc.Arbitrary<string> {
  return fc
    .tuple(surrounding, hazard(slot.in === 'body'), surrounding)
    .map(([before, bad, after]) => `${before}${bad}${after}`);
}

/** The route's valid request (signed in), as the control of the text slots. */
export function validRequestFor(route: ApiRoute): FuzzRequest {
  return requestWithText({ route, in: 'path', field: ['id'] }, validIdFor(route));
}

/** The route's valid request (signed in), with `text` in `slot`. */
export function requestWithText(slot: TextSlot, text: string): FuzzRequest {
  const { route } = slot;
  const params: Record<string, string> = { id: validIdFor(route) };
  if (slot.in === 'path') params[slot.field[0]!] = text;
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? 'x'),
  );
  const query: Record<string, string> = { ...(QUERIES[route.query ?? ''] ?? {}) };
  if (slot.in === 'query') query[slot.field[0]!] = text;
  const search = new URLSearchParams(query).toString();
  let body: string | undefined;
  if (route.method !== 'GET') {
    const valid = structuredClone(VALID_BODIES[route.body ?? ''] ?? {});
    if (slot.in === 'body') setField(valid, slot.field, text);
    body = JSON.stringify(valid); // writes a lone surrogate as the escape `\ud800`
  }
  return {
    method: route.method,
    target: search ? `${path}?${search}` : path,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body,
  };
}

function setField(target: Record<string, unknown>, field: readonly string[], value: string): void {
  let holder = target;
  for (const key of field.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  holder[field.at(-1)!] = value;
}

/** Spellings of site 1 that are not its canonical decimal id. */
export const NON_CANONICAL_SITE_IDS = ['0x1', '1e0', ' 1', '1 ', '01', '+1', '1.0', '0b1'];

/** The route's valid request (signed in) with `id` written as given (raw in the path, but spaces). */
export function requestWithSiteId(route: ApiRoute, id: string): FuzzRequest {
  const request = requestWithText({ route, in: 'path', field: ['id'] }, 'placeholder');
  return {
    ...request,
    target: request.target.replace('placeholder', id.replace(/ /g, '%20').replace(/\+/g, '%2B')),
  };
}
