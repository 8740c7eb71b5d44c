import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';
import { Toaster } from './toaster';

describe(Toaster.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the latest toast only and closes it after 5000 ms', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Old', description: 'first' });
      store.toast({
        title: 'Stake Successful',
        description: 'Successfully staked 50 bamboo on a.org',
      });
    });
    expect(screen.queryByText('Old')).toBeNull();
    expect(screen.getByText('Stake Successful')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(store.getState().toasts[0]?.open).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(store.getState().toasts[0]?.open).toBe(false);
  });

  it('focuses the notification region on F8', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => void store.toast({ title: 'Hi' }));
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = document.activeElement?.closest('[role="region"]');
    expect(region?.getAttribute('aria-label')).toBe('Notifications (F8)');
  });
});
