import type { AnalysisData, AnalysisResponse } from '@frenly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADA, FakeWebSocket, renderApp, siteFixture, stubServer } from '../../../test/render-app';
import { PENDING_REFETCH_DELAYS_MS } from '../use-refetch-while-pending';

afterEach(() => vi.unstubAllGlobals());

const ID = '0b7c5a52-0d5e-4a6f-9d52-1f0f6f4c0a11';

function answer(score: number, data: Partial<AnalysisData>): AnalysisResponse {
  return {
    site: siteFixture({
      id: 7,
      domain: 'example.org',
      frenlinessScore: score,
      analysisData: {
        frenliness: { reasoning: 'Reasoning.', improvements: [], manipulativePatterns: [] },
        ux: { details: { strengths: [] } },
        analysisId: ID,
        ...data,
      },
    }),
    uxScore: { accessibility: 90, clarity: 80, joyFactor: 70, lowFriction: 60 },
    recentStakes: [],
  };
}

const pending = answer(82, {
  browser: { state: 'pending' },
  notChecked: [],
  screenshotUrl: null,
  evidence: {
    privacy: { trackers: [] },
    checks: [
      {
        id: 'a11y.image-alt',
        score: 0.5,
        detail: '1 of 2 images has a text alternative.',
        seenBy: 'html',
      },
    ],
  },
});

const enriched = answer(54, {
  browser: { state: 'done', pages: ['https://example.org/', 'https://example.org/about'] },
  notChecked: [],
  screenshotUrl: `/api/analyses/${ID}/screenshot`,
  evidence: {
    privacy: { trackers: [{ organization: 'Meta', category: 'advertising', seenBy: 'browser' }] },
    checks: [
      {
        id: 'a11y.image-alt',
        score: 0.5,
        detail: '1 of 2 images has a text alternative.',
        seenBy: 'html',
      },
      {
        id: 'privacy.advertising-trackers',
        score: 0.5,
        detail: '1 advertising organisation was contacted in a real browser: Meta.',
        seenBy: 'browser',
      },
    ],
  },
});

/** The analysis answers the HTML tier's report until `land()`, then the browser-enriched one. */
function serverUntilLanded() {
  let landed = false;
  const server = stubServer(ADA, {
    'POST /api/sites/analyze': () => Response.json(pending),
    // Until the browser tier lands, the stored analysis is the HTML tier's.
    [`GET /api/analyses/${ID}`]: () => Response.json(landed ? enriched : pending),
  });
  return { server, land: () => (landed = true) };
}

/** The live message that the browser check of this analysis finished. */
function announceBrowserCheckDone(): void {
  FakeWebSocket.instances
    .at(-1)
    ?.emit(JSON.stringify({ type: 'analysis_update', analysisId: ID, browser: 'done' }));
}

/** Waits until the screen shows the browser-enriched report's score. */
async function richerReportShown(): Promise<void> {
  await waitFor(() =>
    expect(
      screen.getByRole('progressbar', { name: 'Frenliness score: 54 out of 100' }),
    ).toBeTruthy(),
  );
}

async function analyse() {
  const user = userEvent.setup();
  renderApp('/analysis');
  await user.type(await screen.findByLabelText('Website URL'), 'example.org');
  await user.click(screen.getByRole('button', { name: 'Analyze' }));
}

