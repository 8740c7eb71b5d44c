import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        neutral: 'border-slate-200 bg-slate-50 text-slate-700',
        best: 'border-emerald-200 bg-emerald-50 text-emerald-800',
        good: 'border-lime-300 bg-lime-50 text-lime-900',
        fair: 'border-amber-200 bg-amber-50 text-amber-900',
        poor: 'border-rose-200 bg-rose-50 text-rose-800',
        info: 'border-sky-200 bg-sky-50 text-sky-900',
        verified: 'border-teal-200 bg-teal-50 text-teal-800',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
