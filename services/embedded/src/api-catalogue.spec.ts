// The route catalogue of libs/contracts (API_ROUTES, from which docs/api/openapi.json is
// generated) must list exactly the routes the controllers serve, with the same owner and the
// same sign-in requirement: a new controller route without an entry, or an entry whose route
// went away, fails here before the OpenAPI document can lie.
import 'reflect-metadata';
import type { DynamicModule, Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { AnalysisModule } from '@frenly/analysis';
import { API_ROUTES, LIVE_SOCKET_PATH, type ApiRouteOwner } from '@frenly/contracts';
import { GatewayModule, findRoute } from '@frenly/gateway';
import { LedgerModule } from '@frenly/ledger';
import { JsonLogger, PlatformModule, SignedInGuard } from '@frenly/platform';
import { RealtimeModule } from '@frenly/realtime';
import { SearchModule } from '@frenly/search';

// forRoot only describes a module: nothing is opened, so these placeholders are never used.
const unused = {} as never;
const modules: Array<[ApiRouteOwner, DynamicModule]> = [
  ['gateway', GatewayModule.forRoot(unused)],
  ['search', SearchModule.forRoot(unused)],
  ['ledger', LedgerModule.forRoot(unused)],
  ['analysis', AnalysisModule.forRoot(unused)],
  ['realtime', RealtimeModule.forRoot(unused)],
  [
    'each service',
    PlatformModule.forRoot({
      service: 'spec',
      logger: new JsonLogger({ service: 'spec', level: 'silent' }),
    }),
  ],
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'];

interface DeclaredRoute {
  readonly key: string;
  readonly owner: ApiRouteOwner;
  readonly signedIn: boolean;
}

/** `api/sites` + `:id/vote` → `/api/sites/{id}/vote`, the catalogue's (OpenAPI's) spelling. */
function openApiPath(base: string, sub: string): string {
  const joined =
    `/${base}/${sub === '/' ? '' : sub}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/';
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : [String(value ?? '')];

function guardedBySignIn(...targets: object[]): boolean {
  return targets.some((target) =>
    ((Reflect.getMetadata(GUARDS_METADATA, target) as unknown[] | undefined) ?? []).includes(
      SignedInGuard,
    ),
  );
}

function declaredRoutes(owner: ApiRouteOwner, controller: Type): DeclaredRoute[] {
  const proto = controller.prototype as Record<string, object>;
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor' && Reflect.hasMetadata(PATH_METADATA, proto[name]!))
    .flatMap((name) => {
      const handler = proto[name]!;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as number] ?? '?';
      const signedIn = guardedBySignIn(controller, handler);
      return asList(Reflect.getMetadata(PATH_METADATA, controller)).flatMap((base) =>
        asList(Reflect.getMetadata(PATH_METADATA, handler)).map((sub) => ({
          key: `${method} ${openApiPath(base, sub)}`,
          owner,
          signedIn,
        })),
      );
    });
}

const declared = modules.flatMap(([owner, module]) =>
  (module.controllers ?? []).flatMap((controller) => declaredRoutes(owner, controller)),
);
const catalogued = API_ROUTES.filter((route) => !route.websocket).map((route) => ({
  key: `${route.method} ${route.path}`,
  owner: route.owner,
  signedIn: route.auth === 'signed-in',
}));

describe('API_ROUTES (the OpenAPI catalogue)', () => {
  it('reflects the controllers of every module', () => {
    // Guards the reflection itself: an empty list would make the checks below pass.
    expect(declared.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'GET /api/search',
        'POST /api/stakes',
        'POST /api/sites/{id}/reframe',
        'GET /auth/{provider}',
        'POST /auth/logout',
        'GET /health/ready',
        'GET /api/docs',
      ]),
    );
  });

  it.each(declared)('catalogues $key (owner $owner, signed in: $signedIn)', (route) => {
    expect(catalogued.filter((entry) => entry.key === route.key)).toEqual([route]);
  });

  it.each(catalogued)('$key has a controller', (entry) => {
    expect(declared.map((route) => route.key)).toContain(entry.key);
  });

  it('lists each route once', () => {
    const keys = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('names the live socket as the websocket route, owned by realtime as the gateway routes it', () => {
    const sockets = API_ROUTES.filter((route) => route.websocket);
    expect(sockets.map((route) => [route.path, route.owner])).toEqual([
      [LIVE_SOCKET_PATH, 'realtime'],
    ]);
    expect(findRoute(LIVE_SOCKET_PATH)?.owner).toBe('realtime');
  });

  it.each(
    API_ROUTES.filter((route) =>
      ['search', 'ledger', 'analysis', 'realtime'].includes(route.owner),
    ),
  )('the gateway forwards $method $path to $owner, its owner in the catalogue', (route) => {
    expect(findRoute(route.path.replace(/\{[^}]+\}/g, '42'))?.owner).toBe(route.owner);
  });
});
