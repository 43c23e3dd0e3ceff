import { useCallback, useState } from 'react';
import { rememberedRests, rememberRest, restKey } from '@/lib/fill-view.ts';
import { drawnView, isHydrating } from '@/lib/hydration-state.ts';

/** The height to draw at first: from the window's remembered rest, or as the server drew it for its reader's view. */
function firstHeight(min: number, layout: string): number {
  if (typeof window === 'undefined' || isHydrating()) {
    // The server, and the browser hydrating its page, draw for the view the browser last reported.
    const view = drawnView();
    const rest = view?.rests[layout];
    return view && rest !== undefined ? Math.max(min, Math.floor(view.height - rest)) : min;
  }
  const rest = rememberedRests()[restKey(layout, window.innerWidth)];
  return rest === undefined ? min : Math.max(min, Math.floor(window.innerHeight - rest));
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
 * measured height drew the table twice on every visit. It is also reported with the window's size in a cookie
 * (lib/fill-view.ts), so a page the server draws has that height too, and so has the browser's hydration of it.
 */
export function useFillHeight(
  min: number,
  layout: string,
): { ref: (element: HTMLElement | null) => (() => void) | undefined; height: number } {
  const [height, setHeight] = useState(() => firstHeight(min, layout));
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
        // To a hundredth of a pixel, as the cookie keeps it: the server's height is then this one to the pixel.
        const rest = Math.round((pageBottom - element.getBoundingClientRect().height) * 100) / 100;
        rememberRest(layout, rest);
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
