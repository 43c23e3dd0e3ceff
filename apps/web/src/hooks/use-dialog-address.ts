import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** What a page's address becomes: its parameters, or a change of the ones it has now. */
export type SearchChange =
  | URLSearchParams
  | Record<string, string>
  | ((now: URLSearchParams) => URLSearchParams);

/** The history entry's state that marks an entry the app added by opening a dialog, the entry before it the app's. */
const DIALOG_ENTRY = 'portalDialogEntry';

function isDialogEntry(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[DIALOG_ENTRY] === true
  );
}

/** A page's dialogs named in its address (`?alert=`, `?facID=&toteID=`, `?faciID=`), and the way to open and close them. */
export interface DialogAddress {
  params: URLSearchParams;
  /** Adds a history entry naming the dialog, so Back closes it. */
  open: (next: SearchChange) => void;
  /**
   * Goes back to the entry before the dialog when the app added the dialog's entry (so Back after closing leaves the
   * page, and never reopens what was closed); a dialog reached by a link, with no entry of ours before it, closes by
   * replacing its entry with `next`.
   */
  close: (next: SearchChange) => void;
}

/**
 * The one way a page opens and closes a dialog its address names. Closing by a new entry left two for each dialog:
 * Back after closing opened it again, and a nurse needed two Backs to leave the page.
 */
export function useDialogAddress(): DialogAddress {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // A dialog can be closed twice before the address changes (its close button, then an answer that closes it too):
  // going back twice left the page.
  const leftKey = useRef<string | null>(null);
  const open = useCallback(
    (next: SearchChange) => setParams(next, { state: { [DIALOG_ENTRY]: true }, preventScrollReset: true }),
    [setParams],
  );
  const close = useCallback(
    (next: SearchChange) => {
      if (leftKey.current === location.key) return;
      if (isDialogEntry(location.state)) {
        leftKey.current = location.key;
        navigate(-1);
      } else setParams(next, { replace: true, preventScrollReset: true });
    },
    [location.key, location.state, navigate, setParams],
  );
  return { params, open, close };
}
