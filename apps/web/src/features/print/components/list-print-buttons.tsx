import type { AnyAlert, Widget, WidgetKey } from '@portal/domain';
import { narcoticsListDocument } from '../model/narcotics.ts';
import type { PrintDocument } from '../model/print-document.ts';
import { pumpPickupListDocument } from '../model/pump-pickup-list.ts';
import { PdfButtons } from './pdf-buttons.tsx';

export interface ListPrintButtonsProps {
  widget: Widget;
  /** The rows the list shows, in its order. */
  alerts: readonly AnyAlert[];
  /** How many alerts the list has in all, loaded or not. */
  count: number;
  isCompact?: boolean;
}

// The widgets with a list PDF (widgets.md, "Print").
const LIST_DOCUMENTS: Partial<
  Record<WidgetKey, (alerts: readonly AnyAlert[], now: Date, count: number) => PrintDocument>
> = {
  pumpPickup: pumpPickupListDocument,
  narcoticsRefill: narcoticsListDocument,
};

/** The list PDF buttons of a widget's card or page; nothing for widgets without a list PDF. */
export function ListPrintButtons({ widget, alerts, count, isCompact }: ListPrintButtonsProps) {
  const toDocument = LIST_DOCUMENTS[widget.key];
  if (!toDocument) return null;
  return (
    <PdfButtons
      subject={`${widget.title} list`}
      build={() => toDocument(alerts, new Date(), count)}
      isCompact={isCompact}
    />
  );
}
