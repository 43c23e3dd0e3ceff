import { type AnyAlert, formatDate, formatDateTime, formatMoney, WIDGET_FIELD_SCHEMAS } from '@portal/domain';
import { facilityNames, formatDay, numberText } from './alert-text.ts';
import type { PrintDocument } from './print-document.ts';

const AdmissionFieldsSchema = WIDGET_FIELD_SCHEMAS.admissionMeds.partial();

/** The admission / medication review PDF of one admission group. */
export function admissionReviewDocument(alert: AnyAlert, printedAt: Date): PrintDocument {
  const fields = AdmissionFieldsSchema.safeParse(alert).data ?? {};
  const meds = fields.admissionMedsDetailsList ?? [];
  const groupId = fields.admissionMedsGroupID || alert.rxNo;
  // The server's sum is the filed figure; adding the rows is only a fallback when it is missing.
  const grandTotal = fields.sumTtlPrice ?? meds.reduce((sum, med) => sum + (med.ttlPrice ?? 0), 0);
  return {
    title: 'Admission / Medication Review',
    fileName: `admission-review-${groupId}.pdf`,
    facilities: facilityNames([alert]),
    printedAt: formatDateTime(printedAt.toISOString()),
    facts: [
      { label: 'Patient', value: alert.patName },
      { label: 'Admission date', value: formatDay(fields.admDate) },
      { label: 'Admission group', value: groupId },
    ],
    columns: ['Rx number', 'Drug', 'Dispensed', 'Days supply', 'Qty', 'Price'],
    rows: meds.map((med) => [
      med.rxNo,
      med.drug,
      formatDate(med.dispenseDt),
      numberText(med.daysSupply),
      numberText(med.qty),
      formatMoney(med.ttlPrice),
    ]),
    totals: [
      { label: 'Total meds', value: String(fields.totalMeds ?? meds.length) },
      { label: 'Grand total', value: formatMoney(grandTotal) },
    ],
    hasSignature: false,
  };
}
