import type { AnyAlert, Widget } from '@portal/domain';
import { OpenModal } from '@/components/open-modal.tsx';
import { AlertDetailView } from './alert-detail-view.tsx';
import { identifierOf } from './alert-identity.ts';

export interface AlertDetailModalProps {
  widget: Widget;
  alert: AnyAlert;
  onClose: () => void;
}

/** The alert detail as a modal over any table; focus stays inside and returns to the row on close. */
export function AlertDetailModal({ widget, alert, onClose }: AlertDetailModalProps) {
  return (
    <OpenModal onClose={onClose} title={widget.title} size="xl">
      <AlertDetailView
        widget={widget}
        identifier={identifierOf(widget, alert)}
        internalId={alert._internalID}
        placeholder={alert}
        onManualRead={onClose}
      />
    </OpenModal>
  );
}
