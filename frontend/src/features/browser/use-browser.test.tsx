import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INTERCEPTION_BANNER_MS,
  REFRESH_LOAD_MS,
  SEARCH_LOAD_MS,
  URL_LOAD_MS,
} from './browser-reducer';
import { useBrowser } from './use-browser';

function setup() {
  const log = vi.fn();
  const hook = renderHook(() => useBrowser(log));
  const type = (text: string) => {
    act(() => hook.result.current.setAddress(text));
    act(() => hook.result.current.submitAddress());
  };
  return { hook, log, type };
}

/** Lets `ms` of fake time pass inside act, so timers' state updates are applied. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe(useBrowser.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec timings', () => {
    expect([INTERCEPTION_BANNER_MS, SEARCH_LOAD_MS, REFRESH_LOAD_MS, URL_LOAD_MS]).toEqual([
      3000, 1000, 1000, 1500,
    ]);
  });

  it('a search loads for 1000 ms and its banner stays 3000 ms', () => {
    const { hook, type } = setup();
    type('frenly search');
    expect(hook.result.current.activeTab?.isLoading).toBe(true);
    expect(hook.result.current.state.bannerVisible).toBe(true);
    advance(999);
    expect(hook.result.current.activeTab?.isLoading).toBe(true);
    advance(1);
    expect(hook.result.current.activeTab?.isLoading).toBe(false);
    advance(1999);
    expect(hook.result.current.state.bannerVisible).toBe(true);
    advance(1);
    expect(hook.result.current.state.bannerVisible).toBe(false);
  });

  it('a second search restarts the banner’s 3000 ms', () => {
    const { hook, type } = setup();
    type('one');
    advance(2000);
    type('two');
    advance(2500);
    expect(hook.result.current.state.bannerVisible).toBe(true);
    advance(500);
    expect(hook.result.current.state.bannerVisible).toBe(false);
  });

  it('a URL loads for 1500 ms', () => {
    const { hook, type } = setup();
    type('example.org');
    advance(1499);
    expect(hook.result.current.activeTab?.isLoading).toBe(true);
    advance(1);
    expect(hook.result.current.activeTab).toMatchObject({
      isLoading: false,
      url: 'https://example.org',
    });
  });

  it('refresh loads for 1000 ms', () => {
    const { hook } = setup();
    act(() => hook.result.current.refresh());
    advance(999);
    expect(hook.result.current.activeTab?.isLoading).toBe(true);
    advance(1);
    expect(hook.result.current.activeTab?.isLoading).toBe(false);
  });

  it('back and forward only log', () => {
    const { hook, log } = setup();
    const before = hook.result.current.state;
    act(() => hook.result.current.back());
    act(() => hook.result.current.forward());
    expect(log.mock.calls).toEqual([['Navigate back'], ['Navigate forward']]);
    expect(hook.result.current.state).toBe(before);
  });

  it('finishes the load of the tab that started it, even after switching tabs', () => {
    const { hook, type } = setup();
    type('example.org');
    act(() => hook.result.current.newTab());
    advance(URL_LOAD_MS);
    expect(hook.result.current.state.tabs[0]).toMatchObject({
      isLoading: false,
      url: 'https://example.org',
    });
  });
});
