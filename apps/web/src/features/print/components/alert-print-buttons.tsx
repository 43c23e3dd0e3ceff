import type { AnyAlert, Widget, WidgetKey } from '@portal/domain';
import { admissionReviewDocument } from '../model/admission-review.ts';
import { narcoticsTicketDocument } from '../model/narcotics.ts';
import type { PrintDocument } from '../model/print-document.ts';
import { PdfButtons } from './pdf-buttons.tsx';

export interface AlertPrintButtonsProps {
  widget: Widget;
  alert: AnyAlert;
}

// The widgets with a PDF per alert (widgets.md, "Print").
const ALERT_DOCUMENTS: Partial<
  Record<WidgetKey, { subject: string; build: (alert: AnyAlert, now: Date) => PrintDocument }>
> = {
  narcoticsRefill: { subject: 'Narcotics ticket', build: narcoticsTicketDocument },
  admissionMeds: { subject: 'Admission review', build: admissionReviewDocument },
};

/** The PDF buttons of one alert's detail; nothing for widgets without a per-alert PDF. */
export function AlertPrintButtons({ widget, alert }: AlertPrintButtonsProps) {
  const entry = ALERT_DOCUMENTS[widget.key];
  if (!entry) return null;
  return <PdfButtons subject={entry.subject} build={() => entry.build(alert, new Date())} />;
}
