import { describe, expect, it } from 'vitest';
import { WIDGET_KEYS } from '../widgets.ts';
import {
  INGEST_WIDGET_FIELDS,
  ingestAlertSchemaOf,
  ingestBatchSchemaOf,
  ingestedListFields,
} from './ingest.ts';
import { canManagePharmacyKeys, managesAnyPharmacyKeys } from './pharmacy-keys.ts';

const base = {
  _internalUUID: '6f1c7a4e-3f0b-4a55-9d3e-2b7f4f3e9a10',
  rxNo: '7001234',
  facID: 101,
  patName: 'Doe, Jane',
  dateCreated: '2026-11-02T10:00:00+01:00',
};

describe('ingest schemas', () => {
  it.each(WIDGET_KEYS)(
    '%s takes every own field of the list schema that the portal does not derive',
    (key) => {
      expect(Object.keys(INGEST_WIDGET_FIELDS[key]).sort()).toEqual(ingestedListFields(key).sort());
    },
  );

  it('fills defaults and stores date-times in one canonical UTC form', () => {
    const alert = ingestAlertSchemaOf('highCost').parse(base);
    expect(alert.dateCreated).toBe('2026-11-02T09:00:00.000Z');
    expect(alert).toMatchObject({ drugLabelName: '', qty: null, authBy: '', minQtyDisp: null, room: '' });
  });

  it('bounds quantities and prices as the columns store them, rounded to 3 decimals', () => {
    const parse = (qty: number) => ingestAlertSchemaOf('highCost').safeParse({ ...base, qty }).success;
    expect(parse(999_999_999.9994)).toBe(true);
    expect(parse(999_999_999.9996)).toBe(false);
    expect(parse(-999_999_999.9999)).toBe(false);
    expect(parse(1e9)).toBe(false);
  });

  it('names the bad field of a bad row by its index', () => {
    const result = ingestBatchSchemaOf('priorAuth').safeParse({
      alerts: [base, { ...base, dateCreated: 'yesterday' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['alerts', 1, 'dateCreated']);
  });

  it('refuses unknown fields and a missing _internalUUID', () => {
    const unknown = ingestAlertSchemaOf('theraInt').safeParse({ ...base, srxStatus: 'approve' });
    expect(unknown.success).toBe(false);
    const { _internalUUID: _, ...withoutId } = base;
    expect(ingestAlertSchemaOf('theraInt').safeParse(withoutId).error?.issues[0]?.path).toEqual([
      '_internalUUID',
    ]);
  });

  it('requires the admission group and a date for admission reviews', () => {
    const review = ingestAlertSchemaOf('admissionMeds');
    expect(review.safeParse(base).success).toBe(false);
    const ok = review.parse({ ...base, admissionMedsGroupID: 'ADM-1', admDate: '2026-11-01' });
    expect(ok.admissionMedsDetailsList).toEqual([]);
  });
});

describe('who manages pharmacy API keys', () => {
  it('is a SuperAdmin or the SysAdmin of that pharmacy', () => {
    expect(canManagePharmacyKeys('SuperAdmin', '')).toBe(true);
    expect(canManagePharmacyKeys('PharmacyUser', 'SysAdmin')).toBe(true);
    expect(canManagePharmacyKeys('PharmacyUser', 'Pharmacist')).toBe(false);
    expect(canManagePharmacyKeys('FacilityUser', 'SysAdmin')).toBe(false);
    expect(
      managesAnyPharmacyKeys({
        userType: 'PharmacyUser',
        entityTypeAndRole: [{ pharid: 'upny', userRole: 'Billing' }],
      }),
    ).toBe(false);
    expect(
      managesAnyPharmacyKeys({
        userType: 'PharmacyUser',
        entityTypeAndRole: [{ pharid: 'sprx', userRole: 'SysAdmin' }],
      }),
    ).toBe(true);
  });
});
