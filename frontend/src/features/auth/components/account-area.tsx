import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../use-auth';
import { UserChip } from './user-chip';

/** Header corner: balance and initials when signed in, a sign-in link otherwise. */
export function AccountArea() {
  const { user } = useAuth();
  if (user) return <UserChip user={user} />;
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/home">Sign in</Link>
    </Button>
  );
}
