import type { SearchResultDto } from '@frenly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA, FakeWebSocket, renderApp, siteFixture, stubServer } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function answer(results: SearchResultDto[], total = results.length) {
  return () =>
    Response.json({
      query: 'q',
      results,
      total,
      totalIsEstimate: false,
      page: 1,
      limit: 10,
      correctedQuery: null,
    });
}

const card = (title: string) => screen.getByRole('article', { name: new RegExp(title) });

describe('search results', () => {
  it('shows 5 placeholders while loading', async () => {
    stubServer(null, { 'GET /api/search': () => new Promise<Response>(() => {}) });
    renderApp('/?q=slow');
    expect(await screen.findAllByTestId('result-placeholder')).toHaveLength(5);
  });

  it('says "About 1 result" for one result', async () => {
    stubServer(null, { 'GET /api/search': answer([siteFixture({ id: 1, title: 'Only' })]) });
    renderApp('/?q=one');
    expect(await screen.findByText('About 1 result with AI transparency insights')).toBeTruthy();
  });

  it('explains a refused search in words, with no retry that cannot help', async () => {
    stubServer(null, {
      'GET /api/search': () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: 'q must be at most 200 characters' },
          { status: 400 },
        ),
    });
    renderApp(`/?q=${'a'.repeat(201)}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This search cannot be run.')).toBeTruthy();
    expect(
      within(alert).getByText(
        'Q must be at most 200 characters. Change the search and try it again.',
      ),
    ).toBeTruthy();
    expect(alert.textContent).not.toContain('statusCode');
    expect(alert.textContent).not.toContain('400');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the server cannot be reached when the network fails, and offers a retry', async () => {
    stubServer(null, {
      'GET /api/search': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/?q=offline');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Frenly cannot be reached.')).toBeTruthy();
    expect(alert.textContent).not.toContain('Failed to fetch');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('moves to the top and focuses the results heading on Next', async () => {
    const results = Array.from({ length: 10 }, (_, i) =>
      siteFixture({ id: i + 1, title: `R${i}` }),
    );
    stubServer(null, { 'GET /api/search': answer(results, 25) });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const actor = userEvent.setup();
    renderApp('/?q=many');
    await actor.click(await screen.findByRole('link', { name: /Next/ }));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0 }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Search results for many' }),
    );
  });

  it('shows the empty state', async () => {
    stubServer(null, { 'GET /api/search': answer([]) });
    renderApp('/?q=nothing');
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.getByText('Try different keywords or check your spelling.')).toBeTruthy();
  });

  it('shows every badge, the score bands and the Community Alert below 40', async () => {
    stubServer(null, {
      'GET /api/search': answer([
        siteFixture({
          id: 1,
          title: 'Best',
          frenlinessScore: 85,
          trustScore: 'high',
          isVerified: true,
        }),
        siteFixture({
          id: 2,
          title: 'Fair',
          frenlinessScore: 45,
          trustScore: 'medium',
          isVerified: false,
        }),
        siteFixture({
          id: 3,
          title: 'Poor',
          frenlinessScore: 39,
          trustScore: 'low',
          isVerified: false,
        }),
        siteFixture({
          id: 4,
          title: 'New',
          frenlinessScore: null,
          trustScore: null,
          url: 'https://new.example/x',
          analyzedAt: null,
          insight: { state: 'queued', etaMinutes: 3 },
        }),
      ]),
    });
    renderApp('/?q=sites');
    await screen.findByText('About 4 results with AI transparency insights');

    const best = card('Best');
    expect(
      within(best).getByText('Frenliness 85').closest('[data-band]')?.getAttribute('data-band'),
    ).toBe('best');
    expect(best.querySelector('[data-icon=shield]')).not.toBeNull();
    expect(within(best).getByText('Verified')).toBeTruthy();
    expect(within(best).getByText('High Trust')).toBeTruthy();
    expect(within(best).queryByText('Community Alert')).toBeNull();

    const fair = card('Fair');
    expect(fair.querySelector('[data-icon=warning]')).not.toBeNull();
    expect(within(fair).queryByText('Verified')).toBeNull();
    expect(within(fair).queryByText('High Trust')).toBeNull();
    expect(within(fair).queryByText('Community Alert')).toBeNull();

    const poor = card('Poor');
    expect(
      within(poor).getByText('Frenliness 39').closest('[data-band]')?.getAttribute('data-band'),
    ).toBe('poor');
    expect(within(poor).getByText('Community Alert')).toBeTruthy();
    expect(
      within(poor).getByText(
        'This site has received concerns about its practices and transparency.',
        { exact: false },
      ),
    ).toBeTruthy();
    // The alert says what raised it: the score, then the community's own votes.
    expect(within(poor).getByTestId('alert-trigger').textContent).toBe(
      "Shown because Frenly's analysis scored this site 39 out of 100 (alerts show below 40). 1 person has voted it down, 3 up.",
    );

    const fresh = card('New');
    expect(within(fresh).getByText('Queued for analysis')).toBeTruthy();
    expect(within(fresh).getByTestId('insight-status').textContent).toBe(
      'Queued for analysis — usually ready in 3 min',
    );
    expect(within(fresh).queryByText(/Frenliness/)).toBeNull();
    expect(within(fresh).getByRole('link', { name: 'Analyse it' }).getAttribute('href')).toBe(
      '/analysis?url=https%3A%2F%2Fnew.example%2Fx',
    );
  });

  it('opens the title in a new tab, and offers staking and a deep analysis', async () => {
    stubServer(null, { 'GET /api/search': answer([siteFixture({ totalStaked: 1250 })]) });
    renderApp('/?q=example');
    const title = await screen.findByRole('link', { name: /Example/ });
    expect(title.getAttribute('href')).toBe('https://example.org/');
    expect(title.getAttribute('target')).toBe('_blank');
    expect(title.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Stake Bamboo (1,250)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AI Deep Analysis' }).getAttribute('href')).toBe(
      '/analysis?url=https%3A%2F%2Fexample.org%2F',
    );
  });

  it('asks visitors to sign in to vote or stake', async () => {
    const server = stubServer(null, { 'GET /api/search': answer([siteFixture()]) });
    const user = userEvent.setup();
    renderApp('/?q=example');
    await user.click(await screen.findByRole('button', { name: /Vote up/ }));
    expect(await screen.findByText('Please sign in to vote on sites.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Stake Bamboo/ }));
    expect(await screen.findByText('Please sign in to stake bamboo.')).toBeTruthy();
    expect(screen.getByText('Sign in required')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('updates the counts from the vote’s answer', async () => {
    const server = stubServer(ADA, {
      'GET /api/search': answer([siteFixture({ id: 9, upvotes: 3, downvotes: 1 })]),
      'POST /api/sites/9/vote': () => Response.json({ upvotes: 4, downvotes: 1 }),
    });
    const user = userEvent.setup();
    renderApp('/?q=example');
    await user.click(await screen.findByRole('button', { name: /Vote up/ }));
    await waitFor(() => expect(screen.getByTestId('upvotes').textContent).toBe('4'));
    expect(server.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/sites/9/vote',
      body: { type: 'up' },
    });
  });

  it('shows how the signed-in user voted, and announces a vote removed by voting the same way again', async () => {
    let mine: 'up' | null = 'up';
    const server = stubServer(ADA, {
      'GET /api/search': answer([siteFixture({ id: 9, upvotes: 3, downvotes: 1 })]),
      'GET /api/ledger/votes': () => Response.json({ votes: mine ? { '9': mine } : {} }),
      'POST /api/sites/9/vote': () => {
        mine = null;
        return Response.json({ upvotes: 2, downvotes: 1, yourVote: null });
      },
    });
    const user = userEvent.setup();
    renderApp('/?q=example');
    const up = await screen.findByRole('button', { name: /Vote up/ });
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: /Vote down/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(server.calls.find((c) => c.path.startsWith('/api/ledger/votes'))?.path).toBe(
      '/api/ledger/votes?siteIds=9',
    );
    await user.click(up);
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByTestId('upvotes').textContent).toBe('2');
    expect(
      within(screen.getByRole('group', { name: /Votes for/ })).getByRole('status').textContent,
    ).toMatch(/Your up vote on .+ was removed\./);
  });

  it('shows no pressed state to visitors and asks nobody for their votes', async () => {
    const server = stubServer(null, {
      'GET /api/search': answer([siteFixture({ id: 9 })]),
    });
    renderApp('/?q=example');
    const up = await screen.findByRole('button', { name: /Vote up/ });
    expect(up.hasAttribute('aria-pressed')).toBe(false);
    expect(server.calls.some((c) => c.path.startsWith('/api/ledger/votes'))).toBe(false);
  });

  it('shows the vote failure toast', async () => {
    stubServer(ADA, {
      'GET /api/search': answer([siteFixture({ id: 9 })]),
      'POST /api/sites/9/vote': () => new Response('boom', { status: 500 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/?q=example');
    await user.click(await screen.findByRole('button', { name: /Vote down/ }));
    expect(await screen.findByText('Failed to vote. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('on a 401 says so and goes to /api/login after 500 ms', async () => {
    stubServer(ADA, {
      'GET /api/search': answer([siteFixture({ id: 9 })]),
      'POST /api/sites/9/vote': () => new Response('Sign in required', { status: 401 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderApp('/?q=example');
    await user.click(await screen.findByRole('button', { name: /Vote up/ }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 1500 });
  });

  it('applies live vote updates to the shown results while signed in', async () => {
    FakeWebSocket.instances = [];
    stubServer(ADA, {
      'GET /api/search': answer([siteFixture({ id: 9, upvotes: 3, downvotes: 1 })]),
    });
    renderApp('/?q=example');
    await screen.findByRole('article');
    const socket = FakeWebSocket.instances.at(-1);
    expect(socket?.url).toBe(
      'ws://localhost:3000/ws'.replace('localhost:3000', window.location.host),
    );
    socket?.emit(JSON.stringify({ type: 'vote_update', siteId: 9, upvotes: 10, downvotes: 2 }));
    await waitFor(() => expect(screen.getByTestId('upvotes').textContent).toBe('10'));
    expect(screen.getByTestId('downvotes').textContent).toBe('2');
  });

  it('says how many results on the page have no insights yet, and why when the web is out of reach', async () => {
    const pending = siteFixture({
      id: 2,
      title: 'Pending',
      frenlinessScore: null,
      trustScore: null,
      analyzedAt: null,
      insight: { state: 'unreachable' },
    });
    stubServer(null, {
      'GET /api/search': () =>
        Response.json({
          query: 'q',
          results: [siteFixture({ id: 1 }), pending],
          total: 2,
          totalIsEstimate: false,
          page: 1,
          limit: 10,
          correctedQuery: null,
          web: 'unreachable',
        }),
    });
    renderApp('/?q=sites');
    // The spec's line stays as it is; the note under it keeps it true.
    await screen.findByText('About 2 results with AI transparency insights');
    expect(screen.getByTestId('pending-insights-note').textContent).toBe(
      '1 of 2 results on this page have not been analysed yet: Frenly cannot reach the web from here.',
    );
    expect(within(card('Pending')).getByTestId('insight-status').textContent).toBe(
      'Frenly cannot reach the web from here, so this site cannot be analysed yet',
    );
  });

  it('shows no note when every result on the page is analysed', async () => {
    stubServer(null, { 'GET /api/search': answer([siteFixture({ id: 1 })]) });
    renderApp('/?q=one');
    await screen.findByText('About 1 result with AI transparency insights');
    expect(screen.queryByTestId('pending-insights-note')).toBeNull();
  });

  it('turns a queued card into an analysed one when its analysis lands, live', async () => {
    FakeWebSocket.instances = [];
    stubServer(ADA, {
      'GET /api/search': answer([
        siteFixture({
          id: 9,
          title: 'Fresh',
          frenlinessScore: null,
          trustScore: null,
          analyzedAt: null,
          insight: { state: 'queued', etaMinutes: 2 },
        }),
      ]),
    });
    renderApp('/?q=example');
    const fresh = await screen.findByRole('article');
    expect(within(fresh).queryByText(/Frenliness/)).toBeNull();
    FakeWebSocket.instances.at(-1)?.emit(
      JSON.stringify({
        type: 'site_insights_update',
        siteId: 9,
        url: 'https://example.org/',
        domain: 'example.org',
        frenlinessScore: 72,
        trustScore: 'high',
        trackers: 2,
        darkPatterns: ['Countdown timer'],
        analysedAt: new Date().toISOString(),
        tier: 'html',
      }),
    );
    await within(fresh).findByText('Frenliness 72');
    expect(within(fresh).getByText('High Trust')).toBeTruthy();
    expect(within(fresh).getByTestId('insight-summary').textContent).toBe(
      '2 trackers · 1 manipulative pattern',
    );
    expect(within(fresh).getByTestId('insight-age').textContent).toBe('Analysed just now');
    expect(within(fresh).queryByTestId('insight-status')).toBeNull();
  });
});
