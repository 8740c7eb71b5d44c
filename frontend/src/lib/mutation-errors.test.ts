import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_PATH,
  reportMutationFailure,
  signInHref,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  UNAUTHORIZED_TOAST,
} from './mutation-errors';

function fakeEffects() {
  return {
    toast: vi.fn(),
    redirect: vi.fn(),
    schedule: (run: () => void, ms: number) => setTimeout(run, ms),
    place: () => '/analysis?url=https%3A%2F%2Fexample.org',
  };
}

describe(signInHref.name, () => {
  it('adds the place to return to, and leaves the home page implicit', () => {
    expect(signInHref('/?q=python&page=2')).toBe('/api/login?returnTo=%2F%3Fq%3Dpython%26page%3D2');
    expect(signInHref('/', '/auth/dev')).toBe('/auth/dev');
    expect(signInHref(null)).toBe('/api/login');
  });
});

describe(reportMutationFailure.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('on a 401 says the session ended and signs in again after 500 ms, back to the same place', () => {
    const effects = fakeEffects();
    reportMutationFailure(
      { status: 401, message: '401: Unauthorized', body: '' },
      { title: 'Error' },
      effects,
    );
    expect(effects.toast).toHaveBeenCalledWith(UNAUTHORIZED_TOAST);
    expect(UNAUTHORIZED_TOAST).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(effects.redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(effects.redirect).toHaveBeenCalledWith(
      `${LOGIN_PATH}?returnTo=${encodeURIComponent('/analysis?url=https%3A%2F%2Fexample.org')}`,
    );
    expect(UNAUTHORIZED_REDIRECT_DELAY_MS).toBe(500);
  });

  it('shows the call’s own toast for any other failure, without redirecting', () => {
    const effects = fakeEffects();
    reportMutationFailure(
      { status: 500, message: '500: boom', body: 'boom' },
      { title: 'Error', description: 'Failed to vote. Please try again.' },
      effects,
    );
    expect(effects.toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to vote. Please try again.',
      variant: 'destructive',
    });
    vi.runAllTimers();
    expect(effects.redirect).not.toHaveBeenCalled();
  });
});
