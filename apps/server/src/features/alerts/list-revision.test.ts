import { widgetByKey } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { alertActions, alerts } from '../../db/schema/index.ts';
import { listAlerts } from '../../test/alerts.ts';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { pageCache, wireCache } from './wire-cache.ts';

// The list call reads each page row's id and list_rev and takes the texts from its wire cache, fetching the ones it
// lacks by revision (migration 0009, wire-cache.ts). These tests hold the revision to "one revision, one text", and
// the route to a correct answer when an alert changes between its page and the fetch of its text.

const race = vi.hoisted(() => ({
  /** Runs once, just before the route's next fetch of texts by revision. */
  beforeFetch: null as null | (() => Promise<void>),
  fetches: 0,
}));

vi.mock('./list-statement.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./list-statement.ts')>();
  return {
    ...actual,
    fetchListTexts: async (db: Db, wanted: { id: number; rev: number }[]) => {
      race.fetches += 1;
      const before = race.beforeFetch;
      race.beforeFetch = null;
      if (before) await before();
      return actual.fetchListTexts(db, wanted);
    },
  };
});

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function keptRow(id: number) {
  const [row] = await t.database.db
    .select({ rev: alerts.listRev, text: alerts.listJson })
    .from(alerts)
    .where(eq(alerts.id, id));
  if (!row) throw new Error(`alert ${id} not found`);
  return row;
}

async function firstAlertId() {
  const [row] = await t.database.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(eq(alerts.widget, 'highCost'))
    .orderBy(alerts.id)
    .limit(1);
  if (!row) throw new Error('no highCost alert');
  return row.id;
}

describe('alerts.list_rev', () => {
  it('takes a fresh revision exactly when the kept text changes', async () => {
    const id = await firstAlertId();
    const start = await keptRow(id);
    // No change to the text (updated_at is not in it): same revision.
    await t.database.db.update(alerts).set({ updatedAt: new Date() }).where(eq(alerts.id, id));
    expect(await keptRow(id)).toEqual(start);
    // A writer cannot set the revision itself.
    await t.database.db.execute(sql`update alerts set list_rev = 1 where id = ${id}`);
    expect(await keptRow(id)).toEqual(start);
    // A field of the alert: new text, new revision.
    await t.database.db.update(alerts).set({ room: 'rev-check' }).where(eq(alerts.id, id));
    const moved = await keptRow(id);
    expect(moved.text).not.toBe(start.text);
    expect(moved.rev).toBeGreaterThan(start.rev);
    // A discussion entry (the alert_actions triggers rewrite the text): new revision again.
    await t.database.db
      .insert(alertActions)
      .values({ alertId: id, action: 'Reply', comment: 'rev', requestedBy: 'n' });
    const discussed = await keptRow(id);
    expect(discussed.rev).toBeGreaterThan(moved.rev);
    await t.database.db.delete(alertActions).where(eq(alertActions.comment, 'rev'));
    await t.database.db.update(alerts).set({ room: '' }).where(eq(alerts.id, id));
    expect((await keptRow(id)).rev).toBeGreaterThan(discussed.rev);
  });

  it('is unique per alert and never null, new alerts included', async () => {
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n, count(distinct list_rev)::int as revs, count(list_rev)::int as kept from alerts`,
      )) as unknown as { rows: { n: number; revs: number; kept: number }[] }
    ).rows;
    expect(row?.n).toBeGreaterThan(50);
    expect(row?.revs).toBe(row?.n);
    expect(row?.kept).toBe(row?.n);
  });
});

describe('the list call and a change between its page and its texts', () => {
  const widget = widgetByKey('highCost');

  it('fetches only what the cache lacks, then nothing', async () => {
    const token = await signIn(t.app, 'admin@meadowbrook.test');
    wireCache.clear();
    pageCache.clear();
    race.fetches = 0;
    const cold = await listAlerts(t.app, token, widget);
    expect(cold.status).toBe(200);
    expect(cold.list.length).toBeGreaterThan(0);
    expect(race.fetches).toBe(1);
    const warm = await listAlerts(t.app, token, widget);
    expect(race.fetches).toBe(1);
    expect(warm.list).toEqual(cold.list);
  });

  it('answers the alert as it now is when it changed after the page was read', async () => {
    const token = await signIn(t.app, 'admin@meadowbrook.test');
    const before = await listAlerts(t.app, token, widget);
    const target = before.list[0];
    if (!target) throw new Error('no highCost alert listed');
    wireCache.clear();
    pageCache.clear();
    race.fetches = 0;
    // The page is read (old revision), then the alert changes, then the route fetches texts by the old revision.
    race.beforeFetch = async () => {
      await t.database.db.update(alerts).set({ room: 'raced' }).where(eq(alerts.id, target._internalID));
    };
    const during = await listAlerts(t.app, token, widget);
    expect(during.status).toBe(200);
    expect(race.fetches).toBe(1);
    expect(during.list.map((a) => a._internalID)).toEqual(before.list.map((a) => a._internalID));
    const raced = during.list.find((a) => a._internalID === target._internalID);
    expect(raced?.room).toBe('raced');
    // Every other alert is as it was.
    expect(during.list.filter((a) => a._internalID !== target._internalID)).toEqual(
      before.list.filter((a) => a._internalID !== target._internalID),
    );
    await t.database.db.update(alerts).set({ room: target.room }).where(eq(alerts.id, target._internalID));
    expect((await listAlerts(t.app, token, widget)).list).toEqual(before.list);
  });
});
