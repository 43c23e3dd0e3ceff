import { useEffect } from 'react';

/** The product name every document title ends with. */
export const APP_TITLE = 'Care Portal';

/** Sets document.title to '{page} | Care Portal' while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${APP_TITLE}`;
  }, [page]);
}
