import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { rowsOfPages, withPolledRows } from './use-alert-list.ts';

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

describe('rowsOfPages: the loaded pages as one list', () => {
  it('shows an alert once when a later page brings it again, where it was first shown', () => {
    // 'b' was unread on page 1, then marked read: the server now has it among the read rows, on page 2.
    const a = row('a');
    const b = { ...row('b'), readByFaci: true };
    const c = row('c');
    const pages = [{ alerts: [a, b] }, { alerts: [c, { ...row('b'), _internalID: b._internalID }] }];
    expect(guids(rowsOfPages(pages))).toEqual(['a', 'b', 'c']);
    expect(rowsOfPages(pages)[1]).toBe(b);
  });
});
