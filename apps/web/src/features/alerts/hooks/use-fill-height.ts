import { useCallback, useState } from 'react';

/** Where the tab keeps what each page measured, by page and window width (numbers only, no patient data). */
const STORAGE_KEY = 'portal:fill-height-rest';

function rememberedRests(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The key of a page's remembered rest: its layout at the window's present width. */
const restKey = (layout: string) => `${layout}@${window.innerWidth}`;

function remember(key: string, rest: number) {
  const rests = rememberedRests();
  if (rests[key] === rest) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...rests, [key]: rest }));
  } catch {
    // Storage full or refused: the next visit measures again, as the first did.
  }
}

/**
 * The height (px) the element `ref` receives may take so that its page, from the top down to the page's bottom
 * padding, fits the window: what fits shows without scrolling the page, and a longer list scrolls inside the element
 * down to the screen's bottom edge, its footer in view under it. A fixed height left rows of a tall tablet's page
 * scrolled out of sight under 'End of alerts' (a touch screen shows no scroll bar), with the lower half of the
 * screen empty, and pushed the footer off a short ward screen. Never less than `min`.
 *
 * Measured from the layout: everything of the page but the element itself (what is above it, the footer and gaps
 * after it) stays the same whatever height it takes, so the answer is stable when the element grows into it. That
 * rest of the page is remembered for the tab by `layout` (the page's kind: a widget page, its archive) and window
 * width, so the next visit draws the element at its height at once: a first draw at `min` and a second at the
 * measured height drew the table twice on every visit.
 */
export function useFillHeight(
  min: number,
  layout: string,
): { ref: (element: HTMLElement | null) => (() => void) | undefined; height: number } {
  const [height, setHeight] = useState(() => {
    const rest = typeof window === 'undefined' ? undefined : rememberedRests()[restKey(layout)];
    return rest === undefined ? min : Math.max(min, Math.floor(window.innerHeight - rest));
  });
  // A callback ref (with its cleanup, React 19) rather than the element held in state: that state drew the whole
  // page once more as the element arrived, before it could even be measured.
  const ref = useCallback(
    (element: HTMLElement | null) => {
      const page = element?.parentElement;
      if (!element || !page) return undefined;
      const measure = () => {
        const main = element.closest('main');
        const padding = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
        const pageBottom = page.getBoundingClientRect().bottom + window.scrollY + padding;
        const rest = pageBottom - element.getBoundingClientRect().height;
        remember(restKey(layout), rest);
        setHeight(Math.max(min, Math.floor(window.innerHeight - rest)));
      };
      measure();
      window.addEventListener('resize', measure);
      // The page changes above or below the element: a header that wraps, the archive's notice, a footer button.
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      observer?.observe(page);
      return () => {
        window.removeEventListener('resize', measure);
        observer?.disconnect();
      };
    },
    [min, layout],
  );
  return { ref, height };
}
