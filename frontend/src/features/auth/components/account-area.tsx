import { LogOutIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../use-auth';
import { UserChip } from './user-chip';

/** The spec's sign-out navigation (the analysis header uses the same one). */
export const SIGN_OUT_PATH = '/api/logout';

/** Header corner: balance and initials when signed in, a sign-in link otherwise. */
export function AccountArea() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  if (user)
    return (
      <div className="flex items-center gap-1.5 sm:gap-2">
        <UserChip user={user} />
        <Button asChild variant="ghost" size="sm">
          <a href={SIGN_OUT_PATH}>
            <LogOutIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Sign Out</span>
          </a>
        </Button>
      </div>
    );
  // The sign-in screen brings the user back here (query included) once signed in.
  const here = `${pathname}${search}`;
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={here === '/' ? '/home' : `/home?returnTo=${encodeURIComponent(here)}`}>
        Sign in
      </Link>
    </Button>
  );
}
