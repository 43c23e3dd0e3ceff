import { describe, expect, it } from 'vitest';
import { earlyPageOf, earlyUrls, FACILITIES_URL, firstPageUrl } from './early-requests.ts';
import { listSortColumns, listSortOf, tableColumnsOf } from './list-sort.ts';
import { WIDGETS, widgetByKey } from './widgets.ts';

const highCost = widgetByKey('highCost');
const refill = widgetByKey('refillTooSoon');
const admission = widgetByKey('admissionMeds');

describe('the sort a widget page’s address names (listSortOf)', () => {
  it('reads a column the table offers, either way; a column alone ascending, an order alone on the default column', () => {
    expect(listSortOf(highCost, 'facName', 'desc')).toEqual({ column: 'facName', order: 'desc' });
    expect(listSortOf(highCost, 'ttlPrice', 'asc')).toEqual({ column: 'ttlPrice', order: 'asc' });
    expect(listSortOf(highCost, 'patName', null)).toEqual({ column: 'patName', order: 'asc' });
    expect(listSortOf(highCost, null, 'desc')).toEqual({ column: 'dateCreated', order: 'desc' });
    expect(listSortOf(admission, null, 'desc')).toEqual({ column: 'admDate', order: 'desc' });
    // The paged widgets' own names.
    expect(listSortOf(refill, 'facilityName', 'desc')).toEqual({ column: 'facilityName', order: 'desc' });
    expect(listSortOf(refill, 'dueOn', 'asc')).toEqual({ column: 'dueOn', order: 'asc' });
  });

  it('reads the default order, and nothing at all, as no sort (the address never writes the default)', () => {
    expect(listSortOf(highCost, null, null)).toBeNull();
    expect(listSortOf(highCost, 'dateCreated', 'asc')).toBeNull();
    expect(listSortOf(highCost, null, 'asc')).toBeNull();
    expect(listSortOf(admission, 'admDate', null)).toBeNull();
  });

  it('reads a column the table does not offer, or a bad order, as the default: a bad part costs no list', () => {
    for (const [sort, order] of [
      ['nope', 'desc'],
      ['toString', null],
      ['__proto__', 'asc'],
      // Another widget's column, or the other spelling of one (the paged widgets name it facilityName).
      ['dueOn', 'desc'],
      ['facilityName', 'asc'],
      ['FACNAME', 'asc'],
      ['', 'desc'],
      ['facName', 'DESC'],
      ['facName', 'sideways'],
      ['facName', ''],
    ] as const) {
      expect(listSortOf(highCost, sort, order), `${sort} ${order}`).toBeNull();
    }
  });

  it('offers every widget’s default column', () => {
    for (const widget of WIDGETS) expect(listSortColumns(widget)).toContain(widget.defaultSort);
  });
});

describe('a widget’s table columns (tableColumnsOf)', () => {
  it('name each column once, and show the discussion bubble once, unsorted', () => {
    for (const widget of WIDGETS) {
      const columns = tableColumnsOf(widget);
      const names = listSortColumns(widget);
      expect(new Set(names).size, widget.key).toBe(names.length);
      expect(names.length, widget.key).toBe(columns.length - 1);
      expect(columns.filter((column) => column.sort === null).map((column) => column.header)).toEqual([
        'Discussion',
      ]);
    }
  });

  it('name the patient and facility as the list call does: the paged lists by their own names', () => {
    for (const widget of WIDGETS) {
      const names = listSortColumns(widget).slice(0, 2);
      expect(names, widget.key).toEqual(
        widget.paged ? ['patientName', 'facilityName'] : ['patName', 'facName'],
      );
    }
  });
});

describe('a sorted widget page’s early calls', () => {
  it('reads the sort from the address beside the narrowing, by the same rule', () => {
    expect(earlyPageOf('/alerts/authorization', '?facilityIds=101&sort=facName&sortOrder=desc')).toEqual({
      kind: 'widget',
      widgetKey: 'highCost',
      facilityIds: [101],
      sort: { column: 'facName', order: 'desc' },
    });
    expect(earlyPageOf('/alerts/authorization', '?sort=nope&sortOrder=desc')).toMatchObject({ sort: null });
    expect(earlyPageOf('/alerts/authorization', '')).toMatchObject({ sort: null });
  });

  it('asks for the sorted list’s first page, its query in the order the page builds it', () => {
    const page = earlyPageOf('/alerts/authorization', '?sortOrder=desc&sort=facName&facilityIds=102');
    if (page?.kind !== 'widget') throw new Error('a widget page');
    expect(earlyUrls(page, [])).toEqual([
      FACILITIES_URL,
      '/api/highCost?sort=facName&sortOrder=desc&limit=100&facilityIds=102',
    ]);
    // The default order asks as before: no sort in the URL.
    expect(firstPageUrl(highCost.listCall, { sort: null })).toBe('/api/highCost?limit=100');
  });
});
