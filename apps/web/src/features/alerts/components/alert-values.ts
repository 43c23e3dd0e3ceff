import type { AnyAlert } from '@portal/domain';

/** A widget's own text field of an alert (lists carry them beside the common ones), or ''. */
export function fieldText(alert: AnyAlert, name: string): string {
  const value = alert[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A widget's own number field of an alert, or null. */
export function fieldNumber(alert: AnyAlert, name: string): number | null {
  const value = alert[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A widget's own date field (ISO string) of an alert, or null. */
export function fieldDate(alert: AnyAlert, name: string): string | null {
  return fieldText(alert, name) || null;
}
