import { useEffect } from 'react';

/** Sets the tab title for the screen being shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
