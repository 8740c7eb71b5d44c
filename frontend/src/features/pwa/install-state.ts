import { useSyncExternalStore } from 'react';

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallState {
  /** The deferred install prompt, while one is on offer and not dismissed. */
  promptEvent: BeforeInstallPromptEvent | null;
  /** Running as an installed app (standalone display) or installed during this visit. */
  installed: boolean;
}

type Listener = () => void;

export function createInstallStore(win: Window) {
  const standalone =
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  let state: InstallState = { promptEvent: null, installed: standalone };
  const listeners = new Set<Listener>();
  const set = (next: Partial<InstallState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // Offer our own card instead of the browser's mini-infobar.
    set({ promptEvent: event as BeforeInstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => set({ promptEvent: null, installed: true }));

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows the browser's install prompt; the card hides whatever the answer. */
    async install() {
      const event = state.promptEvent;
      if (!event) return;
      set({ promptEvent: null });
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'accepted') set({ installed: true });
    },
    /** "Later": hide the card for this visit. */
    dismiss() {
      set({ promptEvent: null });
    },
  };
}

export type InstallStore = ReturnType<typeof createInstallStore>;

let shared: InstallStore | null = null;

/** Starts listening as early as possible (main.tsx), so an early prompt is not missed. */
export function installStore(): InstallStore {
  shared ??= createInstallStore(window);
  return shared;
}

export function useInstallState(store: InstallStore = installStore()): InstallState {
  return useSyncExternalStore(store.subscribe, store.getState);
}
