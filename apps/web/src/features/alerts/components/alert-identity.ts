import { type AnyAlert, isArchivedAlert, type Widget } from '@portal/domain';
import { widgetAlertPath } from '@/lib/paths.ts';
import { fieldText } from './alert-values.ts';

/** The identifier a detail route and the detail call name an alert by (rxNo, rxNumber or the admission group). */
export function identifierOf(widget: Widget, alert: AnyAlert): string {
  return widget.identifier === 'rxNo' ? alert.rxNo : fieldText(alert, widget.identifier) || alert.rxNo;
}

/** The detail page of an alert, or null for widgets that open only as a modal. */
function detailPathOf(widget: Widget, identifier: string): string | null {
  return widget.detailPath ? `${widget.detailPath}/${encodeURIComponent(identifier)}` : null;
}

/**
 * The path of an alert's link: its detail page, pinned by the alert's own number when archived (`?internalId=`: the
 * detail path finds the live alert of an Rx number first, and a refill keeps its Rx number); for a widget without a
 * detail page, its widget page (the archive's, when archived) opening the alert's modal (`?alert=`).
 */
export function alertLinkPath(widget: Widget, alert: AnyAlert): string {
  const isArchived = isArchivedAlert(alert);
  const path = detailPathOf(widget, identifierOf(widget, alert));
  if (!path) return widgetAlertPath(widget, alert._internalID, isArchived);
  return isArchived ? `${path}?internalId=${alert._internalID}` : path;
}
