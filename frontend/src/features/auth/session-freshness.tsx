import { useEffect } from 'react';
import { baseApi } from '../../api/base-api';
import { useAppDispatch } from '../../app/hooks';

/**
 * A page the browser restores from its back/forward cache shows what it held when it was left,
 * so Back after signing out would show the previous user's name and balance. On such a
 * restore, everything fetched is dropped and asked again: the session decides what shows.
 */
export function SessionFreshness() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(baseApi.util.resetApiState());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [dispatch]);
  return null;
}
