import { type AlertEvent, type AlertEventKind, type AnyAlert, widgetByKey } from '@portal/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { applyAlertEvent, resetAlertCaches } from './alert-events.ts';
import { alertKeys } from './alert-keys.ts';
import type { AlertPage } from './get-alert-list.ts';

const refill = widgetByKey('refillTooSoon');
const LIVE = {};
const SORTED = { sort: 'patName', sortOrder: 'asc' } as const;
const ARCHIVE = { archived: true };
const LOADED_AT = Date.parse('2026-11-02T10:00:00.000Z');

function page(alerts: AnyAlert[], count = alerts.length, nextPage: number | null = null): AlertPage {
  return { alerts, count, cursor: nextPage ? 'c' : null, nextPage, timeStamp: '2026-11-02T10:00:00.000Z' };
}

function infinite(...pages: AlertPage[]): InfiniteData<AlertPage> {
  return { pages, pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)) };
}

let eventId = 100;
function event(
  kind: AlertEventKind,
  alert: AnyAlert | undefined,
  alertId = alert?._internalID ?? 0,
): AlertEvent {
  eventId += 1;
  return {
    id: String(eventId),
    kind,
    widget: refill.key,
    facId: 101,
    alertId,
    at: '2026-11-02T11:00:00.000Z',
    ...(alert ? { alert } : {}),
  };
}

/** A cache holding a live list (and its poll), a sorted live list, an archive list and a detail. */
function seeded() {
  const client = createQueryClient();
  const a = alertFixture({ patName: 'Ann', readByFaci: true });
  const b = alertFixture({ patName: 'Bob', readByFaci: true });
  const old = alertFixture({
    patName: 'Old',
    archiveDtTm: '2026-10-01T00:00:00.000Z',
    _internalArchiveID: 9,
  });
  client.setQueryData(alertKeys.list(refill.key, LIVE), infinite(page([a, b], 2)), { updatedAt: LOADED_AT });
  client.setQueryData(alertKeys.poll(refill.key, LIVE), page([a, b], 2), { updatedAt: LOADED_AT });
  client.setQueryData(alertKeys.list(refill.key, SORTED), infinite(page([b, a], 2)), {
    updatedAt: LOADED_AT,
  });
  client.setQueryData(alertKeys.list(refill.key, ARCHIVE), infinite(page([old], 1)), {
    updatedAt: LOADED_AT,
  });
  client.setQueryData(alertKeys.detail(refill.key, 'RX1', a._internalID), a);
  const list = (params: object) =>
    client.getQueryData<InfiniteData<AlertPage>>(alertKeys.list(refill.key, params));
  const poll = () => client.getQueryData<AlertPage>(alertKeys.poll(refill.key, LIVE));
  const names = (params: object) => list(params)?.pages.flatMap((p) => p.alerts.map((x) => x.patName));
  const counts = (params: object) => list(params)?.pages.map((p) => p.count);
  return { client, a, b, old, list, poll, names, counts };
}

