import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether the keyboard user has lost their place: nothing has focus (the page's body, as after the focused element
 * was removed) or `origin` still has it (e.g. a button that went into loading, which Mantine disables).
 */
export function isFocusLost(origin?: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (!!origin && active === origin);
}

/** How to find the element that should have focus, read once the change has rendered (refs are set by then). */
export type FocusTarget = () => HTMLElement | null | undefined;

/**
 * For a change that removes or disables the element that has focus (an Edit button replaced by a form, a Save
 * button that disappears once saved, a button in loading): call the answer with where focus should go, and once
 * the change has rendered focus moves there, unless the user has meanwhile put focus somewhere else on the page.
 * (`data-autofocus` only works inside a Mantine modal's focus trap, and focusing in the same task as the state
 * change finds the old elements.)
 */
export function useFocusAfterRender() {
  const pending = useRef<{ target: FocusTarget; origin: Element | null } | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0 || !pending.current) return;
    const { target, origin } = pending.current;
    pending.current = null;
    if (isFocusLost(origin)) target()?.focus();
  }, [requests]);
  return useCallback((target: FocusTarget) => {
    pending.current = { target, origin: document.activeElement };
    setRequests((count) => count + 1);
  }, []);
}
