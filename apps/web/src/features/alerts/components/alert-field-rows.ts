import {
  type AnyAlert,
  formatDate,
  formatDateTime,
  formatMoney,
  isArchivedAlert,
  narcoticsQuantityRemaining,
  type Widget,
} from '@portal/domain';
import { formatDay, totalMedsOf } from './alert-format.ts';
import { fieldDate, fieldNumber, fieldText } from './alert-values.ts';

/** One label and value of the Detail tab. */
export interface FieldRow {
  label: string;
  value: string;
}

const num = (value: number | null) => (value === null ? '' : String(value));

function commonRows(alert: AnyAlert): FieldRow[] {
  return [
    { label: 'RX number', value: alert.rxNo },
    { label: 'Dispense date', value: formatDate(alert.dispenseDt) },
    { label: 'Alerted on', value: formatDateTime(alert.dateCreated) },
    { label: 'Facility', value: `${alert.facID} - ${alert.facName}` },
    { label: 'Patient', value: alert.patName },
    { label: 'Nursing station', value: alert.nsName || alert.nsid },
    { label: 'Room', value: alert.room },
    { label: 'Bed', value: alert.bed },
    { label: 'Drug', value: alert.drugLabelName },
    { label: 'Quantity', value: num(alert.qty) },
    { label: 'Days supply', value: num(alert.daysSupply) },
    { label: 'Total price', value: formatMoney(alert.ttlPrice) },
  ];
}

/**
 * An archived high cost alert whose quantity or days supply changed shows its originals (spec 1, section 2). A null
 * original means none was recorded, not a change, so it neither counts as one nor shows as a blank row.
 */
function highCostAlertRows(alert: AnyAlert): FieldRow[] {
  const originals = [
    { label: 'Original quantity', original: alert.orgQty, current: alert.qty },
    { label: 'Original days supply', original: alert.orgDaysSupply, current: alert.daysSupply },
  ].filter((row) => row.original !== null);
  const changed = originals.some((row) => row.original !== row.current);
  if (!isArchivedAlert(alert) || !changed) return [];
  return originals.map((row) => ({ label: row.label, value: num(row.original) }));
}

function narcoticsRows(alert: AnyAlert): FieldRow[] {
  const total = fieldNumber(alert, 'totalQtyPrescribed');
  const fills = fieldNumber(alert, 'fills');
  const remaining =
    total !== null && fills !== null && alert.qty !== null
      ? narcoticsQuantityRemaining({ totalQtyPrescribed: total, fills, qty: alert.qty })
      : null;
  return [
    { label: 'Physician name', value: fieldText(alert, 'physicianName') },
    { label: 'Total quantity prescribed', value: num(total) },
    { label: 'Fills', value: num(fills) },
    { label: 'Quantity remaining', value: num(remaining) },
    { label: 'Created at', value: formatDateTime(fieldDate(alert, 'createdAt')) },
  ];
}

/** Each widget's own fields of the Detail tab (spec 1, section 2), after the common ones. */
function widgetRows(widget: Widget, alert: AnyAlert): FieldRow[] {
  switch (widget.key) {
    case 'highCost':
      return [
        { label: 'Authorized by', value: fieldText(alert, 'authBy') },
        { label: 'Min drug quantity', value: num(fieldNumber(alert, 'minQtyDisp')) },
        { label: 'Invoice group', value: fieldText(alert, 'invoiceGrp') },
      ];
    case 'highCostAlerts':
      return highCostAlertRows(alert);
    case 'priorAuth':
      return [{ label: 'Billing comment', value: fieldText(alert, 'billingComment') }];
    case 'theraInt':
      return [
        { label: 'Prescribed drug', value: fieldText(alert, 'prescribedDrugName') },
        { label: 'Dispensed drug', value: alert.drugLabelName },
      ];
    case 'openBatch':
      return [{ label: 'Sig', value: fieldText(alert, 'sig') }];
    case 'admissionMeds':
      // The group is what the review's page, its link and its printed PDF name it by.
      return [
        { label: 'Admission group', value: fieldText(alert, 'admissionMedsGroupID') },
        { label: 'Admission date', value: formatDay(fieldDate(alert, 'admDate')) },
        { label: 'Total meds', value: String(totalMedsOf(alert)) },
        { label: 'Grand total', value: formatMoney(fieldNumber(alert, 'sumTtlPrice')) },
      ];
    case 'refillTooSoon':
      return [
        { label: 'Filled on', value: formatDate(fieldDate(alert, 'filledOn')) },
        { label: 'Received on', value: formatDate(fieldDate(alert, 'receivedOn')) },
        { label: 'Due on', value: formatDate(fieldDate(alert, 'dueOn')) },
        { label: 'Sig', value: fieldText(alert, 'sig') },
      ];
    case 'pumpPickup':
      return [
        { label: 'Serial number', value: fieldText(alert, 'serialNumber') },
        { label: 'Comment', value: fieldText(alert, 'comment') },
        { label: 'DeliveryRx', value: fieldText(alert, 'parentRxNumber') },
        { label: 'Dispensed on', value: formatDate(fieldDate(alert, 'dispensedOn')) },
        { label: 'Cutoff on', value: formatDate(fieldDate(alert, 'cutoffOn')) },
        { label: 'Sig', value: fieldText(alert, 'sig') },
      ];
    case 'narcoticsRefill':
      return narcoticsRows(alert);
    case 'patMissing':
      return [{ label: 'Comment', value: fieldText(alert, 'comment') }];
    default:
      return [];
  }
}

/** The label/value rows of an alert's Detail tab. */
export function alertFieldRows(widget: Widget, alert: AnyAlert): FieldRow[] {
  return [...commonRows(alert), ...widgetRows(widget, alert)];
}
