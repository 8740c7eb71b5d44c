import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer } from '../../../test/render-app';

describe('Frenly Browser', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer(null);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('intercepts a search with the banner and shows the blank-tab text in a new tab', async () => {
    renderApp('/browser');
    expect(await screen.findByText('Enter a URL or search term to get started')).toBeTruthy();
    const address = screen.getByLabelText('Address or search');
    fireEvent.change(address, { target: { value: 'kind websites' } });
    fireEvent.submit(address);
    expect(screen.getByText('Search intercepted by Frenly Browser')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Search: kind websites' }).getAttribute('aria-current'),
    ).toBe('true');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(
      screen.getByRole('link', { name: /See results in Frenly Search/ }).getAttribute('href'),
    ).toBe('/search?q=kind%20websites');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Search intercepted by Frenly Browser')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    const tabs = within(screen.getByRole('list', { name: 'Tabs' })).getAllByRole('listitem');
    expect(tabs).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'New Tab' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(
      screen.getByRole('button', { name: 'Search: kind websites' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByText('Enter a URL or search term to get started')).toBeTruthy();
    // The new tab is ready for typing: an empty, focused address bar (not "about:blank").
    const bar = screen.getByLabelText<HTMLInputElement>('Address or search');
    expect(bar.value).toBe('');
    expect(document.activeElement).toBe(bar);
  });

  it('keeps the active tab in view on a narrow tab strip', async () => {
    // jsdom has no layout, hence no scrollIntoView: record the calls instead.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderApp('/browser');
      fireEvent.click(await screen.findByRole('button', { name: 'New tab' }));
      const tabs = within(screen.getByRole('list', { name: 'Tabs' })).getAllByRole('listitem');
      expect(scrolled.at(-1)).toBe(tabs[1]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
