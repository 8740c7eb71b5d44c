import type { SearchResultDto, UserDto } from '@frenly/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';
import { toastStore } from '../features/toasts/toast-store';

export const ADA: UserDto = {
  id: 'u-ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  profileImageUrl: null,
  bambooBalance: 1000,
};

export function siteFixture(overrides: Partial<SearchResultDto> = {}): SearchResultDto {
  return {
    id: 1,
    url: 'https://example.org/',
    siteUrl: 'https://example.org/',
    siteQuery: 'site:example.org example',
    moreFromSite: false,
    snippet: [],
    title: 'Example',
    description: 'An example site.',
    domain: 'example.org',
    frenlinessScore: 85,
    trustScore: 'high',
    upvotes: 3,
    downvotes: 1,
    isVerified: true,
    isClaimed: false,
    totalStaked: 120,
    analysisData: null,
    indexedAt: '2026-11-01T00:00:00Z',
    analyzedAt: '2026-11-02T00:00:00Z',
    insight: { state: 'analysed' },
    domainFacts: { owner: null },
    ...overrides,
  };
}

/** Records live sockets instead of connecting: tests push frames through `emit`. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  emit(data: string) {
    this.onmessage?.({ data });
  }
  close() {}
}

export type Handler = (request: {
  method: string;
  url: URL;
  body: unknown;
}) => Response | Promise<Response>;

export interface FakeServer {
  calls: { method: string; path: string; body: unknown }[];
}

/**
 * Stubs fetch with `handlers` keyed by "METHOD /path" (query string ignored); unknown calls
 * answer 404. The signed-in user is `user` (null: signed out, answered `null` as the gateway does).
 */
export function stubServer(
  user: UserDto | null,
  handlers: Record<string, Handler> = {},
): FakeServer {
  const server: FakeServer = { calls: [] };
  const defaults: Record<string, Handler> = {
    'GET /api/auth/user': () => Response.json(user),
    'GET /api/auth/providers': () => Response.json([{ id: 'dev', name: 'Development sign-in' }]),
    'GET /api/search/trending': () => Response.json([]),
    'GET /api/stakes/user': () => Response.json([]),
  };
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    server.calls.push({ method, path: url.pathname + url.search, body });
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key] ?? defaults[key];
    return handler ? handler({ method, url, body }) : new Response('Not Found', { status: 404 });
  });
  return server;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Routes() {
  return (
    <>
      {useRoutes(routes)}
      <LocationProbe />
    </>
  );
}

/** Renders the whole app at `path` with a fresh store. */
export function renderApp(path: string) {
  toastStore.dismiss();
  const store = makeStore();
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store };
}
