import { type AnyAlert, formatDate, formatDateTime, WIDGET_FIELD_SCHEMAS } from '@portal/domain';
import { facilityNames, roomBed } from './alert-text.ts';
import { listTotals, type PrintDocument } from './print-document.ts';

const PumpFieldsSchema = WIDGET_FIELD_SCHEMAS.pumpPickup.partial();

/** One row of the pump pickup list: patient, room/bed, drug, serial, parent Rx, dispensed, cutoff, comment. */
export function pumpPickupRow(alert: AnyAlert): string[] {
  const fields = PumpFieldsSchema.safeParse(alert).data ?? {};
  return [
    alert.patName,
    roomBed(alert),
    alert.drugLabelName,
    fields.serialNumber ?? '',
    fields.parentRxNumber ?? '',
    formatDate(fields.dispensedOn),
    formatDate(fields.cutoffOn),
    fields.comment ?? '',
  ];
}

/** The pump pickup list PDF of the alerts on screen, of `count` in the list. */
export function pumpPickupListDocument(
  alerts: readonly AnyAlert[],
  printedAt: Date,
  count = alerts.length,
): PrintDocument {
  return {
    title: 'Pump Pickup List',
    fileName: 'pump-pickup-list.pdf',
    facilities: facilityNames(alerts),
    printedAt: formatDateTime(printedAt.toISOString()),
    ...listTotals('Total pumps', alerts.length, count),
    columns: [
      'Patient',
      'Room/Bed',
      'Drug',
      'Serial number',
      'Parent Rx',
      'Dispensed on',
      'Cutoff on',
      'Comment',
    ],
    rows: alerts.map(pumpPickupRow),
    hasSignature: false,
  };
}
