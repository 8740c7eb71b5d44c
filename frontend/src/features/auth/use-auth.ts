import type { UserDto } from '@frenly/contracts';
import { useCurrentUserQuery } from './auth.api';

export interface AuthState {
  user: UserDto | null;
  isSignedIn: boolean;
  /** True while the first authentication check runs (the app shows a spinner). */
  isChecking: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useCurrentUserQuery();
  const user = data ?? null;
  return { user, isSignedIn: user !== null, isChecking: isLoading };
}
