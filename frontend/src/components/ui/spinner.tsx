import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircleIcon
        aria-hidden="true"
        className={cn('size-6 animate-spin text-emerald-700', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-screen spinner: shown while the authentication check runs (spec §2). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
