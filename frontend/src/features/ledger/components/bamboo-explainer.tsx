import { cn } from '../../../lib/cn';

/** What bamboo and staking are, in two sentences, where people meet them (stake dialog, dashboard). */
export function BambooExplainer({ className }: { className?: string }) {
  return (
    <p
      className={cn('text-xs leading-relaxed text-slate-600', className)}
      data-testid="bamboo-explainer"
    >
      Bamboo is Frenly&rsquo;s community currency, not money: every new account is given some to
      start with. Staking puts some of yours on a site for good, as support or as a concern, and
      adds to the total that everyone sees beside it.
    </p>
  );
}
