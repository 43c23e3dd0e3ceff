import type { AnyAlert, Widget } from '@portal/domain';
import { useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { dialogTabOf, rememberDetailTab } from '../api/detail-tab.ts';
import { AlertDetailView } from './alert-detail-view.tsx';
import { identifierOf } from './alert-identity.ts';
import { AlertNotFound } from './alert-not-found.tsx';

export interface AlertDetailModalProps {
  widget: Widget;
  /** The alert to show, by its number; null when a link names none (`?alert=abc`). */
  internalId: number | null;
  /** The row the user opened, shown at once while its fresh copy loads; none for an alert opened from a link. */
  alert?: AnyAlert | undefined;
  onClose: () => void;
}

/**
 * The alert detail as a modal over any table; focus stays inside and returns to the row on close (to the page's
 * heading when no row opened it). Opened from a link, nothing of the alert shows before the server's answer.
 */
export function AlertDetailModal({ widget, internalId, alert, onClose }: AlertDetailModalProps) {
  // Decided once, on the row as it was clicked: the Reply read as the thread shows it must not move the tabs.
  const [initialTab] = useState(() => dialogTabOf(alert));
  return (
    <OpenModal onClose={onClose} title={widget.title} size="xl">
      {internalId === null ? (
        <AlertNotFound />
      ) : (
        <AlertDetailView
          widget={widget}
          // The number pins the alert and the server reads nothing else then: a link that knows only the number
          // puts it in the path's identifier too.
          identifier={alert ? identifierOf(widget, alert) : String(internalId)}
          internalId={internalId}
          placeholder={alert}
          onManualRead={onClose}
          initialTab={initialTab}
          onTabChange={rememberDetailTab}
        />
      )}
    </OpenModal>
  );
}
