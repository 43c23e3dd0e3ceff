import { useCallback } from 'react';
import { useDialogAddress } from '@/hooks/use-dialog-address.ts';
import { ALERT_PARAM, alertParamId } from '@/lib/paths.ts';

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
  const open = useCallback(
    (internalId: number) =>
      openEntry((now) => {
        const next = new URLSearchParams(now);
        next.set(ALERT_PARAM, String(internalId));
        return next;
      }),
    [openEntry],
  );
  const close = useCallback(
    () =>
      closeEntry((now) => {
        const next = new URLSearchParams(now);
        next.delete(ALERT_PARAM);
        return next;
      }),
    [closeEntry],
  );
  return {
    isNamed: value !== null,
    internalId: value === null ? null : alertParamId(value),
    value: value ?? '',
    open,
    close,
  };
}
