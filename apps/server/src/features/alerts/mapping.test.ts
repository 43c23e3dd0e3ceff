import { AnyAlertSchema, widgetByKey } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import type { alerts } from '../../db/schema/index.ts';
import { toWireAlert } from './mapping.ts';

const at = new Date('2026-11-02T15:00:00Z');
const row: typeof alerts.$inferSelect = {
  id: 7,
  uuid: '0b6e6a4e-5d0e-4a8e-9f61-2f1f4f0e2a11',
  widget: 'refillTooSoon',
  facId: 101,
  pharmId: 'sprx',
  rxNo: '1000007',
  rxGuid: 'guid-7',
  generatedId: '8-1000007',
  groupId: '',
  patName: 'Doe, Jane',
  patId: 'P1',
  listJson: null,
  listRev: 1,
  drugLabelName: 'Drug 10 mg',
  qty: 30,
  orgQty: 30,
  daysSupply: 30,
  orgDaysSupply: 30,
  ttlPrice: 12.5,
  dispenseDt: null,
  dateCreated: at,
  nsid: 'NS1',
  nsName: '1 West',
  room: '101',
  bed: 'A',
  srxStatus: null,
  pharmacyStatus: 'Pending',
  readByFaci: false,
  archivedAt: null,
  archiveId: null,
  isArchived: false,
  details: { dueOn: '2026-11-05T00:00:00.000Z', rxNo: 'not this one', ['__proto__']: 'kept as a field' },
  createdAt: at,
  updatedAt: at,
};

describe('toWireAlert', () => {
  it('carries the widget fields from details and the paged names, with the typed columns winning a clash', () => {
    const alert = toWireAlert(widgetByKey('refillTooSoon'), row, 'Meadowbrook', []);
    expect(alert).toMatchObject({ dueOn: '2026-11-05T00:00:00.000Z', rxNo: '1000007', rxNumber: '1000007' });
    expect(alert.facilityName).toBe('Meadowbrook');
    expect(AnyAlertSchema.safeParse(alert).success).toBe(true);
  });

  it('keeps a "__proto__" key of stored details as a plain field', () => {
    const alert = toWireAlert(widgetByKey('refillTooSoon'), row, 'Meadowbrook', []);
    expect(Object.getPrototypeOf(alert)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(alert, '__proto__')?.value).toBe('kept as a field');
  });

  it("derives displayStatus from the answer, the read state and a flat high cost alert's flags", () => {
    const status = (key: Parameters<typeof widgetByKey>[0], changes: Partial<typeof row>) =>
      toWireAlert(widgetByKey(key), { ...row, ...changes }, 'Meadowbrook', []).displayStatus;
    expect(status('refillTooSoon', { readByFaci: false })).toBe('new');
    expect(status('refillTooSoon', { readByFaci: true })).toBe('old');
    expect(status('refillTooSoon', { readByFaci: null })).toBe('old');
    expect(status('refillTooSoon', { srxStatus: 'deny', readByFaci: false })).toBe('denied');
    expect(status('highCostAlerts', { details: { deleted: true, posted: false } })).toBe('deleted');
    expect(status('highCostAlerts', { details: { deleted: true, posted: true } })).toBe('new');
    // Only a flat high cost alert has the flags: another widget's stray "deleted" field is not its state.
    expect(status('refillTooSoon', { details: { deleted: true } })).toBe('new');
  });
});
