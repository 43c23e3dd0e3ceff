import { useEffect, useRef } from 'react';
import { focusPageHeading, topDialog } from '@/lib/rescue-focus.ts';

/** Frames to wait for the new page's heading (a lazily loaded page shows a loader first): about 2 s. */
const MAX_FRAMES = 120;

const isTextField = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLElement && element.isContentEditable);

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
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      // A page may open with a dialog (a widget page's link to an alert): the focus is the dialog's.
      if (isTextField(document.activeElement) || topDialog()) return;
      if (!document.querySelector('#main-content h1') && frames++ < MAX_FRAMES) {
        handle = requestAnimationFrame(attempt);
        return;
      }
      focusPageHeading();
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [place]);
}
