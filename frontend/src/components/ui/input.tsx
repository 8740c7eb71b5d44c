import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-500 focus-visible:border-emerald-600 focus-visible:outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-emerald-600/40 disabled:opacity-60 sm:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cn(fieldClasses, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldClasses, 'min-h-20 py-2', className)}
      {...props}
    />
  );
}