describe('the browser tier on the analysis screen', () => {
  it('shows “Checking in a real browser…” until the live update, then swaps in the richer report', async () => {
    FakeWebSocket.instances = [];
    const { server, land } = serverUntilLanded();
    await analyse();

    expect(await screen.findByText(/Checking in a real browser…/)).toBeTruthy();
    const findings = screen.getByRole('list', { name: 'Findings' });
    expect(within(findings).getByText('read from the HTML')).toBeTruthy();
    expect(within(findings).queryByText('seen in a real browser')).toBeNull();
    expect(
      screen.getByRole('progressbar', { name: 'Frenliness score: 82 out of 100' }),
    ).toBeTruthy();

    land();
    announceBrowserCheckDone();

    await richerReportShown();
    expect(screen.queryByText(/Checking in a real browser…/)).toBeNull();
    const screenshot = screen.getByRole('img', {
      name: "The first screen of example.org, as Frenly's browser saw it",
    });
    expect(screenshot.getAttribute('src')).toBe(`/api/analyses/${ID}/screenshot`);
    const item = within(screen.getByRole('list', { name: 'Findings' }))
      .getByText('Tracker: Meta (advertising)')
      .closest('li');
    expect(item && within(item).getByText('seen in a real browser')).toBeTruthy();
    expect(
      server.calls.filter((call) => call.path === `/api/analyses/${ID}`).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('ignores an update for another analysis', async () => {
    FakeWebSocket.instances = [];
    const server = stubServer(ADA, {
      'POST /api/sites/analyze': () => Response.json(pending),
      [`GET /api/analyses/${ID}`]: () => Response.json(pending),
    });
    await analyse();
    await screen.findByText(/Checking in a real browser…/);
    const before = server.calls.length;
    const socket = FakeWebSocket.instances.at(-1);
    socket?.emit(
      JSON.stringify({ type: 'analysis_update', analysisId: 'another', browser: 'done' }),
    );
    // The signal: this analysis's own update is fetched; the other one never was.
    socket?.emit(JSON.stringify({ type: 'analysis_update', analysisId: ID, browser: 'done' }));
    await waitFor(() =>
      expect(server.calls.slice(before).some((call) => call.path === `/api/analyses/${ID}`)).toBe(
        true,
      ),
    );
    expect(
      server.calls
        .slice(before)
        .filter((call) => call.path.startsWith('/api/analyses/'))
        .map((call) => call.path),
    ).toEqual([`/api/analyses/${ID}`]);
  });

  it('lists what was not checked, and why, when no browser could run', async () => {
    const reason =
      'This Frenly server has no browser installed to visit pages with, so only the page’s HTML was read.';
    stubServer(ADA, {
      'POST /api/sites/analyze': () =>
        Response.json(
          answer(82, {
            browser: { state: 'unavailable', reason },
            notChecked: [
              { what: 'Browser fingerprinting (canvas, WebGL, audio, fonts)', why: reason },
              { what: 'A screenshot of the first screen', why: reason },
            ],
          }),
        ),
    });
    await analyse();
    expect(await screen.findByText(reason)).toBeTruthy();
    const notChecked = screen.getByRole('list', { name: 'Not checked' });
    expect(
      within(notChecked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Browser fingerprinting (canvas, WebGL, audio, fonts)',
      'A screenshot of the first screen',
    ]);
    expect(screen.queryByText(/Checking in a real browser…/)).toBeNull();
  });

  describe('without the live message', () => {
    // Fake clocks that still let real time pass, so the fetches and renders of the test run.
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    const fetchesOf = (server: { calls: { path: string }[] }) =>
      server.calls.filter((call) => call.path === `/api/analyses/${ID}`).length;

    it('asks for the analysis itself after 10 s, then 20 s, and shows the richer report once it landed', async () => {
      const { server, land } = serverUntilLanded();
      await analyse();
      await screen.findByText(/Checking in a real browser…/);
      expect(fetchesOf(server)).toBe(0);

      // Still pending at the first look: the screen keeps waiting, then looks again.
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() => expect(fetchesOf(server)).toBe(1));
      expect(screen.getByText(/Checking in a real browser…/)).toBeTruthy();
      land();
      await vi.advanceTimersByTimeAsync(19_000);
      expect(fetchesOf(server)).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await richerReportShown();
      expect(screen.queryByText(/Checking in a real browser…/)).toBeNull();
      expect(fetchesOf(server)).toBe(2);

      // Done: no more asking.
      await vi.advanceTimersByTimeAsync(400_000);
      expect(fetchesOf(server)).toBe(2);
    });

    it('does not ask again when the live message brought the richer report first', async () => {
      FakeWebSocket.instances = [];
      const { server, land } = serverUntilLanded();
      await analyse();
      await screen.findByText(/Checking in a real browser…/);

      land();
      announceBrowserCheckDone();
      await richerReportShown();
      expect(fetchesOf(server)).toBe(1);

      await vi.advanceTimersByTimeAsync(400_000);
      expect(fetchesOf(server)).toBe(1);
    });

    it('stops asking after the last delay when the check never finishes', async () => {
      const server = stubServer(ADA, {
        'POST /api/sites/analyze': () => Response.json(pending),
        [`GET /api/analyses/${ID}`]: () => Response.json(pending),
      });
      await analyse();
      await screen.findByText(/Checking in a real browser…/);
      for (const [index, delay] of PENDING_REFETCH_DELAYS_MS.entries()) {
        await vi.advanceTimersByTimeAsync(delay);
        await waitFor(() => expect(fetchesOf(server)).toBe(index + 1));
      }
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(fetchesOf(server)).toBe(PENDING_REFETCH_DELAYS_MS.length);
    });
  });
});
