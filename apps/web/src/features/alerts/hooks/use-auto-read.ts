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
  const done = useRef<number | null>(null);
  const shouldMark = permissions.isReady && permissions.canAutoRead && alert.readByFaci === false;
  useEffect(() => {
    if (!shouldMark || done.current === alert._internalID) return;
    done.current = alert._internalID;
    markRead.mutate({ alert, readByFaci: true });
  }, [shouldMark, alert, markRead]);
}
