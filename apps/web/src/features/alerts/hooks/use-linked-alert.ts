import { useCallback } from 'react';
import { useDialogAddress } from '@/hooks/use-dialog-address.ts';
import { ALERT_PARAM, alertParamId } from '@/lib/paths.ts';

/** The address's parameters with `?alert=` set to `internalId`, or without it; the others stay as they are. */
function withAlert(internalId: number | null): (now: URLSearchParams) => URLSearchParams {
  return (now) => {
    const next = new URLSearchParams(now);
    if (internalId === null) next.delete(ALERT_PARAM);
    else next.set(ALERT_PARAM, String(internalId));
    return next;
  };
}

/** The alert a widget page's address names (`?alert=`), and the way to open and close it there. */
export interface LinkedAlert {
  /** Whether the address names an alert at all, even by a value that is not an alert's number. */
  isNamed: boolean;
  /** The number it names; null when it names none or the value is not a number. */
  internalId: number | null;
  /** The raw value, which tells one named alert from the next. */
  value: string;
  open: (internalId: number) => void;
  close: () => void;
}

/**
 * The widget page's open alert lives in its address, so the address is a link to it (copied, reloaded, sent on
 * through sign-in). Opening adds a history entry and closing goes back from it (useDialogAddress): Back closes an
 * open alert, and Back after closing one leaves the page. Other parameters (a reminder's `facilityIds`) stay.
 */
export function useLinkedAlert(): LinkedAlert {
  const dialog = useDialogAddress();
  const value = dialog.params.get(ALERT_PARAM);
  const { open: openEntry, close: closeEntry } = dialog;
  const open = useCallback((internalId: number) => openEntry(withAlert(internalId)), [openEntry]);
  const close = useCallback(() => closeEntry(withAlert(null)), [closeEntry]);
  return {
    isNamed: value !== null,
    internalId: value === null ? null : alertParamId(value),
    value: value ?? '',
    open,
    close,
  };
}
