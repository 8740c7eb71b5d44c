import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../use-auth';
import { UserChip } from './user-chip';

/** Header corner: balance and initials when signed in, a sign-in link otherwise. */
export function AccountArea() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  if (user) return <UserChip user={user} />;
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
