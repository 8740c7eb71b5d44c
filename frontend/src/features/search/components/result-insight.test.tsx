import type { SearchResultDto, WebReachability } from '@frenly/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { siteFixture } from '../../../test/render-app';
import { analysedAgo, ResultInsightBadge, ResultInsightDetails } from './result-insight';

const unanalysed = (overrides: Partial<SearchResultDto> = {}) =>
  siteFixture({
    frenlinessScore: null,
    trustScore: null,
    analyzedAt: null,
    upvotes: 0,
    downvotes: 0,
    totalStaked: 0,
    insight: { state: 'queued', etaMinutes: 4 },
    ...overrides,
  });

function show(site: SearchResultDto, web: WebReachability = 'reachable') {
  return render(
    <MemoryRouter>
      <TooltipProvider>
        <ResultInsightBadge site={site} web={web} />
        <ResultInsightDetails site={site} web={web} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the insight area of a result', () => {
  it('shows an analysed site’s score, findings and their age', () => {
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    show(
      siteFixture({
        frenlinessScore: 64,
        analyzedAt: threeMinutesAgo,
        analysisData: {
          frenliness: { reasoning: '', improvements: [], manipulativePatterns: [] },
          ux: { details: { strengths: [] } },
          summary: '1 tracker · no manipulative patterns · accessibility 90',
        },
      }),
    );
    expect(screen.getByText('Frenliness 64')).toBeTruthy();
    expect(text('insight-summary')).toBe('1 tracker · no manipulative patterns · accessibility 90');
    expect(text('insight-age')).toBe('Analysed 3 min ago');
    expect(screen.queryByTestId('insight-status')).toBeNull();
  });

  it('shows a queued site’s queue state and ETA, and never a score', () => {
    show(unanalysed());
    expect(screen.queryByText(/Frenliness/)).toBeNull();
    expect(screen.getByText('Queued for analysis')).toBeTruthy();
    expect(text('insight-status')).toBe('Queued for analysis — usually ready in 4 min');
    expect(screen.getByRole('link', { name: 'Analyse it' })).toBeTruthy();
    // No votes nor stakes, no owner on record: nothing is said about them.
    expect(screen.queryByTestId('insight-community')).toBeNull();
    expect(screen.queryByTestId('insight-owner')).toBeNull();
    expect(screen.queryByText(/Not yet analysed/)).toBeNull();
  });

  it('names the domain’s owner with its source, and the community’s signal', () => {
    show(
      unanalysed({
        upvotes: 3,
        downvotes: 1,
        totalStaked: 1500,
        domainFacts: {
          owner: { name: 'Google LLC', source: 'ghostery-trackerdb', sourceVersion: '2026.11.1' },
        },
      }),
    );
    expect(text('insight-owner')).toBe('Domain owned by Google LLC (Ghostery TrackerDB)');
    expect(screen.getByTitle('Ghostery TrackerDB 2026.11.1')).toBeTruthy();
    expect(text('insight-community')).toBe(
      'Community: 75% positive of 4 votes · 1,500 bamboo staked',
    );
  });

  it('says when the web is out of reach, per result or for the whole answer', () => {
    const { unmount } = show(unanalysed({ insight: { state: 'unreachable' } }));
    const line = 'Frenly cannot reach the web from here, so this site cannot be analysed yet';
    expect(text('insight-status')).toBe(line);
    expect(screen.getByText('Cannot be analysed yet')).toBeTruthy();
    // Analysing cannot work from here: no link that promises it.
    expect(screen.queryByRole('link', { name: 'Analyse it' })).toBeNull();
    unmount();

    show(unanalysed(), 'unreachable');
    expect(text('insight-status')).toBe(line);
    expect(screen.queryByText(/usually ready/)).toBeNull();
  });

  it('gives the reason a site could not be analysed', () => {
    show(unanalysed({ insight: { state: 'not_analysable', reason: 'robots.txt disallows it' } }));
    expect(screen.getByText('Not analysed')).toBeTruthy();
    expect(text('insight-status')).toBe('Not analysed: robots.txt disallows it.');
    expect(screen.queryByText(/Frenliness/)).toBeNull();
  });

  it('does not add a second full stop to a reason that has one', () => {
    const reason = 'Automatic crawling is switched off on this installation.';
    show(unanalysed({ insight: { state: 'not_analysable', reason } }));
    expect(text('insight-status')).toBe(`Not analysed: ${reason}`);
  });
});

describe(analysedAgo.name, () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('says how long ago, coarsely', () => {
    expect(analysedAgo('2026-11-27T11:59:30Z', now)).toBe('just now');
    expect(analysedAgo('2026-11-27T11:57:00Z', now)).toBe('3 min ago');
    expect(analysedAgo('2026-11-27T07:00:00Z', now)).toBe('5 h ago');
    expect(analysedAgo('2026-11-26T11:00:00Z', now)).toBe('1 day ago');
    expect(analysedAgo('2026-09-01T00:00:00Z', now)).toBe('on Sep 1, 2026');
    // A clock a little ahead of the server's is "just now", not the future.
    expect(analysedAgo('2026-11-27T12:01:00Z', now)).toBe('just now');
  });
});
