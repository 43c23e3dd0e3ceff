import type { AnyAlert, Widget } from '@portal/domain';
import { fieldText } from './alert-values.ts';

/** The identifier a detail route and the detail call name an alert by (rxNo, rxNumber or the admission group). */
export function identifierOf(widget: Widget, alert: AnyAlert): string {
  return widget.identifier === 'rxNo' ? alert.rxNo : fieldText(alert, widget.identifier) || alert.rxNo;
}

/** The detail page of an alert, or null for widgets that open only as a modal. */
export function detailPathOf(widget: Widget, identifier: string): string | null {
  return widget.detailPath ? `${widget.detailPath}/${encodeURIComponent(identifier)}` : null;
}
