import { SERVER_RENDERED_ATTRIBUTE } from '@portal/domain';

/**
 * Whether React is hydrating a page the server drew (main.tsx), until the first render is committed. Components
 * whose first render would read the browser (a media query) read it in an effect instead while this holds, so
 * they draw what the server drew first: the server knows no viewport.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

/** The first render is committed: the page is the app's own, and its root no longer says the server drew it. */
export function endHydration(): void {
  hydrating = false;
  document.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
}

export function isHydrating(): boolean {
  return hydrating;
}
