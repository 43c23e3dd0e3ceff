import type { AnyAlert, Widget } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { useMarkAlertRead } from '../api/mark-alert-read.ts';
import type { AlertPermissions } from './use-alert-permissions.ts';

/**
 * Opening an unread alert marks it read, once, for a facility user whose facility has the automatic keys
 * (spec 1, section 4). Pharmacy-side views never do.
 */
export function useAutoRead(widget: Widget, alert: AnyAlert, permissions: AlertPermissions): void {
  const markRead = useMarkAlertRead(widget);
  // Decided once per opened alert, on its state when opened: an alert the nurse then marks unread herself (or that
  // turns unread while open) stays unread, instead of being marked read again at once.
  const decided = useRef<number | null>(null);
  useEffect(() => {
    if (!permissions.isReady || decided.current === alert._internalID) return;
    decided.current = alert._internalID;
    if (permissions.canAutoRead && alert.readByFaci === false) markRead.mutate({ alert, readByFaci: true });
  }, [permissions.isReady, permissions.canAutoRead, alert, markRead]);
}
