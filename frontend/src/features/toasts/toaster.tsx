import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2Icon, CircleAlertIcon, InfoIcon, XIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { handEscapeToFocusedDialog } from '../../components/ui/escape-to-dialog';
import { cn } from '../../lib/cn';
import { TOAST_DURATION_MS, toastStore, type ToastStore, type ToastVariant } from './toast-store';

/** Swipe right past 50 px dismisses (spec §9); F8 focuses the region (Radix's default hotkey). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

const variantLook: Record<
  ToastVariant,
  { frame: string; icon: typeof InfoIcon; iconClass: string }
> = {
  default: { frame: 'border-slate-200 bg-white', icon: InfoIcon, iconClass: 'text-sky-700' },
  success: {
    frame: 'border-emerald-200 bg-white',
    icon: CheckCircle2Icon,
    iconClass: 'text-emerald-700',
  },
  destructive: {
    frame: 'border-rose-200 bg-rose-50',
    icon: CircleAlertIcon,
    iconClass: 'text-rose-700',
  },
};

export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const { toasts } = useSyncExternalStore(store.subscribe, store.getState);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, variant = 'default', open }) => {
        const look = variantLook[variant];
        const Icon = look.icon;
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) store.dismiss(id);
            }}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onEscapeKeyDown={handEscapeToFocusedDialog}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              'data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full data-[state=open]:animate-[toast-in_160ms_ease-out]',
              look.frame,
            )}
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', look.iconClass)} />
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold text-slate-900">
                {title}
              </ToastPrimitive.Title>
              {description && (
                <ToastPrimitive.Description className="text-sm text-slate-700">
                  {description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
            >
              <XIcon aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notifications ({hotkey})"
        className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:right-4 sm:bottom-4 sm:p-0"
      />
    </ToastPrimitive.Provider>
  );
}
