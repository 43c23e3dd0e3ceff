import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
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
 * through sign-in). Opening and closing replace the history entry: Back leaves the page, and never reopens an alert
 * that was closed. Other parameters (a reminder's `facilityIds`) stay as they are.
 */
export function useLinkedAlert(): LinkedAlert {
  const [search, setSearch] = useSearchParams();
  const value = search.get(ALERT_PARAM);
  const change = useCallback(
    (internalId: number | null) =>
      setSearch(
        (now) => {
          const next = new URLSearchParams(now);
          if (internalId === null) next.delete(ALERT_PARAM);
          else next.set(ALERT_PARAM, String(internalId));
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearch],
  );
  const open = useCallback((internalId: number) => change(internalId), [change]);
  const close = useCallback(() => change(null), [change]);
  return {
    isNamed: value !== null,
    internalId: value === null ? null : alertParamId(value),
    value: value ?? '',
    open,
    close,
  };
}
