/** The browser mock-up's state (spec §2, §3): client only, it never loads real pages. */
export const BLANK_URL = 'about:blank';
export const NEW_TAB_TITLE = 'New Tab';
export const BROWSER_NAME = 'Frenly Browser';
export const INTERCEPTION_TEXT = `Search intercepted by ${BROWSER_NAME}`;
export const BLANK_TAB_TEXT = 'Enter a URL or search term to get started';

/** Spec §9 timings. */
export const INTERCEPTION_BANNER_MS = 3000;
export const SEARCH_LOAD_MS = 1000;
export const REFRESH_LOAD_MS = 1000;
export const URL_LOAD_MS = 1500;

export type TabKind = 'blank' | 'search' | 'page';

export interface BrowserTab {
  id: number;
  title: string;
  url: string;
  favicon: TabKind;
  isActive: boolean;
  isLoading: boolean;
  /** The search text of a search tab. */
  query?: string;
}

export interface BrowserState {
  tabs: BrowserTab[];
  address: string;
  bannerVisible: boolean;
  nextId: number;
}

export type BrowserAction =
  | { type: 'newTab' }
  | { type: 'closeTab'; id: number }
  | { type: 'activateTab'; id: number }
  | { type: 'setAddress'; text: string }
  | { type: 'submitAddress' }
  | { type: 'refresh' }
  | { type: 'loadFinished'; id: number }
  | { type: 'hideBanner' };

/** Spec §5: input with no dot, or with a space, is a search; anything else is a URL. */
export function isSearchInput(text: string): boolean {
  return !text.includes('.') || text.includes(' ');
}

/** Prefixes https:// when the address has no scheme. */
export function normaliseAddress(text: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
}

/** Only http(s) addresses get links out of the mock-up (never javascript: or data:). */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function searchTabUrl(text: string): string {
  return `frenly://search?q=${encodeURIComponent(text)}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

function blankTab(id: number): BrowserTab {
  return {
    id,
    title: NEW_TAB_TITLE,
    url: BLANK_URL,
    favicon: 'blank',
    isActive: true,
    isLoading: false,
  };
}

export function initialBrowserState(): BrowserState {
  return { tabs: [blankTab(1)], address: '', bannerVisible: false, nextId: 2 };
}

export function activeTab(state: BrowserState): BrowserTab | undefined {
  return state.tabs.find((t) => t.isActive);
}

/**
 * What the address bar shows for a tab: its address, or the text of a search. A blank tab's
 * address is about:blank, but its bar is empty and ready for typing, as in real browsers.
 */
export function addressFor(tab: BrowserTab): string {
  if (tab.favicon === 'blank') return '';
  return tab.query ?? tab.url;
}

function withActive(tabs: BrowserTab[], id: number): BrowserTab[] {
  return tabs.map((t) => (t.isActive === (t.id === id) ? t : { ...t, isActive: t.id === id }));
}

function updateActive(state: BrowserState, change: (tab: BrowserTab) => BrowserTab): BrowserTab[] {
  return state.tabs.map((t) => (t.isActive ? change(t) : t));
}

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case 'newTab': {
      const tab = blankTab(state.nextId);
      return {
        ...state,
        tabs: [...withActive(state.tabs, -1), tab],
        address: '',
        nextId: state.nextId + 1,
      };
    }
    case 'closeTab': {
      const index = state.tabs.findIndex((t) => t.id === action.id);
      if (index === -1) return state;
      const closing = state.tabs[index];
      const rest = state.tabs.filter((t) => t.id !== action.id);
      if (rest.length === 0) {
        // Closing the last tab leaves a fresh blank one.
        return {
          ...state,
          tabs: [blankTab(state.nextId)],
          address: '',
          nextId: state.nextId + 1,
        };
      }
      if (!closing?.isActive) return { ...state, tabs: rest };
      const next = rest[Math.min(index, rest.length - 1)] as BrowserTab;
      return { ...state, tabs: withActive(rest, next.id), address: addressFor(next) };
    }
    case 'activateTab': {
      const tab = state.tabs.find((t) => t.id === action.id);
      if (!tab) return state;
      return { ...state, tabs: withActive(state.tabs, tab.id), address: addressFor(tab) };
    }
    case 'setAddress':
      return { ...state, address: action.text };
    case 'submitAddress': {
      const text = state.address.trim();
      if (!text) return state;
      if (isSearchInput(text)) {
        return {
          ...state,
          address: text,
          bannerVisible: true,
          tabs: updateActive(state, (t) => ({
            ...t,
            title: `Search: ${text}`,
            url: searchTabUrl(text),
            favicon: 'search',
            query: text,
            isLoading: true,
          })),
        };
      }
      const url = normaliseAddress(text);
      return {
        ...state,
        address: url,
        // The interception banner belongs to a search; a page load ends it.
        bannerVisible: false,
        tabs: updateActive(state, (t) => ({
          ...t,
          title: hostOf(url),
          url,
          favicon: 'page',
          query: undefined,
          isLoading: true,
        })),
      };
    }
    case 'refresh':
      return { ...state, tabs: updateActive(state, (t) => ({ ...t, isLoading: true })) };
    case 'loadFinished':
      return {
        ...state,
        tabs: state.tabs.map((t) => (t.id === action.id ? { ...t, isLoading: false } : t)),
      };
    case 'hideBanner':
      return { ...state, bannerVisible: false };
  }
}
