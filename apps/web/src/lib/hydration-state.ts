import {
  APP_LIVE_EVENT,
  DRAWN_VIEW_ATTRIBUTE,
  type FillView,
  parseFillCookie,
  SERVER_RENDERED_ATTRIBUTE,
} from '@portal/domain';

/**
 * Whether React is hydrating a page the server drew (main.tsx), until the first render is committed. Components
 * whose first render would read the browser (a media query, the window's height) draw instead what the server drew
 * for the view it was told of (`drawnView`) while this holds, then read the browser.
 */
let hydrating = false;
/** The view the page being hydrated was drawn for (its root's DRAWN_VIEW_ATTRIBUTE); null: none was known. */
let hydratingView: FillView | null = null;
/** The view the server is drawing a page for, while it draws (`drawingForView`). */
let serverView: FillView | null = null;

export function startHydration(): void {
  hydrating = true;
  hydratingView = parseFillCookie(
    document.getElementById('root')?.getAttribute(DRAWN_VIEW_ATTRIBUTE) ?? undefined,
  );
}

/**
 * The first render is committed: the page is the app's own, its root no longer says the server drew it, and a
 * click made on the drawn page before then is given to the app (lib/early-clicks.ts).
 */
export function endHydration(): void {
  hydrating = false;
  hydratingView = null;
  const root = document.getElementById('root');
  root?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  root?.removeAttribute(DRAWN_VIEW_ATTRIBUTE);
  document.dispatchEvent(new Event(APP_LIVE_EVENT));
}

export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `draw` (the server's drawing of a page, ssr/entry-server.tsx) for the view its reader's browser reported. */
export function drawingForView<T>(view: FillView | null, draw: () => T): T {
  serverView = view;
  try {
    return draw();
  } finally {
    serverView = null;
  }
}

/**
 * The window a page is drawn for while the server draws it or the browser hydrates it (the same view in both, so
 * both draw the same); null otherwise, or when the reader's browser has not reported one.
 */
export function drawnView(): FillView | null {
  if (typeof window === 'undefined') return serverView;
  return hydrating ? hydratingView : null;
}