describe('applyAlertEvent', () => {
  it('alert.created: on top of every live list and poll, total up by one, never twice, archive untouched', () => {
    const s = seeded();
    const fresh = alertFixture({ patName: 'New', readByFaci: false });
    applyAlertEvent(s.client, event('alert.created', fresh));
    expect(s.names(LIVE)).toEqual(['New', 'Ann', 'Bob']);
    expect(s.counts(LIVE)).toEqual([3]);
    expect(s.names(SORTED)).toEqual(['New', 'Bob', 'Ann']);
    expect(s.poll()?.alerts.map((x) => x.patName)).toEqual(['New', 'Ann', 'Bob']);
    expect(s.poll()?.count).toBe(3);
    expect(s.names(ARCHIVE)).toEqual(['Old']);
    expect(s.counts(ARCHIVE)).toEqual([1]);

    // The same event again (a replay after reconnect) or a later change changes no total.
    applyAlertEvent(s.client, event('alert.created', fresh));
    applyAlertEvent(s.client, event('alert.changed', { ...fresh, srxStatus: 'ask' }));
    expect(s.names(LIVE)).toEqual(['New', 'Ann', 'Bob']);
    expect(s.counts(LIVE)).toEqual([3]);
    expect(s.list(LIVE)?.pages[0]?.alerts[0]?.srxStatus).toBe('ask');
  });

  it("keeps each list's load time, so the 'Updated' age and the list/poll merge stay as they were", () => {
    const s = seeded();
    applyAlertEvent(s.client, event('alert.created', alertFixture({ patName: 'New' })));
    applyAlertEvent(s.client, event('read.changed', { ...s.a, readByFaci: false }));
    expect(s.client.getQueryState(alertKeys.list(refill.key, LIVE))?.dataUpdatedAt).toBe(LOADED_AT);
    expect(s.client.getQueryState(alertKeys.poll(refill.key, LIVE))?.dataUpdatedAt).toBe(LOADED_AT);
  });

  it('puts a new alert only into lists whose facility narrowing admits it', () => {
    const s = seeded();
    // A widget page narrowed by its facility filter carries the facilities in its params like any input.
    const only102: object = { facilityIds: [102] };
    s.client.setQueryData([...alertKeys.lists(refill.key), only102], infinite(page([], 0)));
    applyAlertEvent(s.client, event('alert.created', alertFixture({ patName: 'New' })));
    expect(s.names(only102)).toEqual([]);
    expect(s.counts(only102)).toEqual([0]);
  });

  it.each([
    ['alert.changed', { srxStatus: 'approve', displayStatus: 'approved' }],
    ['read.changed', { readByFaci: false }],
    [
      'action.recorded',
      {
        hasUnreadReply: true,
        requestedActions: [
          {
            requestActionID: 5,
            action: 'Reply',
            actionComment: 'Refill approved by Dr. Patel',
            limitDays: null,
            requestedBy: 'Sam Sysadmin',
            isAutomatic: false,
            sentTime: '2026-11-02T11:00:00.000Z',
            readByFaci: false,
          },
        ],
      },
    ],
  ] as const)('%s: patches the alert in lists, polls and the open detail, in place', (kind, change) => {
    const s = seeded();
    const after = { ...s.a, ...change } as AnyAlert;
    applyAlertEvent(s.client, event(kind, after));
    for (const params of [LIVE, SORTED]) {
      const row = s.list(params)?.pages[0]?.alerts.find((x) => x._internalID === s.a._internalID);
      expect(row).toMatchObject(change);
      expect(s.counts(params)).toEqual([2]);
    }
    expect(s.names(LIVE)).toEqual(['Ann', 'Bob']);
    expect(s.poll()?.alerts[0]).toMatchObject(change);
    expect(s.client.getQueryData(alertKeys.detail(refill.key, 'RX1', s.a._internalID))).toMatchObject(change);
    // Bob is left as he was.
    expect(s.list(LIVE)?.pages[0]?.alerts[1]).toBe(s.b);
  });

  it('alert.archived: out of the live lists and poll (total down), archive lists marked stale, not refetched', () => {
    const s = seeded();
    const archived = { ...s.a, archiveDtTm: '2026-11-02T11:00:00.000Z', _internalArchiveID: 12 };
    applyAlertEvent(s.client, event('alert.archived', archived));
    expect(s.names(LIVE)).toEqual(['Bob']);
    expect(s.counts(LIVE)).toEqual([1]);
    expect(s.poll()?.alerts.map((x) => x.patName)).toEqual(['Bob']);
    expect(s.poll()?.count).toBe(1);
    const archive = s.client.getQueryState(alertKeys.list(refill.key, ARCHIVE));
    expect(archive?.isInvalidated).toBe(true);
    expect(archive?.fetchStatus).toBe('idle');
    expect(s.names(ARCHIVE)).toEqual(['Old']);
    expect(s.client.getQueryState(alertKeys.list(refill.key, LIVE))?.isInvalidated).toBe(false);
    // The open detail shows it archived.
    expect(s.client.getQueryData(alertKeys.detail(refill.key, 'RX1', s.a._internalID))).toMatchObject({
      _internalArchiveID: 12,
    });
  });

  it('alert.archived of a row on a page not loaded yet still takes it off the total', () => {
    const client = createQueryClient();
    const a = alertFixture({ patName: 'Ann' });
    client.setQueryData(alertKeys.list(refill.key, LIVE), infinite(page([a], 250, 2)));
    const elsewhere = alertFixture({ archiveDtTm: '2026-11-02T11:00:00.000Z' });
    applyAlertEvent(client, event('alert.archived', elsewhere));
    const data = client.getQueryData<InfiniteData<AlertPage>>(alertKeys.list(refill.key, LIVE));
    expect(data?.pages[0]?.count).toBe(249);
    expect(data?.pages[0]?.alerts).toEqual([a]);
  });

  it('alert.changed that un-archives: out of the archive list, into a wholly loaded live list', () => {
    const s = seeded();
    const back = { ...s.old, archiveDtTm: null, _internalArchiveID: null };
    applyAlertEvent(s.client, event('alert.changed', back));
    expect(s.names(ARCHIVE)).toEqual([]);
    expect(s.counts(ARCHIVE)).toEqual([0]);
    expect(s.names(LIVE)).toEqual(['Old', 'Ann', 'Bob']);
    expect(s.counts(LIVE)).toEqual([3]);
  });

  it('alert.changed of an alert not loaded in a partly loaded list adds nothing (it may be further down)', () => {
    const client = createQueryClient();
    const a = alertFixture({ patName: 'Ann' });
    client.setQueryData(alertKeys.list(refill.key, LIVE), infinite(page([a], 250, 2)));
    applyAlertEvent(client, event('alert.changed', alertFixture({ patName: 'Far' })));
    const data = client.getQueryData<InfiniteData<AlertPage>>(alertKeys.list(refill.key, LIVE));
    expect(data?.pages[0]?.alerts.map((x) => x.patName)).toEqual(['Ann']);
    expect(data?.pages[0]?.count).toBe(250);
  });

  it('read.changed to unread of an alert not loaded: on top of the live lists (unread rows come first), total kept', () => {
    const client = createQueryClient();
    const a = alertFixture({ patName: 'Ann', readByFaci: false });
    client.setQueryData(alertKeys.list(refill.key, LIVE), infinite(page([a], 250, 2)));
    client.setQueryData(alertKeys.list(refill.key, ARCHIVE), infinite(page([], 0)));
    const far = alertFixture({ patName: 'Far', readByFaci: true });
    const data = () => client.getQueryData<InfiniteData<AlertPage>>(alertKeys.list(refill.key, LIVE));
    // Turned read while not loaded: it stays where the server has it, further down.
    applyAlertEvent(client, event('read.changed', far));
    expect(data()?.pages[0]?.alerts.map((x) => x.patName)).toEqual(['Ann']);
    // Turned unread: among the unread rows, which the list shows first, maybe above its loaded cursor.
    applyAlertEvent(client, event('read.changed', { ...far, readByFaci: false }));
    expect(data()?.pages[0]?.alerts.map((x) => x.patName)).toEqual(['Far', 'Ann']);
    expect(data()?.pages[0]?.count).toBe(250);
    // Again (a replay): shown now, so replaced in place, not added twice.
    applyAlertEvent(client, event('read.changed', { ...far, readByFaci: false }));
    expect(data()?.pages[0]?.alerts.map((x) => x.patName)).toEqual(['Far', 'Ann']);
    const archive = client.getQueryData<InfiniteData<AlertPage>>(alertKeys.list(refill.key, ARCHIVE));
    expect(archive?.pages[0]?.alerts).toEqual([]);
  });

  it('an event without its alert (the alert is gone) drops the row and marks the detail stale', () => {
    const s = seeded();
    applyAlertEvent(s.client, event('alert.changed', undefined, s.a._internalID));
    expect(s.names(LIVE)).toEqual(['Bob']);
    expect(s.counts(LIVE)).toEqual([1]);
    expect(s.client.getQueryState(alertKeys.detail(refill.key, 'RX1', s.a._internalID))?.isInvalidated).toBe(
      true,
    );
  });

  it('applies an event again to an answer that was already on its way when the event came', async () => {
    const s = seeded();
    let answer: (value: AlertPage) => void = () => {};
    const refetch = s.client.fetchQuery({
      queryKey: alertKeys.poll(refill.key, LIVE),
      queryFn: () =>
        new Promise<AlertPage>((resolve) => {
          answer = resolve;
        }),
      staleTime: 0,
    });
    await Promise.resolve();
    expect(s.client.getQueryState(alertKeys.poll(refill.key, LIVE))?.fetchStatus).toBe('fetching');
    const fresh = alertFixture({ patName: 'New' });
    applyAlertEvent(s.client, event('read.changed', { ...s.a, readByFaci: false }));
    applyAlertEvent(s.client, event('alert.created', fresh));
    expect(s.poll()?.count).toBe(3);

    // The server read its answer before those changes committed.
    answer(page([s.a, s.b], 2));
    await refetch;
    expect(s.poll()?.alerts.map((x) => [x.patName, x.readByFaci])).toEqual([
      ['New', true],
      ['Ann', false],
      ['Bob', true],
    ]);
    expect(s.poll()?.count).toBe(3);

    // Once: a later answer is the server's word alone.
    await s.client.fetchQuery({
      queryKey: alertKeys.poll(refill.key, LIVE),
      queryFn: async () => page([s.b], 1),
      staleTime: 0,
    });
    expect(s.poll()?.alerts.map((x) => x.patName)).toEqual(['Bob']);
  });

  it("touches only the event's widget", () => {
    const s = seeded();
    const other = widgetByKey('pumpPickup');
    s.client.setQueryData(alertKeys.list(other.key, LIVE), infinite(page([], 0)));
    applyAlertEvent(s.client, event('alert.created', alertFixture({ patName: 'New' })));
    const data = s.client.getQueryData<InfiniteData<AlertPage>>(alertKeys.list(other.key, LIVE));
    expect(data?.pages[0]?.alerts).toEqual([]);
  });
});

describe('resetAlertCaches', () => {
  it('marks every alert query stale, leaving other features alone', async () => {
    const s = seeded();
    s.client.setQueryData(['facilities'], { facilities: [] });
    await resetAlertCaches(s.client);
    expect(s.client.getQueryState(alertKeys.list(refill.key, LIVE))?.isInvalidated).toBe(true);
    expect(s.client.getQueryState(alertKeys.list(refill.key, ARCHIVE))?.isInvalidated).toBe(true);
    expect(s.client.getQueryState(alertKeys.poll(refill.key, LIVE))?.isInvalidated).toBe(true);
    expect(s.client.getQueryState(['facilities'])?.isInvalidated).toBe(false);
  });
});
