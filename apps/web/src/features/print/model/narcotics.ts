import { type AnyAlert, formatDateTime, WIDGET_FIELD_SCHEMAS } from '@portal/domain';
import { facilityNames, numberText, quantityRemaining, roomBed } from './alert-text.ts';
import { listTotals, type PrintDocument, type PrintFact } from './print-document.ts';

const NarcoticsFieldsSchema = WIDGET_FIELD_SCHEMAS.narcoticsRefill.partial();

/** The narcotics fields of an alert, with the quantity remaining worked out. */
function narcoticsValues(alert: AnyAlert) {
  const fields = NarcoticsFieldsSchema.safeParse(alert).data ?? {};
  return {
    rxNumber: fields.rxNumber || alert.rxNo,
    prescriber: fields.physicianName ?? '',
    totalQtyPrescribed: numberText(fields.totalQtyPrescribed),
    fills: numberText(fields.fills),
    qty: numberText(alert.qty),
    remaining: numberText(quantityRemaining(fields.totalQtyPrescribed, fields.fills, alert.qty)),
    createdAt: formatDateTime(fields.createdAt ?? alert.dateCreated),
  };
}

/** One row of the narcotics list. */
export function narcoticsRow(alert: AnyAlert): string[] {
  const values = narcoticsValues(alert);
  return [
    alert.patName,
    roomBed(alert),
    alert.drugLabelName,
    values.rxNumber,
    values.prescriber,
    values.totalQtyPrescribed,
    values.fills,
    values.remaining,
    values.createdAt,
  ];
}

/** The narcotics list PDF of the alerts on screen, of `count` in the list. */
export function narcoticsListDocument(
  alerts: readonly AnyAlert[],
  printedAt: Date,
  count = alerts.length,
): PrintDocument {
  return {
    title: 'Narcotics Refill List',
    fileName: 'narcotics-list.pdf',
    facilities: facilityNames(alerts),
    printedAt: formatDateTime(printedAt.toISOString()),
    ...listTotals('Total narcotics alerts', alerts.length, count),
    columns: [
      'Patient',
      'Room/Bed',
      'Drug',
      'Rx number',
      'Prescriber',
      'Total qty prescribed',
      'Fills',
      'Qty remaining',
      'Created',
    ],
    rows: alerts.map(narcoticsRow),
    hasSignature: false,
  };
}

/** The single-ticket PDF of one narcotics alert, with lines for the nurse's signature and date. */
export function narcoticsTicketDocument(alert: AnyAlert, printedAt: Date): PrintDocument {
  const values = narcoticsValues(alert);
  const facts: PrintFact[] = [
    { label: 'Patient', value: alert.patName },
    { label: 'Room/Bed', value: roomBed(alert) },
    { label: 'Drug', value: alert.drugLabelName },
    { label: 'Rx number', value: values.rxNumber },
    { label: 'Prescriber', value: values.prescriber },
    { label: 'Total qty prescribed', value: values.totalQtyPrescribed },
    { label: 'Fills', value: values.fills },
    { label: 'Qty per fill', value: values.qty },
    { label: 'Quantity remaining', value: values.remaining },
    { label: 'Created', value: values.createdAt },
  ];
  return {
    title: 'Narcotics Refill Ticket',
    fileName: `narcotics-ticket-${values.rxNumber}.pdf`,
    facilities: facilityNames([alert]),
    printedAt: formatDateTime(printedAt.toISOString()),
    facts,
    columns: [],
    rows: [],
    totals: [],
    hasSignature: true,
  };
}
