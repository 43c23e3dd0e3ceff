import { useLayoutEffect, useState } from 'react';

/**
 * The height (px) the element `ref` receives may take so that its page, from the top down to the page's bottom
 * padding, fits the window: what fits shows without scrolling the page, and a longer list scrolls inside the element
 * down to the screen's bottom edge, its footer in view under it. A fixed height left rows of a tall tablet's page
 * scrolled out of sight under 'End of alerts' (a touch screen shows no scroll bar), with the lower half of the
 * screen empty, and pushed the footer off a short ward screen. Never less than `min`, nor before it is measured.
 *
 * Measured from the layout: everything of the page but the element itself (what is above it, the footer and gaps
 * after it) stays the same whatever height it takes, so the answer is stable when the element grows into it.
 */
export function useFillHeight(min: number): { ref: (element: HTMLElement | null) => void; height: number } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const page = element?.parentElement;
    if (!element || !page) return;
    const measure = () => {
      const main = element.closest('main');
      const padding = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      const pageBottom = page.getBoundingClientRect().bottom + window.scrollY + padding;
      const rest = pageBottom - element.getBoundingClientRect().height;
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
  }, [element, min]);
  return { ref: setElement, height };
}
