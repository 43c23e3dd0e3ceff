import { type AnyAlert, type WidgetKey, widgetByKey } from '@portal/domain';
import { and, asc, desc, eq, inArray, not, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, facilities } from '../../db/schema/index.ts';
import { allPages, isUnreadFirst, listAlerts, readRank } from '../../test/alerts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { CURSOR_BEFORE_UNREAD_FIRST } from './cursor.ts';
import { isChronological, READ_KEY, sortColumnsOf } from './sorting.ts';

// Unread rows sort before read rows (spec 1, section 4) across every page of a list, not only among the rows a
// client has loaded: the list statement pages (unread first, then the chosen sort, then id) by keyset, the cursor
// naming the run it is in. These tests use the demo world, whose viewers see up to 16 facilities (the list
// statement's per-facility plan); list-many-facilities.test.ts walks the other plan with the seed's mixed states.

let t: TestApp;
const tokens: Record<string, string> = {};
const NURSE = 'nurse@meadowbrook.test';
const SYSADMIN = 'sysadmin@pharmacy.test';

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(tokens, await signInAll(t.app, [NURSE, SYSADMIN]));
});
afterAll(async () => t.close());

const token = (email: string) => tokens[email] ?? '';
const ids = (list: readonly AnyAlert[]) => list.map((a) => a._internalID);

/** The facilities a viewer's list shows, read from the list itself (every alert of the widget, by page number). */
async function visibleFacilities(email: string, key: WidgetKey): Promise<number[]> {
  const facIds = new Set<number>();
  for (const archived of [false, true]) {
    const seen = await allPages(t.app, token(email), widgetByKey(key), archived ? 'archived=true' : '');
    for (const alert of seen) facIds.add(alert.facID);
  }
  return [...facIds];
}

/** Gives a widget's alerts unread, read and not-markable states in turn, so every page mixes them. */
async function mixReadStates(key: WidgetKey) {
  await t.database.db.execute(sql`update alerts set read_by_faci = case id % 3 when 0 then false
    when 1 then true else null end where widget = ${key}`);
}

/**
 * The whole list in the order the lists promise, read with one plain ORDER BY (no paging, no arms): unread first,
 * then the column (the archive's "ascending means newest first" for dates), then id.
 */
async function oracle(
  key: WidgetKey,
  facIds: number[],
  archived: boolean,
  sortName: string,
  order: 'asc' | 'desc',
) {
  const column = sortColumnsOf(key)[sortName];
  if (!column) throw new Error(sortName);
  const flipped = archived && isChronological(column) ? (order === 'asc' ? 'desc' : 'asc') : order;
  const by = flipped === 'asc' ? asc : desc;
  const rows = await t.database.db
    .select({ id: alerts.id })
    .from(alerts)
    .innerJoin(facilities, eq(facilities.facId, alerts.facId))
    .where(
      and(
        eq(alerts.widget, key),
        inArray(alerts.facId, facIds),
        archived ? eq(alerts.isArchived, true) : not(alerts.isArchived),
      ),
    )
    .orderBy(asc(READ_KEY), by(column.expr), by(alerts.id));
  return rows.map((r) => r.id);
}

