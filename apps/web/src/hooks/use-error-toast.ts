import { notifications } from '@mantine/notifications';
import { useMemo, useRef } from 'react';
import { notifyError } from '@/lib/notify.ts';

export interface ErrorToast {
  /** Shows the failure toast (notifyError) in place of this form's previous one, if that is still up. */
  show: (error: unknown) => void;
  /** Hides this form's failure toast, if still up. */
  clear: () => void;
}

/**
 * One failure toast per form: each failure takes the place of the last, so someone retrying (a nurse's fifth
 * sign-in) sees the current message rather than a stack of old ones covering the page, and a success can clear it.
 */
export function useErrorToast(): ErrorToast {
  const shown = useRef<string | null>(null);
  return useMemo(() => {
    const clear = () => {
      if (shown.current) notifications.hide(shown.current);
      shown.current = null;
    };
    return {
      show: (error) => {
        clear();
        shown.current = notifyError(error);
      },
      clear,
    };
  }, []);
}
