import { APP_LIVE_EVENT, SERVER_RENDERED_ATTRIBUTE } from '@portal/domain';

/**
 * Whether React is hydrating a page the server drew (main.tsx), until the first render is committed. Components
 * whose first render would read the browser (a media query) read it in an effect instead while this holds, so
 * they draw what the server drew first: the server knows no viewport.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

/**
 * The first render is committed: the page is the app's own, its root no longer says the server drew it, and a
 * click made on the drawn page before then is given to the app (lib/early-clicks.ts).
 */
export function endHydration(): void {
  hydrating = false;
  document.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  document.dispatchEvent(new Event(APP_LIVE_EVENT));
}

export function isHydrating(): boolean {
  return hydrating;
}
