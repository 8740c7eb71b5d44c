// Every HTTP route a service module declares must be claimed by that service in the gateway's
// route table, or the distributed gateway answers it 404 while the embedded runtime serves it.
import 'reflect-metadata';
import type { DynamicModule, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { AnalysisModule } from '@frenly/analysis';
import { findRoute, type DownstreamService } from '@frenly/gateway';
import { LedgerModule } from '@frenly/ledger';
import { RealtimeModule } from '@frenly/realtime';
import { SearchModule } from '@frenly/search';

// forRoot only describes the module: nothing is opened, so these placeholders are never used.
const unused = {} as never;
const modules: Record<DownstreamService, DynamicModule> = {
  search: SearchModule.forRoot(unused),
  ledger: LedgerModule.forRoot(unused),
  analysis: AnalysisModule.forRoot(unused),
  realtime: RealtimeModule.forRoot(unused),
};

/** `/api/sites/:id/vote` → `/api/sites/42/vote`: a concrete path the route table can match. */
function concrete(path: string): string {
  return (
    `/${path}`
      .replace(/\/+/g, '/')
      .replace(/:[^/]+/g, '42')
      .replace(/\/$/, '') || '/'
  );
}

function declaredRoutes(controller: Type): { method: string; path: string }[] {
  const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto)
    .filter(
      (name) => name !== 'constructor' && Reflect.hasMetadata(PATH_METADATA, proto[name] as object),
    )
    .map((name) => {
      const handler = proto[name] as object;
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler));
      const method =
        ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'][
          Reflect.getMetadata(METHOD_METADATA, handler) as number
        ] ?? '?';
      return { method, path: concrete(`${base}/${sub === '/' ? '' : sub}`) };
    });
}

const routes = Object.entries(modules).flatMap(([service, module]) =>
  (module.controllers ?? []).flatMap((controller) =>
    declaredRoutes(controller).map((route) => ({ service, ...route })),
  ),
);

describe('gateway route table covers every service route', () => {
  it('finds the HTTP routes of the service modules', () => {
    // A guard on the reflection itself: without it an empty list would pass the next test.
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/search',
        'POST /api/stakes',
        'GET /api/sites/42/community',
        'POST /api/sites/analyze',
      ]),
    );
  });

  it.each(routes)('$method $path is forwarded to $service', ({ service, path }) => {
    expect(findRoute(path)?.owner).toBe(service);
  });
});
