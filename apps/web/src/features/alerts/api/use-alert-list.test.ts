import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { withPolledRows } from './use-alert-list.ts';

const row = (guid: string) => alertFixture({ patName: guid, rxGuid: guid });
const guids = (rows: readonly { rxGuid: string }[]) => rows.map((r) => r.rxGuid);

describe('withPolledRows: the 30-second poll merged into the loaded list (spec 1, section 9)', () => {
  it('puts a polled row the list lacks on top when it comes before a row the list has', () => {
    const list = [row('a'), row('b'), row('c')];
    expect(guids(withPolledRows(list, [row('a'), row('new'), row('b')], false))).toEqual([
      'new',
      'a',
      'b',
      'c',
    ]);
  });

  it('takes nothing from the end of the polled page while later pages are not loaded: rows moved up, not new', () => {
    // 'a' was archived: the first page now ends with 'd', the first row of the page not loaded yet.
    const list = [row('a'), row('b'), row('c')];
    expect(guids(withPolledRows(list, [row('b'), row('c'), row('d')], false))).toEqual(['a', 'b', 'c']);
  });

  it('takes every row the list lacks when the list is wholly loaded', () => {
    const list = [row('a'), row('b')];
    expect(guids(withPolledRows(list, [row('a'), row('b'), row('late')], true))).toEqual(['late', 'a', 'b']);
    expect(guids(withPolledRows([], [row('first')], true))).toEqual(['first']);
  });
});
