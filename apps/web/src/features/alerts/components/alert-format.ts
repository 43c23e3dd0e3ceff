import {
  type AnyAlert,
  formatDate,
  HIGH_COST_STAGES,
  highCostStage,
  highCostStatus,
  type RowDisplayState,
  rowDisplayState,
} from '@portal/domain';
import { fieldDate, fieldNumber } from './alert-values.ts';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date that may be a bare day (admDate): read as a local day so it never shifts by a time zone. */
export function formatDay(value: string | null): string {
  if (!value) return '';
  return formatDate(DAY_ONLY.test(value) ? `${value}T00:00:00` : value);
}

/** The stage label of a flat high cost alert. */
export function stageOf(alert: AnyAlert): string | null {
  const milestones = Object.fromEntries(
    HIGH_COST_STAGES.map(({ field }) => [field, fieldDate(alert, field)]),
  );
  return highCostStage(milestones);
}

/** The POSTED/DELETED/PROFILED status of a flat high cost alert. */
export function highCostStatusOf(alert: AnyAlert) {
  return highCostStatus({
    posted: alert.posted === true,
    deleted: alert.deleted === true,
    profileOnly: alert.profileOnly === true,
  });
}

/**
 * The display state of an alert's row (spec 1, section 4), by the rule the server's displayStatus follows, from the
 * alert as the cache now holds it (a read mark changes it at once). A flat high cost alert carries `posted` and
 * `deleted` among its own fields; other widgets have neither, so their rows are never deleted.
 */
export function rowStateOf(alert: AnyAlert): RowDisplayState {
  return rowDisplayState({
    srxStatus: alert.srxStatus,
    readByFaci: alert.readByFaci,
    posted: alert.posted === true,
    deleted: alert.deleted === true,
  });
}

/** Total meds of an admission group: the server's count, else the length of its list. */
export function totalMedsOf(alert: AnyAlert): number {
  const total = fieldNumber(alert, 'totalMeds');
  if (total !== null) return total;
  return Array.isArray(alert.admissionMedsDetailsList) ? alert.admissionMedsDetailsList.length : 0;
}
