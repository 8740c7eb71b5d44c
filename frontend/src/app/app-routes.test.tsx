import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA, renderApp, siteFixture, stubServer } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const location = () => screen.getByTestId('location').textContent;

/** The browser's speech recognition, replaced by recorders of what the app sets and calls. */
function stubSpeechRecognition() {
  const created: FakeRecognition[] = [];
  vi.stubGlobal(
    'webkitSpeechRecognition',
    class implements FakeRecognition {
      lang = '';
      maxAlternatives = 0;
      interimResults = true;
      continuous = true;
      onresult: (e: { results: { transcript: string }[][] }) => void = () => {};
      onerror: (e: { error: string }) => void = () => {};
      onend: () => void = () => {};
      constructor() {
        created.push(this);
      }
      start() {}
      stop() {}
    },
  );
  return created;
}

interface FakeRecognition {
  lang: string;
  maxAlternatives: number;
  onresult: (e: { results: { transcript: string }[][] }) => void;
  onerror: (e: { error: string }) => void;
  onend: () => void;
}

describe('routes (spec §2)', () => {
  it('shows a spinner while the authentication check runs', () => {
    stubServer(null, { 'GET /api/auth/user': () => new Promise<Response>(() => {}) });
    renderApp('/');
    expect(screen.getByText('Checking your session')).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('shows the landing screen at / when signed out, with a button per provider', async () => {
    stubServer(null);
    renderApp('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Welcome to Frenly',
    );
    expect(
      screen.getByText('AI-powered web transparency and community-driven website analysis'),
    ).toBeTruthy();
    const signIn = await screen.findByRole('link', { name: 'Sign in with Development sign-in' });
    expect(signIn.getAttribute('href')).toBe('/auth/dev');
    // A score needs an analysis: the promise is made for analysed results only.
    expect(
      screen.getByText(/^Each result Frenly has analysed shows its Frenliness score/),
    ).toBeTruthy();
  });

  it('brings a visitor who signs in from the results back to the same results', async () => {
    stubServer(null, {
      'GET /api/search': () =>
        Response.json({
          query: 'python',
          results: [siteFixture({ id: 1, title: 'Python' })],
          total: 1,
          totalIsEstimate: false,
          page: 1,
          limit: 10,
          correctedQuery: null,
        }),
    });
    const actor = userEvent.setup();
    renderApp('/?q=python&page=1');
    await actor.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(location()).toBe(`/home?returnTo=${encodeURIComponent('/?q=python&page=1')}`);
    const signIn = await screen.findByRole('link', { name: 'Sign in with Development sign-in' });
    expect(signIn.getAttribute('href')).toBe(
      `/auth/dev?returnTo=${encodeURIComponent('/?q=python&page=1')}`,
    );
  });

  it('asks the session again when Back restores a page from the browser cache (no previous user shown)', async () => {
    let signedIn = true;
    stubServer(null, {
      'GET /api/auth/user': () =>
        signedIn ? Response.json(ADA) : new Response('Unauthorized', { status: 401 }),
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Frenly Dashboard' });
    signedIn = false;
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(
      (await screen.findByRole('heading', { level: 1, name: 'Welcome to Frenly' })).textContent,
    ).toBe('Welcome to Frenly');
    expect(screen.queryByTestId('bamboo-balance')).toBeNull();
  });

  it('shows the search home at / and at unknown paths when signed in', async () => {
    stubServer(ADA);
    renderApp('/somewhere/else');
    expect(await screen.findByRole('button', { name: 'Frenly Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "I'm Feeling Frenly" })).toBeTruthy();
    // No score is promised for a result Frenly has not analysed.
    expect(screen.getByText(/once Frenly has analysed a site, its Frenliness score/)).toBeTruthy();
    expect(screen.getByText('1,000')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /open your dashboard/ }).querySelector('[aria-hidden]')
        ?.textContent,
    ).toBe('AL');
    expect(screen.getByRole('link', { name: /open your dashboard/ }).getAttribute('href')).toBe(
      '/dashboard',
    );
    // The initials are labelled where there is room, and Sign Out is reachable from here too.
    expect(screen.getByRole('link', { name: /open your dashboard/ }).textContent).toContain(
      'Dashboard',
    );
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout');
  });

  it('lets ?q= win over any path', async () => {
    stubServer(null, {
      'GET /api/search': () =>
        Response.json({
          query: 'cats',
          results: [siteFixture()],
          total: 1234,
          totalIsEstimate: false,
          page: 1,
          limit: 10,
          correctedQuery: null,
        }),
    });
    renderApp('/browser?q=cats');
    expect(
      await screen.findByText('About 1,234 results with AI transparency insights'),
    ).toBeTruthy();
  });

  it('shows the dashboard at /dashboard when signed in, the landing screen otherwise', async () => {
    stubServer(ADA);
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByText('Welcome back, Ada!')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Frenly Dashboard');
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe(
      '/auth/logout',
    );
    expect(
      await screen.findByText('No stakes yet. Start by analyzing some websites!'),
    ).toBeTruthy();
    expect(await screen.findByText('No trending searches available.')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    stubServer(null);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome to Frenly' })).toBeTruthy();
  });
});

describe('dashboard stakes', () => {
  it('link each staked site to the analysis of its own address (an http-only site stays http)', async () => {
    stubServer(ADA, {
      'GET /api/stakes/user': () =>
        Response.json([
          {
            id: 's1',
            userId: ADA.id,
            siteId: 7,
            amount: 25,
            type: 'support',
            message: null,
            createdAt: '2026-11-27T10:00:00.000Z',
            domain: 'old.example',
            url: 'http://old.example/',
          },
        ]),
    });
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'old.example' });
    expect(link.getAttribute('href')).toBe(
      `/analysis?url=${encodeURIComponent('http://old.example/')}`,
    );
  });
});

describe('search home', () => {
  it('ignores blank text and searches the trimmed text with either button', async () => {
    stubServer(null);
    const user = userEvent.setup();
    renderApp('/search');
    await user.click(await screen.findByRole('button', { name: 'Frenly Search' }));
    expect(location()).toBe('/search');
    await user.type(screen.getByRole('searchbox'), '   ');
    await user.click(screen.getByRole('button', { name: "I'm Feeling Frenly" }));
    expect(location()).toBe('/search');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '  ai & ethics ');
    await user.click(screen.getByRole('button', { name: "I'm Feeling Frenly" }));
    expect(location()).toBe('/search?q=ai%20%26%20ethics');
  });

  it('shows the fallback trending chips when trending is empty, and a chip searches', async () => {
    stubServer(null);
    const user = userEvent.setup();
    renderApp('/search');
    const trending = await screen.findByRole('region', { name: 'Trending Searches' });
    const chips = within(trending)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(chips).toEqual([
      'sustainable fashion',
      'AI ethics',
      'climate change solutions',
      'digital wellness',
    ]);
    await user.click(within(trending).getByRole('button', { name: 'AI ethics' }));
    expect(location()).toBe('/search?q=AI%20ethics');
  });

  it('shows the server’s trending searches when there are some', async () => {
    stubServer(null, { 'GET /api/search/trending': () => Response.json(['open source']) });
    renderApp('/search');
    const trending = await screen.findByRole('region', { name: 'Trending Searches' });
    expect(await within(trending).findByRole('button', { name: 'open source' })).toBeTruthy();
  });

  it('alerts when voice input is not supported', async () => {
    stubServer(null);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const user = userEvent.setup();
    renderApp('/search');
    await user.click(await screen.findByRole('button', { name: 'Search by voice' }));
    expect(alert).toHaveBeenCalledWith('Speech recognition is not supported in your browser.');
  });

  it('takes one English result from speech recognition and searches it', async () => {
    stubServer(null);
    const created = stubSpeechRecognition();
    const user = userEvent.setup();
    renderApp('/search');
    await user.click(await screen.findByRole('button', { name: 'Search by voice' }));
    expect(created[0]).toMatchObject({ lang: 'en-US', maxAlternatives: 1 });
    created[0]?.onresult({ results: [[{ transcript: 'green energy' }]] });
    await waitFor(() => expect(location()).toBe('/search?q=green%20energy'));
  });

  it('says so when the microphone permission is refused, and stops listening', async () => {
    stubServer(null);
    const created = stubSpeechRecognition();
    const user = userEvent.setup();
    renderApp('/search');
    await user.click(await screen.findByRole('button', { name: 'Search by voice' }));
    act(() => {
      created[0]?.onerror({ error: 'not-allowed' });
      created[0]?.onend();
    });
    expect(
      await screen.findByText(
        'Voice search needs the microphone. Allow it for this site in your browser, then try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search by voice' })).toBeTruthy();
  });

  it('explains a score: the badge says its band and findings and leads to "How scores work"', async () => {
    stubServer(null, {
      'GET /api/search': () =>
        Response.json({
          query: 'q',
          results: [siteFixture({ id: 1, title: 'Shop', frenlinessScore: 32 })],
          total: 1,
          totalIsEstimate: false,
          page: 1,
          limit: 10,
          correctedQuery: null,
        }),
    });
    const user = userEvent.setup();
    renderApp('/?q=shop');
    const badge = await screen.findByRole('link', {
      name: /How scores work/,
    });
    expect(badge.textContent).toBe('Frenliness 32 Unfrenly (under 40 of 100). How scores work');
    await user.click(badge);
    await waitFor(() => expect(location()).toBe('/scores'));
    expect(await screen.findByRole('heading', { level: 1, name: 'How scores work' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What it does not see' })).toBeTruthy();
    expect(screen.getByText('Unfrenly · under 40')).toBeTruthy();
  });
});
