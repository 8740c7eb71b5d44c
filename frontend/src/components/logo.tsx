import { LeafIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '../lib/cn';

/** The Frenly mark: a leaf in a rounded square, and the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-xl bg-emerald-700 text-emerald-50 shadow-sm',
        className,
      )}
    >
      <LeafIcon className="size-[60%]" strokeWidth={2.25} />
    </span>
  );
}

export function Logo({ size = 'md', to = '/search' }: { size?: 'md' | 'lg'; to?: string }) {
  const large = size === 'lg';
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-lg focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      aria-label="Frenly home"
    >
      <LogoMark className={large ? 'size-12 rounded-2xl' : undefined} />
      <span
        className={cn(
          'font-semibold tracking-tight text-slate-900',
          large ? 'text-4xl sm:text-5xl' : 'text-xl',
        )}
      >
        Fren<span className="text-emerald-700">ly</span>
      </span>
    </Link>
  );
}