describe('unread rows first, across pages', () => {
  it('puts an unread alert from what was the last page at the top of page 1', async () => {
    const widget = widgetByKey('highCost');
    await t.database.db.execute(sql`update alerts set read_by_faci = true where widget = 'highCost'`);
    const before = await allPages(t.app, token(NURSE), widget, 'limit=2');
    expect(before.length).toBeGreaterThan(4);
    const last = before.at(-1);
    if (!last) throw new Error('no alerts');
    expect(ids(before.slice(0, 2))).not.toContain(last._internalID);

    await t.database.db.execute(sql`update alerts set read_by_faci = false where id = ${last._internalID}`);
    const first = await listAlerts(t.app, token(NURSE), widget, 'limit=2');
    expect(first.list[0]?._internalID).toBe(last._internalID);
    expect(first.list[0]?.readByFaci).toBe(false);
    // The rest follow in the date order, and the walk still shows every alert once.
    const after = await allPages(t.app, token(NURSE), widget, 'limit=2');
    expect(ids(after)).toEqual([last._internalID, ...ids(before).slice(0, -1)]);
  });

  it('treats an alert that is not markable as read', async () => {
    const widget = widgetByKey('highCost');
    await t.database.db.execute(sql`update alerts set read_by_faci = true where widget = 'highCost'`);
    const list = (await listAlerts(t.app, token(NURSE), widget)).list;
    const [a, b] = list;
    if (!a || !b) throw new Error('too few alerts');
    // The first by date not markable, the second unread: the unread one leads, the not-markable one stays first
    // among the read ones.
    await t.database.db.execute(sql`update alerts set read_by_faci = null where id = ${a._internalID}`);
    await t.database.db.execute(sql`update alerts set read_by_faci = false where id = ${b._internalID}`);
    const now = ids((await listAlerts(t.app, token(NURSE), widget)).list);
    expect(now.slice(0, 2)).toEqual([b._internalID, a._internalID]);
  });

  for (const key of ['highCost', 'refillTooSoon'] as const) {
    it(`${key}: walking by cursor shows every alert once, in unread-first order, however it is sorted`, async () => {
      await mixReadStates(key);
      const widget = widgetByKey(key);
      const sortNames = ['dateCreated', key === 'refillTooSoon' ? 'patientName' : 'patName', 'ttlPrice'];
      for (const email of [NURSE, SYSADMIN]) {
        const facIds = await visibleFacilities(email, key);
        for (const archived of [false, true]) {
          for (const sortName of sortNames) {
            for (const order of ['asc', 'desc'] as const) {
              const query = `sort=${sortName}&sortOrder=${order}${archived ? '&archived=true' : ''}`;
              const expected = await oracle(key, facIds, archived, sortName, order);
              const seen = await allPages(t.app, token(email), widget, `${query}&limit=2`);
              expect(ids(seen), `${email} ${query}`).toEqual(expected);
              expect(isUnreadFirst(seen), `${email} ${query}`).toBe(true);
              const { count } = await listAlerts(t.app, token(email), widget, query);
              expect(count, `${email} ${query}`).toBe(seen.length);
              // Paging by number answers the same rows.
              const page2 = await listAlerts(t.app, token(email), widget, `${query}&limit=2&page=2`);
              expect(ids(page2.list), `${email} ${query} page=2`).toEqual(expected.slice(2, 4));
            }
          }
        }
      }
    });
  }

  it('mixes unread and read rows in the walks above', async () => {
    await mixReadStates('highCost');
    const seen = await allPages(t.app, token(SYSADMIN), widgetByKey('highCost'), 'limit=2');
    const ranks = seen.map(readRank);
    expect(ranks).toContain(0);
    expect(ranks).toContain(1);
  });

  it('moves an alert between the unread and read rows when it is marked, through a warm wire cache', async () => {
    const widget = widgetByKey('highCost');
    await mixReadStates('highCost');
    const listed = async () => (await listAlerts(t.app, token(NURSE), widget, 'facilityIds=101')).list;
    const start = await listed();
    const unread = start.filter((a) => a.readByFaci === false);
    const target = unread[0];
    if (!target || unread.length < 2) throw new Error('too few unread alerts');
    const mark = (readByFaci: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api${widget.readCall}`,
        headers: bearer(token(NURSE)),
        payload: { _internalID: target._internalID, readByFaci },
      });

    expect((await mark(true)).statusCode).toBe(200);
    const read = await listed();
    const moved = read.find((a) => a._internalID === target._internalID);
    expect(moved?.readByFaci).toBe(true);
    expect(isUnreadFirst(read)).toBe(true);
    expect(read.findIndex((a) => a._internalID === target._internalID)).toBeGreaterThanOrEqual(
      unread.length - 1,
    );
    expect(ids(read)).toEqual(await oracle('highCost', [101], false, 'dateCreated', 'asc'));

    expect((await mark(false)).statusCode).toBe(200);
    const back = await listed();
    expect(back.find((a) => a._internalID === target._internalID)?.readByFaci).toBe(false);
    expect(ids(back)).toEqual(ids(start));
  });
});

describe('cursors made before unread-first order', () => {
  const forged = (cursor: Record<string, unknown>) =>
    Buffer.from(JSON.stringify(cursor)).toString('base64url');

  it('refuses one without its read run with a 400 that says to load the list again', async () => {
    const widget = widgetByKey('highCost');
    // Exactly what the previous build wrote after a page's last row.
    const old = forged({ s: 'dateCreated', o: 'asc', a: false, v: '2026-11-02 14:00:00+00', i: 1, p: 2 });
    const { status, body } = await listAlerts(t.app, token(NURSE), widget, `cursor=${old}`);
    expect(status).toBe(400);
    expect(body.message).toBe(CURSOR_BEFORE_UNREAD_FIRST);
    expect(body.fields).toEqual({ cursor: 'Cursor from before unread-first order' });
  });

  it('takes the cursors it gives now, in either run', async () => {
    const widget = widgetByKey('highCost');
    await mixReadStates('highCost');
    const first = await listAlerts(t.app, token(SYSADMIN), widget, 'limit=1');
    const decoded = JSON.parse(Buffer.from(first.cursor ?? '', 'base64url').toString('utf8')) as {
      u: boolean;
    };
    expect(decoded.u).toBe(true);
    const seen = await allPages(t.app, token(SYSADMIN), widget, 'limit=1');
    expect(seen.length).toBe(first.count);
  });
});
