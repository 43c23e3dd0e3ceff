import { useEffect, useRef } from 'react';
import { focusPageWhenDrawn } from '@/lib/rescue-focus.ts';

/**
 * After a navigation inside the portal (not the first load), puts the focus on the new page's heading, or on its
 * main region, so a screen reader announces where the user has arrived and the next Tab starts in the page rather
 * than at the top of the document. A page that focuses a field of its own keeps it, and a page that opens with a
 * dialog leaves the focus in the dialog. `focusFirst`: the layout itself was reached by a navigation (from the other
 * layout), so its first page is an arrival too.
 */
export function useFocusPageOnNavigate(place: string, focusFirst = false) {
  const isFirst = useRef(!focusFirst);
  useEffect(() => {
    // `place` is what the effect follows: every new path is a navigation.
    void place;
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    return focusPageWhenDrawn();
  }, [place]);
}
