import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createToastStore,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  toastReducer,
} from './toast-store';

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('shows at most one toast: a new one replaces the previous one', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second' });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Second']);
    expect(store.getState().toasts[0]?.open).toBe(true);
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    const store = createToastStore();
    const id = store.toast({ title: 'Hello' });
    store.dismiss(id);
    expect(store.getState().toasts).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((state) => seen.push(state.toasts.length));
    store.toast({ title: 'A' });
    store.dismiss();
    expect(seen).toEqual([1, 1]);
  });

  it('dismisses every toast when no id is given', () => {
    const state = toastReducer(
      { toasts: [{ id: '1', title: 'A', open: true }] },
      { type: 'dismiss' },
    );
    expect(state.toasts[0]?.open).toBe(false);
    expect(toastReducer(state, { type: 'remove' }).toasts).toEqual([]);
  });
});
