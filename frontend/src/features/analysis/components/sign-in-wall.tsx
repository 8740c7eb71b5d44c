import { LockKeyholeIcon } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { currentPlace, signInHref } from '../../../lib/mutation-errors';

/** What a signed-out visitor sees instead of the analysis tool (spec §2). */
export function SignInWall() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-emerald-50/70 to-white">
      <header className="px-4 py-3 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <LockKeyholeIcon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-4 text-xl font-semibold text-slate-900">Sign In Required</h1>
          <p className="mt-2 text-slate-600">Please sign in to access the Frenly Analyzer.</p>
          <Button asChild size="lg" className="mt-6 w-full">
            <a href={signInHref(currentPlace())}>Sign In</a>
          </Button>
        </div>
      </main>
    </div>
  );
}
