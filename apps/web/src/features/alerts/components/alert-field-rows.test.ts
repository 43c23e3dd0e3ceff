import { widgetByKey } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { alertFieldRows } from './alert-field-rows.ts';

const highCostAlerts = widgetByKey('highCostAlerts');
const archived = { archiveDtTm: '2026-11-03T10:00:00.000Z', qty: 30, daysSupply: 30 };

/** The Original rows of a high cost alert's Detail tab, as label: value. */
function originals(overrides: Parameters<typeof alertFixture>[0]) {
  return alertFieldRows(highCostAlerts, alertFixture(overrides))
    .filter((row) => row.label.startsWith('Original'))
    .map((row) => `${row.label}: ${row.value}`);
}

describe('alertFieldRows', () => {
  describe('high cost alerts: original quantity and days supply', () => {
    it.each([
      [
        'shows both originals of an archived alert whose quantity changed',
        { ...archived, orgQty: 60, orgDaysSupply: 30 },
        ['Original quantity: 60', 'Original days supply: 30'],
      ],
      [
        'shows both originals of an archived alert whose days supply changed',
        { ...archived, orgQty: 30, orgDaysSupply: 14 },
        ['Original quantity: 30', 'Original days supply: 14'],
      ],
      [
        'shows no blank originals when none is recorded',
        { ...archived, orgQty: null, orgDaysSupply: null },
        [],
      ],
      [
        'shows only the original that is recorded',
        { ...archived, orgQty: 60, orgDaysSupply: null },
        ['Original quantity: 60'],
      ],
      ['shows no originals when nothing changed', { ...archived, orgQty: 30, orgDaysSupply: 30 }, []],
      ['shows no originals on a live alert', { orgQty: 60, qty: 30 }, []],
    ])('%s', (_, overrides, expected) => {
      expect(originals(overrides)).toEqual(expected);
    });
  });

  it("shows Patient Missing's comment", () => {
    const alert = alertFixture({}, { comment: 'Resident transferred to St. Mary on 11/02' });
    expect(alertFieldRows(widgetByKey('patMissing'), alert)).toContainEqual({
      label: 'Comment',
      value: 'Resident transferred to St. Mary on 11/02',
    });
  });

  it('names the admission group an admission review is filed, linked and printed under', () => {
    const alert = alertFixture({}, { admissionMedsGroupID: 'ADM-10106006', admDate: '2026-11-14' });
    expect(alertFieldRows(widgetByKey('admissionMeds'), alert)).toContainEqual({
      label: 'Admission group',
      value: 'ADM-10106006',
    });
  });
});
