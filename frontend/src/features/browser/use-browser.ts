import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  activeTab,
  browserReducer,
  initialBrowserState,
  INTERCEPTION_BANNER_MS,
  isSearchInput,
  REFRESH_LOAD_MS,
  SEARCH_LOAD_MS,
  URL_LOAD_MS,
} from './browser-reducer';

/**
 * The browser mock-up: its reducer plus the fake timings (banner 3000 ms, search and refresh
 * loads 1000 ms, URL loads 1500 ms). Back and forward only log.
 */
export function useBrowser(log: (message: string) => void = console.log) {
  const [state, dispatch] = useReducer(browserReducer, undefined, initialBrowserState);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const later = useCallback((run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
    return timer;
  }, []);

  const fakeLoad = useCallback(
    (tabId: number, ms: number) => later(() => dispatch({ type: 'loadFinished', id: tabId }), ms),
    [later],
  );

  const current = activeTab(state);

  const submitAddress = useCallback(() => {
    const text = state.address.trim();
    if (!text || !current) return;
    dispatch({ type: 'submitAddress' });
    if (isSearchInput(text)) {
      if (bannerTimer.current !== null) {
        clearTimeout(bannerTimer.current);
        timers.current.delete(bannerTimer.current);
      }
      bannerTimer.current = later(() => dispatch({ type: 'hideBanner' }), INTERCEPTION_BANNER_MS);
      fakeLoad(current.id, SEARCH_LOAD_MS);
    } else {
      if (bannerTimer.current !== null) {
        clearTimeout(bannerTimer.current);
        timers.current.delete(bannerTimer.current);
        bannerTimer.current = null;
      }
      fakeLoad(current.id, URL_LOAD_MS);
    }
  }, [state.address, current, later, fakeLoad]);

  const refresh = useCallback(() => {
    if (!current) return;
    dispatch({ type: 'refresh' });
    fakeLoad(current.id, REFRESH_LOAD_MS);
  }, [current, fakeLoad]);

  return {
    state,
    activeTab: current,
    newTab: () => dispatch({ type: 'newTab' }),
    closeTab: (id: number) => dispatch({ type: 'closeTab', id }),
    activateTab: (id: number) => dispatch({ type: 'activateTab', id }),
    setAddress: (text: string) => dispatch({ type: 'setAddress', text }),
    submitAddress,
    refresh,
    back: () => log('Navigate back'),
    forward: () => log('Navigate forward'),
  };
}
