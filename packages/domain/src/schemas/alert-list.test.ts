import { describe, expect, it } from 'vitest';
import { facilityFilterIds, MAX_FACILITY_IDS } from '../facility-filter.ts';
import { AlertListQuerySchema } from './alert-list.ts';
import { int4IdText } from './ids.ts';

describe('facilityFilterIds', () => {
  it('takes repeated and comma-separated ids, in order, each once', () => {
    expect(facilityFilterIds(['102', '101', '102'])).toEqual([102, 101]);
    expect(facilityFilterIds(['101,102', ' 201 '])).toEqual([101, 102, 201]);
    expect(facilityFilterIds([])).toEqual([]);
  });

  it('leaves out what the list call would refuse, as if it were not there', () => {
    const junk = ['abc', '', '0', '-1', '+5', '1.5', '1e3', '0x10', '2147483648', '99999999999', '10 1'];
    expect(facilityFilterIds([...junk, '102'])).toEqual([102]);
    expect(facilityFilterIds(junk)).toEqual([]);
    // Each id kept is one the server's own query schema takes.
    expect(
      AlertListQuerySchema.safeParse({ facilityIds: facilityFilterIds(['2147483647']).map(String) }).success,
    ).toBe(true);
  });

  it('reads an id exactly as the schema of the list call does (written without zod, for the boot script)', () => {
    const values = [
      '1',
      '01',
      '00101',
      '2147483647',
      '2147483648',
      '0',
      '9999999999',
      '12345678901',
      '٣',
      '1_0',
      '１',
    ];
    for (const value of values) {
      const schema = int4IdText().safeParse(value);
      expect(facilityFilterIds([value]), value).toEqual(schema.success ? [schema.data] : []);
    }
  });

  it('keeps no more ids than one list call takes', () => {
    const many = Array.from({ length: MAX_FACILITY_IDS + 5 }, (_, i) => String(i + 1));
    const ids = facilityFilterIds(many);
    expect(ids).toHaveLength(MAX_FACILITY_IDS);
    expect(AlertListQuerySchema.safeParse({ facilityIds: ids.map(String) }).success).toBe(true);
  });
});
