import { describe, expect, it } from 'vitest';
import {
  alertSubject,
  isAnsweredRowState,
  isArchivedAlert,
  narcoticsQuantityRemaining,
  rowDisplayState,
  unreadFirst,
} from './alert-state.ts';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatMoney,
  relativeTime,
  withDisplayZone,
} from './format.ts';
import { highCostStage, highCostStatus } from './high-cost.ts';
import { priorAuthBadgeColor, srxStatusLabel, statusBadgeColor } from './status.ts';

describe('status labels and colours', () => {
  it.each([
    ['approve', 'Approved', 'green'],
    ['deny', 'Denied', 'red'],
    ['approveonce', 'Approved Once', 'gray'],
    ['submitlimit', 'Limit Approval', 'primary'],
    ['ask', 'ask', 'yellow'],
    ['send', 'send', 'primary'],
  ])('%s reads %s in %s', (status, label, color) => {
    expect(srxStatusLabel(status)).toBe(label);
    expect(statusBadgeColor(status)).toBe(color);
  });

  it('shows nothing for no status and colours prior auth pending as danger', () => {
    expect(srxStatusLabel(null)).toBe('');
    // A code that names one of Object's own members is shown as it is, as the server sorts it.
    expect(srxStatusLabel('constructor')).toBe('constructor');
    expect(srxStatusLabel('toString')).toBe('toString');
    expect(priorAuthBadgeColor('pending')).toBe('red');
    expect(priorAuthBadgeColor('Approved')).toBe('green');
  });
});

describe('high cost alerts', () => {
  it('takes the last milestone reached as the stage', () => {
    expect(highCostStage({})).toBeNull();
    expect(highCostStage({ entered: '2026-11-01' })).toBe('Entered');
    expect(highCostStage({ entered: 'x', initReview: 'x', labelPrintedOn: null, packed: 'x' })).toBe(
      'Packed',
    );
    expect(highCostStage({ entered: 'x', placedInTote: 'x' })).toBe('Placed In Tote');
  });

  it('ranks POSTED over DELETED over PROFILED', () => {
    expect(highCostStatus({ posted: true, deleted: true, profileOnly: true })).toBe('POSTED');
    expect(highCostStatus({ deleted: true, profileOnly: true })).toBe('DELETED');
    expect(highCostStatus({ profileOnly: true })).toBe('PROFILED');
    expect(highCostStatus({})).toBeNull();
  });
});

