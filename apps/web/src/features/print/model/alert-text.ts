import { type AnyAlert, formatDate, narcoticsQuantityRemaining } from '@portal/domain';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date that may be a bare day (admDate), read as a local day so it never shifts by a time zone. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  return formatDate(DAY_ONLY.test(value) ? `${value}T00:00:00` : value);
}

/** A number as printed; empty when missing. */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Room and bed as one cell: '12/A'. */
export function roomBed(alert: AnyAlert): string {
  return [alert.room, alert.bed].filter(Boolean).join('/');
}

/** Each distinct facility name of the alerts, in the order they first appear. */
export function facilityNames(alerts: readonly AnyAlert[]): string[] {
  return [...new Set(alerts.map((alert) => alert.facName).filter(Boolean))];
}

/** Quantity remaining when all three numbers are known (spec 1, section 9), else null. */
export function quantityRemaining(
  totalQtyPrescribed: number | undefined,
  fills: number | undefined,
  qty: number | null,
): number | null {
  if (totalQtyPrescribed === undefined || fills === undefined || qty === null) return null;
  return narcoticsQuantityRemaining({ totalQtyPrescribed, fills, qty });
}
