import { BellIcon, DownloadIcon, Share2Icon, WifiOffIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { LogoMark } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { installStore, useInstallState, type InstallStore } from './install-state';
import { subscribeToPush } from './push-subscription';
import { useOnline } from './use-online';

/**
 * "You're offline" while the browser has no network (spec §2). It sits above the screen, in
 * the page's flow: a fixed bar would cover the screen's own header.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 bg-slate-900 px-4 py-2 text-sm text-white"
    >
      <WifiOffIcon aria-hidden="true" className="size-4" />
      <strong className="font-semibold">You&apos;re offline</strong>
      <span className="text-slate-200">Some features may be limited</span>
    </div>
  );
}

/**
 * The card floats over the bottom of the screen; while it shows, the page gets as much room
 * below its content, so that the footer (and whatever ends the page) can scroll clear of it.
 */
function useRoomBelowPage(card: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const makeRoom = () => {
      body.style.paddingBottom = `${element.offsetHeight + CARD_MARGIN_PX * 2}px`;
    };
    makeRoom();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(makeRoom);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
    };
  }, [card]);
}

/** The card's distance from the screen's bottom edge (Tailwind's bottom-4). */
const CARD_MARGIN_PX = 16;

function PromptCard({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  const card = useRef<HTMLDivElement>(null);
  useRoomBelowPage(card);
  return (
    <div
      ref={card}
      role="dialog"
      aria-modal="false"
      aria-labelledby={labelledBy}
      className="fixed bottom-4 left-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-slate-200 bg-white p-4 shadow-xl"
    >
      {children}
    </div>
  );
}

/** "Install Frenly" when the browser signals installability; hidden after install or Later. */
export function InstallCard({ store = installStore() }: { store?: InstallStore }) {
  const { promptEvent } = useInstallState(store);
  if (!promptEvent) return null;
  return (
    <PromptCard labelledBy="install-card-title">
      <div className="flex items-start gap-3">
        <LogoMark className="size-10 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 id="install-card-title" className="font-semibold text-slate-900">
            Install Frenly
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Open Frenly from your home screen, like any app.
          </p>
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={() => void store.install()}>
              <DownloadIcon aria-hidden="true" />
              Install
            </Button>
            <Button size="sm" variant="ghost" onClick={() => store.dismiss()}>
              Later
            </Button>
          </div>
        </div>
      </div>
    </PromptCard>
  );
}

function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** "Stay Updated": only once installed and while permission is still at its default. */
export function NotificationCard({ store = installStore() }: { store?: InstallStore }) {
  const { installed } = useInstallState(store);
  const [permission, setPermission] = useState(notificationPermission);
  const [skipped, setSkipped] = useState(false);
  if (!installed || permission !== 'default' || skipped) return null;

  async function enable() {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === 'granted') {
      // Needs a worker registration, and none is ever registered (spec §4): usually a no-op.
      await subscribeToPush().catch((error: unknown) =>
        console.warn('Push subscription failed:', error),
      );
    }
  }

  return (
    <PromptCard labelledBy="notification-card-title">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
          <BellIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="notification-card-title" className="font-semibold text-slate-900">
            Stay Updated
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">Hear when the sites you staked on change.</p>
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={() => void enable()}>
              Enable
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSkipped(true)}>
              Skip
            </Button>
          </div>
        </div>
      </div>
    </PromptCard>
  );
}

/** A floating share button, only once installed and where the browser can share. */
export function ShareButton({ store = installStore() }: { store?: InstallStore }) {
  const { installed } = useInstallState(store);
  if (!installed || typeof navigator.share !== 'function') return null;

  async function share() {
    try {
      await navigator.share({ title: document.title, url: window.location.href });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') console.warn('Share failed:', error);
    }
  }

  return (
    <Button
      size="icon"
      aria-label="Share this page"
      onClick={() => void share()}
      className="fixed right-4 bottom-20 z-40 size-12 rounded-full shadow-lg"
    >
      <Share2Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}

/** The floating extras of every screen (the offline banner goes above the screen: see routes.tsx). */
export function AppExtras() {
  return (
    <>
      <InstallCard />
      <NotificationCard />
      <ShareButton />
    </>
  );
}