describe('rows', () => {
  it('names an alert by its patient and drug, leaving out what is blank', () => {
    expect(alertSubject({ patName: 'Yamamoto, Gloria', drugLabelName: 'Quetiapine 25 mg tablet' })).toBe(
      'Yamamoto, Gloria · Quetiapine 25 mg tablet',
    );
    expect(alertSubject({ patName: 'Yamamoto, Gloria', drugLabelName: ' ' })).toBe('Yamamoto, Gloria');
    expect(alertSubject({ patName: '', drugLabelName: 'Insulin glargine' })).toBe('Insulin glargine');
  });

  it('derives the display state', () => {
    expect(rowDisplayState({ deleted: true, srxStatus: 'approve' })).toBe('deleted');
    // A posted alert's badge reads POSTED (status priority), so its row is not shown as deleted either.
    expect(rowDisplayState({ deleted: true, posted: true, srxStatus: 'approve' })).toBe('approved');
    expect(rowDisplayState({ deleted: true, posted: true, readByFaci: false })).toBe('new');
    expect(rowDisplayState({ srxStatus: 'submitlimit' })).toBe('approved');
    expect(rowDisplayState({ srxStatus: 'approveonce' })).toBe('approvedOnce');
    expect(rowDisplayState({ srxStatus: 'donotsend' })).toBe('donotsend');
    expect(rowDisplayState({ readByFaci: false })).toBe('new');
    expect(rowDisplayState({ readByFaci: true })).toBe('old');
    expect(rowDisplayState({ readByFaci: null })).toBe('old');
  });

  it.each([
    ['approved', true],
    ['approvedOnce', true],
    ['denied', true],
    ['asked', true],
    ['send', true],
    ['donotsend', true],
    ['new', false],
    ['old', false],
    ['deleted', false],
  ] as const)('counts %s as answered: %s', (state, expected) => {
    expect(isAnsweredRowState(state)).toBe(expected);
  });

  it('sorts unread first and keeps the order otherwise', () => {
    const rows = [
      { id: 1, readByFaci: true },
      { id: 2, readByFaci: false },
      { id: 3, readByFaci: null },
      { id: 4, readByFaci: false },
    ];
    expect(unreadFirst(rows).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });

  it('calls an alert archived by time or by id', () => {
    expect(isArchivedAlert({ archiveDtTm: '2026-10-01T00:00:00Z' })).toBe(true);
    expect(isArchivedAlert({ _internalArchiveID: 0 })).toBe(true);
    expect(isArchivedAlert({ archiveDtTm: null, _internalArchiveID: null })).toBe(false);
  });

  it('computes narcotics quantity remaining', () => {
    expect(narcoticsQuantityRemaining({ totalQtyPrescribed: 90, fills: 2, qty: 30 })).toBe(30);
  });
});

describe('formats', () => {
  it('writes money as US dollars', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('');
  });

  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [2, '2 bytes'],
    [512, '512 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1280, '1.25 KB'],
    [1034, '1.01 KB'],
    [1048575, '1 MB'],
    [5 * 1024 * 1024, '5 MB'],
    [Math.round(2.25 * 1024 ** 3), '2.25 GB'],
    [3 * 1024 ** 4, '3 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('writes %d bytes as %s (1024-based, at most two decimals, singular for one byte)', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });

  it('writes nothing for a size that is not a whole number of bytes', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(1.5)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });

  it('writes local dates', () => {
    expect(formatDate('2026-11-02T15:00:00Z', 'en-US', 'UTC')).toBe('11/2/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes an instant in the reader’s zone, and a wall-clock value (no offset) as it reads in every zone', () => {
    expect(formatDateTime('2026-11-02T03:30:00Z', 'en-US', 'America/Chicago')).toBe('11/1/2026, 9:30:00 PM');
    expect(formatDateTime('2026-11-02T03:30:00+00:00', 'en-US', 'Asia/Tokyo')).toBe('11/2/2026, 12:30:00 PM');
    for (const zone of ['America/Chicago', 'Asia/Tokyo', 'UTC']) {
      expect(formatDate('2026-11-20', 'en-US', zone)).toBe('11/20/2026');
      expect(formatDateTime('2026-11-20T08:15:00', 'en-US', zone)).toBe('11/20/2026, 8:15:00 AM');
    }
  });

  it('uses the display zone a render sets, for that render only', () => {
    const inChicago = withDisplayZone({ locale: 'en-GB', timeZone: 'America/Chicago' }, () =>
      formatDateTime('2026-11-02T03:30:00Z'),
    );
    expect(inChicago).toBe('01/11/2026, 21:30:00');
    expect(formatDateTime('2026-11-02T03:30:00Z', 'en-US', 'UTC')).toBe('11/2/2026, 3:30:00 AM');
    // Restored even when the render throws.
    expect(() =>
      withDisplayZone({ timeZone: 'Asia/Tokyo' }, () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(formatDateTime('2026-11-02T03:30:00Z', 'en-US')).toBe(
      new Date('2026-11-02T03:30:00Z').toLocaleString('en-US'),
    );
  });

  it.each([
    [30, 'Just now'],
    [60, '1 minute ago'],
    [150, '2 minutes ago'],
    [3600, '1 hour ago'],
    [2 * 86_400, '2 days ago'],
  ])('%i s ago reads %s', (seconds, text) => {
    const now = new Date('2026-11-02T15:00:00Z');
    expect(relativeTime(new Date(now.getTime() - seconds * 1000).toISOString(), now)).toBe(text);
  });
});
