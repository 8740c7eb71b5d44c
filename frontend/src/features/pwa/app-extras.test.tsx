import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallCard, NotificationCard, OfflineBanner, ShareButton } from './app-extras';
import { createInstallStore } from './install-state';
import { subscribeToPush } from './push-subscription';
import { unregisterServiceWorkers } from './service-workers';

function fireInstallPrompt() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => vi.unstubAllGlobals());

describe('install card', () => {
  it('appears on beforeinstallprompt and hides after Later', () => {
    render(<InstallCard store={createInstallStore(window)} />);
    expect(screen.queryByText('Install Frenly')).toBeNull();
    const event = fireInstallPrompt();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('Install Frenly')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Install Frenly')).toBeNull();
  });

  it('leaves room below the page while it shows, so it never covers the footer', () => {
    render(<InstallCard store={createInstallStore(window)} />);
    expect(document.body.style.paddingBottom).toBe('');
    act(() => {
      window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: vi.fn() }));
    });
    expect(screen.getByText('Install Frenly')).toBeTruthy();
    expect(document.body.style.paddingBottom).toMatch(/^\d+px$/);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('prompts on Install and hides after the app is installed', async () => {
    render(<InstallCard store={createInstallStore(window)} />);
    const event = fireInstallPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(event.prompt).toHaveBeenCalled());
    expect(screen.queryByText('Install Frenly')).toBeNull();
  });
});

/** Both install-gated extras on one install store, as the app shell renders them. */
function renderNotificationCardAndShareButton(): void {
  const store = createInstallStore(window);
  render(
    <>
      <NotificationCard store={store} />
      <ShareButton store={store} />
    </>,
  );
}

describe('notification card and share button', () => {
  it('stay hidden until the app is installed', () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn() });
    renderNotificationCardAndShareButton();
    expect(screen.queryByText('Stay Updated')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share this page' })).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.getByText('Stay Updated')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share this page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByText('Stay Updated')).toBeNull();
  });

  it('hide the notification card once permission is no longer default, and share only where supported', () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    renderNotificationCardAndShareButton();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByText('Stay Updated')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share this page' })).toBeNull();
  });
});

describe(OfflineBanner.name, () => {
  it('shows while the browser is offline', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText("You're offline")).toBeNull();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText("You're offline")).toBeTruthy();
    expect(screen.getByText('Some features may be limited')).toBeTruthy();
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText("You're offline")).toBeNull();
  });
});

describe(unregisterServiceWorkers.name, () => {
  it('unregisters every existing worker and registers none', async () => {
    const unregister = vi.fn(() => Promise.resolve(true));
    const register = vi.fn();
    const container = {
      getRegistrations: () => Promise.resolve([{ unregister }, { unregister }]),
      register,
    } as unknown as ServiceWorkerContainer;
    await expect(unregisterServiceWorkers(container)).resolves.toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing where service workers do not exist', async () => {
    await expect(unregisterServiceWorkers(undefined)).resolves.toBe(0);
  });
});

describe(subscribeToPush.name, () => {
  it('sends nothing without a worker registration', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const container = {
      getRegistration: () => Promise.resolve(undefined),
    } as unknown as ServiceWorkerContainer;
    await expect(subscribeToPush(container)).resolves.toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the browser’s own subscription when a registration exists', async () => {
    const calls: { url: string; body?: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return Promise.resolve(
        url === '/api/push/public-key'
          ? Response.json({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa' })
          : Response.json({ endpoint: 'https://push.example/1' }, { status: 201 }),
      );
    });
    const subscription = { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } };
    const container = {
      getRegistration: () =>
        Promise.resolve({
          pushManager: { subscribe: () => Promise.resolve({ toJSON: () => subscription }) },
        }),
    } as unknown as ServiceWorkerContainer;
    await expect(subscribeToPush(container)).resolves.toBe(true);
    expect(calls).toEqual([
      { url: '/api/push/public-key', body: undefined },
      { url: '/api/push/subscribe', body: subscription },
    ]);
  });
});
