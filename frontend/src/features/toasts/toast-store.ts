/**
 * The app's notifications (spec §4, §9): at most one toast visible, a new one replaces the
 * previous one, and a dismissed toast stays in the list (closed) for 1,000,000 ms so that
 * its exit animation can finish before it is removed.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return {
        toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id),
      };
  }
}

type Listener = (state: ToastState) => void;

/** A tiny store outside React, so that API error handlers can raise toasts too. */
export function createToastStore() {
  let state: ToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function dispatch(action: ToastAction) {
    state = toastReducer(state, action);
    for (const listener of listeners) listener(state);
  }

  function scheduleRemoval(id: string) {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        dispatch({ type: 'remove', id });
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast(input: ToastInput): string {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(counter);
      dispatch({ type: 'add', toast: { ...input, id, open: true } });
      return id;
    },
    dismiss(id?: string) {
      const ids = id === undefined ? state.toasts.map((t) => t.id) : [id];
      for (const each of ids) scheduleRemoval(each);
      dispatch({ type: 'dismiss', id });
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();
export const toast = (input: ToastInput) => toastStore.toast(input);
