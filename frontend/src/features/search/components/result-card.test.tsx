import type { SearchResultDto } from '@frenly/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { siteFixture } from '../../../test/render-app';
import { ResultCard } from './result-card';

/** Where the app went: the results route shows its own location. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function show(site: SearchResultDto, at = '/search?q=quail') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <TooltipProvider>
        <Routes>
          <Route
            path="/search"
            element={
              <>
                <ResultCard site={site} onVote={vi.fn()} onStake={vi.fn()} />
                <WhereAmI />
              </>
            }
          />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </TooltipProvider>
    </MemoryRouter>,
  );
}

// An inner page of kitchen.example: its own url and title, its site's id and insights.
const eggsPage = (overrides: Partial<SearchResultDto> = {}) =>
  siteFixture({
    id: 7,
    url: 'https://kitchen.example/eggs',
    siteUrl: 'https://kitchen.example/',
    domain: 'kitchen.example',
    title: 'How to boil an egg',
    description: 'Boiling eggs.',
    siteQuery: 'site:kitchen.example quail',
    moreFromSite: true,
    snippet: [
      { text: 'Cook ', match: false },
      { text: 'quail', match: true },
      { text: ' eggs for two minutes.', match: false },
    ],
    ...overrides,
  });

describe('a search result card', () => {
  it("shows the page's title, url and snippet with the query's words highlighted", () => {
    show(eggsPage());
    expect(screen.getByRole('heading', { name: /How to boil an egg/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /How to boil an egg/ }).getAttribute('href')).toEqual(
      'https://kitchen.example/eggs',
    );
    expect(screen.getByText('https://kitchen.example/eggs')).toBeTruthy();
    const snippet = screen.getByTestId('result-snippet');
    expect(snippet.textContent).toBe('Cook quail eggs for two minutes.');
    const marks = snippet.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['quail']);
    // The page's description is not repeated beside its snippet.
    expect(screen.queryByText('Boiling eggs.')).toBeNull();
  });

  it('shows markup in a snippet as text, never as elements', () => {
    const { container } = show(
      eggsPage({
        snippet: [
          { text: 'Never paste ', match: false },
          { text: '<script>alert("x")</script>', match: true },
          { text: ' or <img src=x onerror=alert(1)> into a page.', match: false },
        ],
      }),
    );
    const snippet = screen.getByTestId('result-snippet');
    expect(snippet.textContent).toBe(
      'Never paste <script>alert("x")</script> or <img src=x onerror=alert(1)> into a page.',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(snippet.querySelector('mark')?.textContent).toBe('<script>alert("x")</script>');
  });

  it('falls back to the description when the page has no snippet, and shows nothing when it has neither', () => {
    const { unmount } = show(eggsPage({ snippet: [] }));
    expect(screen.getByTestId('result-snippet').textContent).toBe('Boiling eggs.');
    unmount();
    show(eggsPage({ snippet: [], description: '' }));
    expect(screen.queryByTestId('result-snippet')).toBeNull();
  });

  it('links "More from this site" to the query within the site, and analyses the site, not the page', async () => {
    show(eggsPage());
    const article = screen.getByRole('article');
    expect(
      within(article)
        .getByRole('link', { name: /AI Deep Analysis/ })
        .getAttribute('href'),
    ).toEqual(expect.stringContaining(encodeURIComponent('https://kitchen.example/')));
    expect(
      within(article)
        .getByRole('link', { name: /AI Deep Analysis/ })
        .getAttribute('href'),
    ).not.toContain(encodeURIComponent('/eggs'));
    const more = within(article).getByRole('link', { name: /More from this site/ });
    expect(more.textContent).toBe('More from this site (kitchen.example)');
    expect(more.getAttribute('href')).toEqual('/search?q=site%3Akitchen.example%20quail');
    await userEvent.click(more);
    expect(screen.getByTestId('location').textContent).toBe(
      '/search?q=site%3Akitchen.example%20quail',
    );
  });

  it('leaves "More from this site" out when the site has no other matching page to show', () => {
    show(eggsPage({ moreFromSite: false }));
    expect(screen.queryByRole('link', { name: /More from this site/ })).toBeNull();
  });

  it('leaves "More from this site" out within a site: search', () => {
    show(eggsPage(), '/search?q=site%3Akitchen.example%20quail');
    expect(screen.queryByRole('link', { name: /More from this site/ })).toBeNull();
  });

  it('gives two pages of one site distinct heading ids', () => {
    render(
      <MemoryRouter initialEntries={['/search?q=eggs']}>
        <TooltipProvider>
          <ResultCard site={eggsPage()} onVote={vi.fn()} onStake={vi.fn()} />
          <ResultCard
            site={eggsPage({ url: 'https://kitchen.example/quail', title: 'Quail' })}
            onVote={vi.fn()}
            onStake={vi.fn()}
          />
        </TooltipProvider>
      </MemoryRouter>,
    );
    const ids = screen
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-labelledby'));
    expect(new Set(ids).size).toBe(2);
    expect(screen.getByRole('article', { name: /Quail/ })).toBeTruthy();
  });
});
