import type { UserDto } from '@frenly/contracts';
import { LeafIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '../../../lib/cn';
import { formatBamboo, fullNameOf, initialsOf } from '../user-names';

/** The bamboo balance as a small pill. */
export function BambooBalance({ amount, className }: { amount: number; className?: string }) {
  return (
    <span
      data-testid="bamboo-balance"
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-1 text-sm font-medium text-emerald-900 sm:gap-1.5 sm:px-3',
        className,
      )}
    >
      <LeafIcon aria-hidden="true" className="size-4 text-emerald-700" />
      <span>
        {formatBamboo(amount)}
        <span className="hidden sm:inline"> Bamboo</span>
        <span className="sr-only sm:hidden"> Bamboo</span>
      </span>
    </span>
  );
}

/** Balance and initials of a signed-in user; the initials open the dashboard. */
export function UserChip({ user }: { user: UserDto }) {
  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <BambooBalance amount={user.bambooBalance ?? 0} />
      <Link
        to="/dashboard"
        title="Your dashboard"
        className="group inline-flex shrink-0 items-center gap-2 rounded-full focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-9 items-center justify-center rounded-full bg-emerald-700 text-sm font-semibold text-white shadow-sm group-hover:bg-emerald-800"
        >
          {initialsOf(user)}
        </span>
        {/* A visible label where there is room: the initials alone do not say where they lead. */}
        <span
          aria-hidden="true"
          className="hidden text-sm font-medium text-slate-700 group-hover:text-emerald-800 lg:inline"
        >
          Dashboard
        </span>
        <span className="sr-only">{fullNameOf(user)}: open your dashboard</span>
      </Link>
    </div>
  );
}
