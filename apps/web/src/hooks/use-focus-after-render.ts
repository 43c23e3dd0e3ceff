import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether the keyboard user has lost their place: nothing has focus (the page's body, as after the focused element
 * was removed), or focus is still inside `scope`, the part whose change asked for the move (e.g. a form whose
 * submit button went into loading, which Mantine disables).
 */
export function isFocusLost(scope?: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (!!scope && scope.contains(active));
}

/** How to find the element that should have focus, read once the change has rendered (refs are set by then). */
export type FocusTarget = () => HTMLElement | null | undefined;

const CONTROLS = 'input, textarea, select, button';

/**
 * The first field in `scope` (in the page's order) that shows a message: Mantine marks an input given `error` with
 * aria-invalid and links the message to it (aria-describedby), so focusing it has a screen reader read the message.
 */
export function firstInvalidField(scope: Element | null | undefined): HTMLElement | null {
  // PasswordInput marks its wrapper (aria-invalid) and its inner input only with data-invalid: focus the control.
  const marked = scope?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  if (!marked || marked.matches(CONTROLS)) return marked ?? null;
  return marked.querySelector<HTMLElement>(CONTROLS) ?? marked;
}

/**
 * For a change that removes or disables the element that has focus (an Edit button replaced by a form, a Save
 * button that disappears once saved, a submit button in loading), or that shows a field's message: call the answer
 * with where focus should go (and, optionally, the `scope` focus may still be in), and once the change has
 * rendered, with any message linked to its field, focus moves there, unless the user has meanwhile put focus
 * somewhere else on the page. (`data-autofocus` only works inside a Mantine modal's focus trap, and focusing in the
 * same task as the state change finds the old elements.)
 */
export function useFocusAfterRender() {
  const pending = useRef<{ target: FocusTarget; scope: Element | null } | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0 || !pending.current) return;
    const { target, scope } = pending.current;
    pending.current = null;
    if (isFocusLost(scope)) target()?.focus();
  }, [requests]);
  return useCallback((target: FocusTarget, scope: Element | null = null) => {
    pending.current = { target, scope };
    setRequests((count) => count + 1);
  }, []);
}
