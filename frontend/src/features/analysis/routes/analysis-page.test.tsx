import type { AnalysisResponse } from '@frenly/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { routes } from '../../../app/routes';
import { makeStore } from '../../../app/store';
import { ADA, renderApp, siteFixture, stubServer } from '../../../test/render-app';

/** The gateway's mark on the page's HTML (arrival-marker.ts); null: no mark at all. */
function markArrival(content: 'same-site' | 'cross-site' | null) {
  document.head.querySelector('meta[name="frenly-arrival"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'frenly-arrival';
  meta.content = content;
  document.head.append(meta);
}

// Most tests open the page as this site's own link would: the gateway marked it same-site.
beforeEach(() => markArrival('same-site'));
afterEach(() => {
  vi.unstubAllGlobals();
  markArrival(null);
});

const analysis: AnalysisResponse = {
  site: siteFixture({
    id: 7,
    domain: 'example.org',
    title: 'Example',
    description: 'Plain and simple.',
    frenlinessScore: 72,
    isVerified: true,
    isClaimed: true,
    upvotes: 2,
    downvotes: 1,
    totalStaked: 300,
    analysisData: {
      frenliness: {
        reasoning: 'No trackers; one nudging banner.',
        improvements: ['Offer a clear reject button.', 'Second'],
        manipulativePatterns: ['Pre-ticked consent box'],
      },
      ux: { details: { strengths: ['Readable typography'] } },
    },
  }),
  uxScore: { accessibility: 91, clarity: 84, joyFactor: 58, lowFriction: 37 },
  recentStakes: [
    {
      id: 's1',
      userId: 'u',
      siteId: 7,
      amount: 100,
      type: 'support',
      message: 'Honest.',
      createdAt: '2026-11-20T10:00:00Z',
    },
  ],
};

describe('Frenly Analyzer', () => {
  it('asks visitors to sign in', async () => {
    stubServer(null);
    renderApp('/analysis');
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeTruthy();
    expect(screen.getByText('Please sign in to access the Frenly Analyzer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login');
  });

  it('shows the header with balance, initials and Sign Out to /api/logout', async () => {
    stubServer(ADA);
    renderApp('/analysis');
    expect(await screen.findByRole('heading', { name: 'Analyze Any Website' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout');
    expect(
      screen.getByRole('link', { name: /open your dashboard/ }).querySelector('[aria-hidden]')
        ?.textContent,
    ).toBe('AL');
  });

  it('asks for a URL when the field is empty', async () => {
    const server = stubServer(ADA);
    const user = userEvent.setup();
    renderApp('/analysis');
    await user.click(await screen.findByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('Please enter a website URL to analyze.')).toBeTruthy();
    expect(screen.getByText('URL Required')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('prefixes https://, shows "Analyzing..." and then the whole result', async () => {
    let release: () => void = () => {};
    const server = stubServer(ADA, {
      'POST /api/sites/analyze': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json(analysis));
        }),
    });
    const user = userEvent.setup();
    renderApp('/analysis');
    await user.type(await screen.findByLabelText('Website URL'), 'example.org');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://example.org',
    });
    release();

    expect(
      await screen.findByText('Website analysis has been completed successfully.'),
    ).toBeTruthy();
    expect(screen.getByText('Claimed')).toBeTruthy();
    expect(screen.getByText('No trackers; one nudging banner.')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Frenliness score: 72 out of 100' }),
    ).toBeTruthy();
    for (const label of ['Accessibility', 'Clarity', 'Joy Factor', 'Low Friction']) {
      expect(
        screen.getByRole('progressbar', { name: new RegExp(`^${label}: \\d+ out of 100$`) }),
      ).toBeTruthy();
    }
    expect(screen.getByText('Readable typography')).toBeTruthy();
    expect(screen.getByText('Offer a clear reject button.')).toBeTruthy();
    expect(screen.getByText('Pre-ticked consent box')).toBeTruthy();
    expect(screen.getByText('Transparent Practices')).toBeTruthy();
    // Community Voice: 2 up, 1 down -> 67 % (the community call 404s here, so the site's own counts show).
    expect(screen.getByTestId('approval').textContent).toBe('67%');
    expect(screen.getByText('300 Bamboo')).toBeTruthy();
    expect(screen.getByText('“Honest.”')).toBeTruthy();
  });

  it('says the community figures are unavailable, not "no votes", when neither the answer nor the ledger has them', async () => {
    stubServer(ADA, {
      'POST /api/sites/analyze': () =>
        Response.json({
          ...analysis,
          site: { ...analysis.site, upvotes: 0, downvotes: 0, totalStaked: 0 },
          recentStakes: [],
          communityUnavailable: true,
        }),
    });
    renderApp('/analysis?url=https%3A%2F%2Fexample.org');
    expect(await screen.findByText('Community figures unavailable right now')).toBeTruthy();
    expect(screen.queryByText('No votes yet')).toBeNull();
    expect(screen.getByText('unavailable right now')).toBeTruthy();
    expect(screen.getByTestId('upvotes').textContent).toBe('–');
  });

  it('keeps voting and staking closed while the ledger is still adding the site, and opens them once it has', async () => {
    let learnt = false;
    const server = stubServer(ADA, {
      'POST /api/sites/analyze': () => Response.json(analysis),
      'GET /api/sites/7/community': () =>
        Response.json({
          siteId: 7,
          upvotes: learnt ? 4 : 0,
          downvotes: 0,
          totalStaked: 0,
          supportTotal: 0,
          concernTotal: 0,
          recentStakes: [],
          ...(learnt ? {} : { pending: true }),
        }),
    });
    renderApp('/analysis?url=https%3A%2F%2Fexample.org');
    const note = 'Voting and staking open in a moment: Frenly is still adding this site.';
    expect(await screen.findByText(note)).toBeTruthy();
    const stake = screen.getByRole('button', { name: 'Stake Bamboo' });
    const up = screen.getByRole('button', { name: /^Vote up example\.org/ });
    expect(stake.hasAttribute('disabled')).toBe(true);
    expect(up.hasAttribute('disabled')).toBe(true);

    // The page asks again on its own; once the ledger has the site, both open.
    learnt = true;
    await waitFor(() => expect(screen.queryByText(note)).toBeNull(), { timeout: 3_000 });
    expect(stake.hasAttribute('disabled')).toBe(false);
    expect(up.hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('upvotes').textContent).toBe('4');
    const asked = server.calls.filter((call) => call.path === '/api/sites/7/community').length;
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  describe('trust', () => {
    // Strong, verified, no manipulative pattern: high while the community is not against it.
    const strong: AnalysisResponse = {
      ...analysis,
      site: {
        ...analysis.site,
        frenlinessScore: 85,
        trustScore: 'high',
        analysisData: {
          ...analysis.site.analysisData!,
          dimensions: { security: 80 },
          evidence: { manipulation: [] },
        },
      },
    };
    const community = (upvotes: number, downvotes: number) => () =>
      Response.json({
        siteId: 7,
        upvotes,
        downvotes,
        totalStaked: 0,
        supportTotal: 0,
        concernTotal: 0,
        recentStakes: [],
      });

    it.each([
      ['a community against the site turns it low', community(1, 9), 'low'],
      ['a community that likes the site keeps it high', community(9, 1), 'high'],
      ['without the community figures, the answer stands', undefined, 'high'],
    ])('follows the community figures shown: %s', async (_what, figures, trust) => {
      stubServer(ADA, {
        'POST /api/sites/analyze': () => Response.json(strong),
        ...(figures ? { 'GET /api/sites/7/community': figures } : {}),
      });
      renderApp('/analysis?url=https%3A%2F%2Fexample.org');
      expect(await screen.findByText(new RegExp(`Overall trust: ${trust}\\.`))).toBeTruthy();
      if (figures)
        expect(screen.getByTestId('approval').textContent).toBe(trust === 'low' ? '10%' : '90%');
    });
  });

  it('runs the analysis of ?url= on arrival', async () => {
    const server = stubServer(ADA, { 'POST /api/sites/analyze': () => Response.json(analysis) });
    renderApp('/analysis?url=http%3A%2F%2Fexample.org');
    expect(await screen.findByText('UX Scorecard')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/sites/analyze', body: { url: 'http://example.org' } },
    ]);
  });

  describe('a ?url= from another site', () => {
    const analyzeCalls = (server: { calls: { method: string; path: string }[] }) =>
      server.calls.filter((c) => c.method === 'POST' && c.path === '/api/sites/analyze');

    it.each([
      ['marked cross-site', 'cross-site' as const],
      ['with no mark at all', null],
    ])('waits for a click on "Analyze <url>" when the page was %s', async (_what, mark) => {
      markArrival(mark);
      const server = stubServer(ADA, { 'POST /api/sites/analyze': () => Response.json(analysis) });
      const user = userEvent.setup();
      renderApp('/analysis?url=http%3A%2F%2Fexample.org');
      const confirm = await screen.findByRole('button', { name: 'Analyze http://example.org' });
      expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('http://example.org');
      expect(analyzeCalls(server)).toEqual([]);
      expect(screen.queryByText('UX Scorecard')).toBeNull();

      await user.click(confirm);
      expect(await screen.findByText('UX Scorecard')).toBeTruthy();
      expect(analyzeCalls(server)).toEqual([
        { method: 'POST', path: '/api/sites/analyze', body: { url: 'http://example.org' } },
      ]);
      expect(screen.queryByRole('button', { name: /^Analyze http/ })).toBeNull();
    });

    it('runs at once when the app itself navigated there, whatever the document was marked', async () => {
      markArrival('cross-site');
      const server = stubServer(ADA, { 'POST /api/sites/analyze': () => Response.json(analysis) });
      function Routes() {
        return useRoutes(routes);
      }
      // The second entry is one the app pushed (an in-app link): it has its own history key.
      render(
        <AppProviders store={makeStore()}>
          <MemoryRouter initialEntries={['/search', '/analysis?url=example.org']} initialIndex={1}>
            <Routes />
          </MemoryRouter>
        </AppProviders>,
      );
      expect(await screen.findByText('UX Scorecard')).toBeTruthy();
      expect(analyzeCalls(server)).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Analyze / })).toBeNull();
    });
  });

  it('reframes through the chosen lens, with advice', async () => {
    let release: () => void = () => {};
    const server = stubServer(ADA, {
      'POST /api/sites/analyze': () => Response.json(analysis),
      'POST /api/sites/7/reframe': () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              Response.json({ reframedContent: 'A calm page.', actionableAdvice: 'Say less.' }),
            );
        }),
    });
    const user = userEvent.setup();
    renderApp('/analysis?url=example.org');
    const lenses = await screen.findByRole('group', { name: 'Lenses' });
    expect(
      within(lenses)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Love', 'Clarity', 'Growth', 'Trust', 'Joy']);
    // Nothing shows as chosen while the box still asks the user to choose.
    expect(screen.getByText('Choose a lens to reframe this site’s content.')).toBeTruthy();
    expect(
      within(lenses)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-pressed')),
    ).toEqual(['false', 'false', 'false', 'false', 'false']);
    await user.click(within(lenses).getByRole('button', { name: 'Growth' }));
    expect(
      within(lenses).getByRole('button', { name: 'Growth' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await screen.findByText('Reframing content...')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/sites/7/reframe')?.body).toEqual({
      lensType: 'growth',
      content: 'Example. Plain and simple.',
    });
    release();
    expect(await screen.findByText('A calm page.')).toBeTruthy();
    expect(screen.getByText('Actionable Advice')).toBeTruthy();
    expect(screen.getByText('Say less.')).toBeTruthy();
    // No engine named in the answer: Frenly's rules wrote it, and the screen says so.
    expect(screen.getAllByTestId('engine-note').at(-1)?.textContent).toContain(
      'Written by Frenly’s rules from the evidence on the page, not by a language model.',
    );
  });

  it('names the model when a language model wrote the reframe', async () => {
    stubServer(ADA, {
      'POST /api/sites/analyze': () => Response.json({ ...analysis, engine: 'heuristic' }),
      'POST /api/sites/7/reframe': () =>
        Response.json({ reframedContent: 'A calm page.', engine: 'llm', model: 'qwen2.5-7b' }),
    });
    const user = userEvent.setup();
    renderApp('/analysis?url=example.org');
    const insights = await screen.findByText('AI Transparency Insights');
    expect(insights.closest('[class*="rounded"]')?.textContent).toContain(
      'Written by Frenly’s rules',
    );
    const lenses = await screen.findByRole('group', { name: 'Lenses' });
    await user.click(within(lenses).getByRole('button', { name: 'Joy' }));
    await screen.findByText('A calm page.');
    expect(screen.getAllByTestId('engine-note').at(-1)?.textContent).toContain(
      'Written by the language model qwen2.5-7b',
    );
  });

  it('says when an analysis fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer(ADA, {
      'POST /api/sites/analyze': () => new Response('site unreachable', { status: 502 }),
    });
    renderApp('/analysis?url=example.org');
    expect(
      await screen.findByText('Failed to analyze the website. Please try again.'),
    ).toBeTruthy();
    expect(screen.getByText('Analysis Failed')).toBeTruthy();
  });

  it('keeps the reason on the page, and says when https:// was added to a host that may speak only http', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer(ADA, {
      'POST /api/sites/analyze': () =>
        Response.json(
          { statusCode: 502, code: 'SITE_UNREACHABLE', message: 'Could not resolve news.example' },
          { status: 502 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/analysis');
    await user.type(await screen.findByLabelText('Website URL'), 'news.example');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const panel = await screen.findByTestId('analysis-failure');
    expect(panel.textContent).toContain('Frenly could not analyse https://news.example');
    expect(panel.textContent).toContain('Could not resolve news.example');
    expect(panel.textContent).toContain('analyse http://news.example instead');
    expect(screen.getByText('Analysis Failed')).toBeTruthy();
  });

  it('gives a plain reason where the server gave none, and no http hint for an address typed with its scheme', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer(ADA, {
      'POST /api/sites/analyze': () =>
        Response.json({ statusCode: 504, code: 'SITE_TIMEOUT', message: '' }, { status: 504 }),
    });
    const user = userEvent.setup();
    renderApp('/analysis');
    await user.type(await screen.findByLabelText('Website URL'), 'https://slow.example');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const panel = await screen.findByTestId('analysis-failure');
    expect(panel.textContent).toContain('The site took too long to answer.');
    expect(panel.textContent).not.toContain('http://');
  });

  it('says when a reframe fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer(ADA, {
      'POST /api/sites/analyze': () => Response.json(analysis),
      'POST /api/sites/7/reframe': () => new Response('nope', { status: 500 }),
    });
    const user = userEvent.setup();
    renderApp('/analysis?url=example.org');
    await user.click(await screen.findByRole('button', { name: 'Joy' }));
    expect(await screen.findByText('Failed to reframe content. Please try again.')).toBeTruthy();
  });

  it('updates the shown counts from a vote’s answer', async () => {
    stubServer(ADA, {
      'POST /api/sites/analyze': () => Response.json(analysis),
      'POST /api/sites/7/vote': () => Response.json({ upvotes: 3, downvotes: 1 }),
    });
    const user = userEvent.setup();
    renderApp('/analysis?url=example.org');
    await user.click(await screen.findByRole('button', { name: /Vote up/ }));
    await waitFor(() => expect(screen.getByTestId('approval').textContent).toBe('75%'));
  });
});
