import { TOKEN_STORAGE_KEY } from '@portal/domain';
import { useSyncExternalStore } from 'react';

/** Why the token went away: the user asked, or the server refused it (401). */
export type SignOutReason = 'signed-out' | 'expired';

type Listener = () => void;
const listeners = new Set<Listener>();
let lastReason: SignOutReason | null = null;

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as signed out.
    return null;
  }
}

let token: string | null = typeof window === 'undefined' ? null : readStorage();

function emit() {
  for (const listener of listeners) listener();
}

/** The bearer token of this browser's session, or null. */
export function getToken(): string | null {
  return token;
}

/** Stores a new session token (local storage, spec 1 section 9) and tells every subscriber. */
export function setToken(next: string): void {
  token = next;
  lastReason = null;
  window.localStorage.setItem(TOKEN_STORAGE_KEY, next);
  emit();
}

/** Forgets the token; `reason` tells the sign-in page whether the session ended on its own. */
export function clearToken(reason: SignOutReason = 'signed-out'): void {
  const hadToken = token !== null;
  token = null;
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  if (hadToken) lastReason = reason;
  emit();
}

/** Why the last session ended, if it did. */
export function lastSignOutReason(): SignOutReason | null {
  return lastReason;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing out (or in) changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_STORAGE_KEY) return;
    // Another tab's sign-in or sign-out: whatever ended this tab's last session is not why this one changed.
    if (token !== event.newValue) lastReason = null;
    token = event.newValue;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The current token, re-rendering when it changes. The same on the server's render of a page and on the client's
 * hydration of it (`getToken` for both): a page rendered for a session is hydrated by that session.
 */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

/**
 * Runs `render` (synchronous) as the session of `sessionToken`: the server's rendering of a signed-in page
 * (ssr/entry-server.tsx), where no browser storage holds a token. Signed out again after it, whatever happens.
 */
export function renderingAs<T>(sessionToken: string, render: () => T): T {
  if (typeof window !== 'undefined') throw new Error('renderingAs is for the server’s rendering only');
  token = sessionToken;
  try {
    return render();
  } finally {
    token = null;
  }
}

/** Re-reads local storage; tests use it after seeding a token. */
export function reloadTokenFromStorage(): void {
  token = readStorage();
  emit();
}
