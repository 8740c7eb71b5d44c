import { isUnauthorized } from '../api/http-error';
import { toast as showToast, type ToastInput } from '../features/toasts/toast-store';

export const LOGIN_PATH = '/api/login';

/** Where the user is now (path, query and hash), for sign-in to bring them back to. */
export function currentPlace(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** A sign-in start (`/api/login` or `/auth/{provider}`) that returns to `returnTo` afterwards. */
export function signInHref(returnTo: string | null, start = LOGIN_PATH): string {
  return returnTo && returnTo !== '/' ? `${start}?returnTo=${encodeURIComponent(returnTo)}` : start;
}
/** Spec §9: the redirect to sign in again waits 500 ms, so the toast can be read. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

export const UNAUTHORIZED_TOAST: ToastInput = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  variant: 'destructive',
};

export interface FailureEffects {
  toast: (input: ToastInput) => unknown;
  redirect: (path: string) => void;
  /** The page to come back to after signing in again. */
  place: () => string;
  schedule: (run: () => void, ms: number) => unknown;
}

const browserEffects: FailureEffects = {
  toast: showToast,
  redirect: (path) => window.location.assign(path),
  schedule: (run, ms) => setTimeout(run, ms),
  place: currentPlace,
};

/**
 * Spec §8 for stake, vote, analyze and reframe: a 401 means the session ended, so say so
 * and sign in again after 500 ms; any other failure gets the call's own toast.
 */
export function reportMutationFailure(
  error: unknown,
  failureToast: ToastInput,
  effects = browserEffects,
): void {
  if (isUnauthorized(error)) {
    effects.toast(UNAUTHORIZED_TOAST);
    const returnTo = effects.place();
    effects.schedule(() => effects.redirect(signInHref(returnTo)), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return;
  }
  effects.toast({ variant: 'destructive', ...failureToast });
}
