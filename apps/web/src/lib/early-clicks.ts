import { APP_LIVE_EVENT, SERVER_RENDERED_ATTRIBUTE } from '@portal/domain';

/**
 * A page the server drew (the signed-in dashboard) shows its rows and buttons before the app's scripts have run,
 * and until the app has hydrated it they are only markup: a nurse who opens an alert as soon as she sees it would
 * click and get nothing (on the bench's machine the gap is ~0.9-1.3 s; on an older ward computer, more). So the
 * boot script, which runs before the main chunk, holds the last such click (or Enter or Space on a focused row or
 * button) and the app gives it to the same element once it has taken the page over. Links are left to the browser:
 * a link works without script (a document load). A page the app drew again instead (another session's) has other
 * elements: the held click is dropped with the old ones. While a click waits, the pointer shows progress. If the
 * app's scripts fail to load (a dropped connection on a ward's wifi), nothing will take the page over: the held click
 * is dropped and the pointer put back, so the drawn page does not sit there looking busy for good.
 */

/** The element a click was held for, or null. */
let held: Element | null = null;
let holding: Document | null = null;

const isActivationKey = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ';

function onEarlyInput(event: Event) {
  const doc = holding;
  const target = event.target;
  if (!doc || !(target instanceof Element)) return;
  const root = doc.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) || !root.contains(target)) return;
  if (target.closest('a[href]')) return;
  if (event instanceof KeyboardEvent) {
    // Only keys that activate the focused control or row; typing is left alone.
    if (!isActivationKey(event)) return;
  }
  event.preventDefault();
  event.stopPropagation();
  held = target;
  doc.documentElement.style.cursor = 'progress';
}

/**
 * Starts holding clicks on a server-drawn page until the app is live (the boot script calls it). The app says so
 * with APP_LIVE_EVENT on the document (lib/hydration-state.ts) rather than by calling in here: the boot script is
 * an entry of its own, and a binding the main chunk took from it would split it into two files fetched one after
 * the other before the first request could start.
 */
export function holdEarlyClicks(doc: Document = document): void {
  if (holding) return;
  holding = doc;
  doc.addEventListener('click', onEarlyInput, true);
  doc.addEventListener('keydown', onEarlyInput, true);
  doc.addEventListener(APP_LIVE_EVENT, releaseEarlyClicks, { once: true });
  // A script that fails to load fires 'error' on its element, which does not bubble: caught on the way down.
  doc.defaultView?.addEventListener('error', onScriptError, true);
}

function onScriptError(event: Event) {
  if (event.target instanceof HTMLScriptElement) stopHolding();
}

/** Stops holding clicks and puts the pointer back; returns the element a click was held for, if any. */
function stopHolding(): Element | null {
  const doc = holding;
  if (!doc) return null;
  holding = null;
  doc.removeEventListener('click', onEarlyInput, true);
  doc.removeEventListener('keydown', onEarlyInput, true);
  doc.removeEventListener(APP_LIVE_EVENT, releaseEarlyClicks);
  doc.defaultView?.removeEventListener('error', onScriptError, true);
  doc.documentElement.style.removeProperty('cursor');
  const target = held;
  held = null;
  return target;
}

/**
 * Stops holding clicks, and gives the last held one to its element if the app kept it (a hydrated page keeps the
 * server's elements).
 */
export function releaseEarlyClicks(): void {
  const target = stopHolding();
  if (target?.isConnected && target instanceof HTMLElement) target.click();
}
