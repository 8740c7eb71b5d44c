import { describe, expect, it } from 'vitest';
import {
  activeTab,
  BLANK_URL,
  browserReducer,
  initialBrowserState,
  isSearchInput,
  normaliseAddress,
  type BrowserAction,
  type BrowserState,
} from './browser-reducer';

const run = (...actions: BrowserAction[]): BrowserState =>
  actions.reduce(browserReducer, initialBrowserState());

describe(browserReducer.name, () => {
  it('starts with one blank tab titled New Tab at about:blank, its address bar empty for typing', () => {
    const state = initialBrowserState();
    expect(state.address).toBe('');
    expect(state.tabs).toEqual([
      expect.objectContaining({
        title: 'New Tab',
        url: BLANK_URL,
        isActive: true,
        isLoading: false,
      }),
    ]);
  });

  it('treats input without a dot, or with a space, as a search', () => {
    expect(isSearchInput('frenly')).toBe(true);
    expect(isSearchInput('climate change.org facts')).toBe(true);
    expect(isSearchInput('example.org')).toBe(false);
  });

  it('prefixes https:// only when the address has no scheme', () => {
    expect(normaliseAddress('example.org')).toBe('https://example.org');
    expect(normaliseAddress('http://example.org')).toBe('http://example.org');
  });

  it('turns a search into a "Search: <text>" tab that is loading and shows the banner', () => {
    const state = run({ type: 'setAddress', text: '  ai ethics ' }, { type: 'submitAddress' });
    expect(activeTab(state)).toMatchObject({
      title: 'Search: ai ethics',
      isLoading: true,
      favicon: 'search',
    });
    expect(state.bannerVisible).toBe(true);
  });

  it('loads a URL with https:// prefixed, titled by its host, without the banner', () => {
    const state = run({ type: 'setAddress', text: 'example.org/page' }, { type: 'submitAddress' });
    expect(activeTab(state)).toMatchObject({
      url: 'https://example.org/page',
      title: 'example.org',
      isLoading: true,
    });
    expect(state.address).toBe('https://example.org/page');
    expect(state.bannerVisible).toBe(false);
  });

  it('ignores a blank address', () => {
    const before = run({ type: 'setAddress', text: '   ' });
    expect(browserReducer(before, { type: 'submitAddress' })).toBe(before);
  });

  it('opens new tabs active and blank; clicking a tab activates it and shows its address', () => {
    const state = run(
      { type: 'setAddress', text: 'example.org' },
      { type: 'submitAddress' },
      { type: 'newTab' },
    );
    expect(state.tabs).toHaveLength(2);
    expect(activeTab(state)).toMatchObject({ id: 2, title: 'New Tab' });
    expect(state.address).toBe('');
    const back = browserReducer(state, { type: 'activateTab', id: 1 });
    expect(activeTab(back)?.id).toBe(1);
    expect(back.address).toBe('https://example.org');
  });

  it('closing the active tab activates a neighbour; closing the last leaves a fresh blank tab', () => {
    const two = run({ type: 'newTab' });
    const one = browserReducer(two, { type: 'closeTab', id: 2 });
    expect(one.tabs.map((t) => [t.id, t.isActive])).toEqual([[1, true]]);
    const fresh = browserReducer(one, { type: 'closeTab', id: 1 });
    expect(fresh.tabs).toEqual([
      expect.objectContaining({ id: 3, title: 'New Tab', url: BLANK_URL, isActive: true }),
    ]);
  });

  it('refresh marks the active tab loading until its load finishes', () => {
    const loading = run({ type: 'refresh' });
    expect(activeTab(loading)?.isLoading).toBe(true);
    expect(activeTab(browserReducer(loading, { type: 'loadFinished', id: 1 }))?.isLoading).toBe(
      false,
    );
  });

  it('ends the interception banner when a page address is loaded after a search', () => {
    let state = browserReducer(initialBrowserState(), {
      type: 'setAddress',
      text: 'kind websites',
    });
    state = browserReducer(state, { type: 'submitAddress' });
    expect(state.bannerVisible).toBe(true);
    state = browserReducer(state, { type: 'setAddress', text: 'example.org' });
    state = browserReducer(state, { type: 'submitAddress' });
    expect(state.bannerVisible).toBe(false);
  });
});
