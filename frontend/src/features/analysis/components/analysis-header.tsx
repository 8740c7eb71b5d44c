import type { UserDto } from '@frenly/contracts';
import { LogOutIcon } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { SiteNav } from '../../../components/site-nav';
import { Button } from '../../../components/ui/button';
import { UserChip } from '../../auth/components/user-chip';

export const ANALYSIS_SIGN_OUT_PATH = '/api/logout';

export function AnalysisHeader({ user }: { user: UserDto }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Logo />
        <SiteNav className="order-3 w-full sm:order-none sm:w-auto" />
        <div className="ml-auto flex items-center gap-2">
          <UserChip user={user} />
          <Button asChild variant="ghost" size="sm">
            <a href={ANALYSIS_SIGN_OUT_PATH}>
              <LogOutIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Sign Out</span>
            </a>
          </Button>
        </div>
      </div>
    </header>
  );
}
