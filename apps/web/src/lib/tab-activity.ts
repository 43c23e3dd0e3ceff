/**
 * Activity shared between the portal's tabs in one browser, for the idle logout: a nurse working in one tab is not
 * idle in the others, and one tab's idle countdown must not sign her out (every tab shares the session) while she
 * works in another. Each tab announces its activity over a BroadcastChannel, which never delivers a message back
 * to the channel that sent it; one channel per tab, made on first use. Without BroadcastChannel each tab is alone.
 */
const CHANNEL = 'care-portal-activity';

let channel: BroadcastChannel | null | undefined;

function tabChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  }
  return channel;
}

/** Tells the other tabs that the user is active here. */
export function announceActivity(): void {
  tabChannel()?.postMessage('active');
}

/** Calls `listener` whenever another tab announces activity; answers the unsubscribe. */
export function onActivityElsewhere(listener: () => void): () => void {
  const shared = tabChannel();
  if (!shared) return () => {};
  const handler = () => listener();
  shared.addEventListener('message', handler);
  return () => shared.removeEventListener('message', handler);
}
