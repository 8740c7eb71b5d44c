import { isUnauthorized } from '../api/http-error';
import { toast as showToast, type ToastInput } from '../features/toasts/toast-store';

export const LOGIN_PATH = '/api/login';
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
  schedule: (run: () => void, ms: number) => unknown;
}

const browserEffects: FailureEffects = {
  toast: showToast,
  redirect: (path) => window.location.assign(path),
  schedule: (run, ms) => setTimeout(run, ms),
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
    effects.schedule(() => effects.redirect(LOGIN_PATH), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return;
  }
  effects.toast({ variant: 'destructive', ...failureToast });
}
