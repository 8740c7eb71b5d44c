import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { normaliseSearchText, searchLocation } from './search-text';

/** Navigates to `?q=<encoded text>` on the current path; blank text is ignored. */
export function useRunSearch() {
  const navigate = useNavigate();
  return useCallback(
    (text: string) => {
      const query = normaliseSearchText(text);
      if (query === null) return false;
      void navigate({ search: searchLocation(query) });
      return true;
    },
    [navigate],
  );
}
