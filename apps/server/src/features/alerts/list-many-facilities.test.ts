import { type AnyAlert, widgetByKey } from '@portal/domain';
import { and, eq, inArray, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, facilityMemberships, users } from '../../db/schema/index.ts';
import { SCALE_FIRST_FAC_ID, seedScale } from '../../db/seed/scale.ts';
import { allPages, isUnreadFirst, listAlerts, readRank, readRuns } from '../../test/alerts.ts';
import { buildTestApp, signIn, TEST_NOW, type TestApp } from '../../test/test-app.ts';

// Above 16 visible facilities the list statement pages with its other plan: the widget's index walked in order, the
// facility filtered as "not one of the facilities the caller may not see" (list-statement.ts). The demo world has
// 4 facilities, so these tests give a nurse 18 of 21 and hold that plan to the same answers as the ORM.

const SCALE = 18;
const hiddenFacility = SCALE_FIRST_FAC_ID + SCALE - 1;
let t: TestApp;
let token: string;
let visible: number[];

beforeAll(async () => {
  t = await buildTestApp();
  await seedScale(t.database.db, { facilities: SCALE, now: TEST_NOW });
  const [nurse] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'nurse@meadowbrook.test'));
  if (!nurse) throw new Error('no demo nurse');
  const granted = Array.from({ length: SCALE - 1 }, (_, i) => SCALE_FIRST_FAC_ID + i);
  await t.database.db
    .insert(facilityMemberships)
    .values(granted.map((facId) => ({ userId: nurse.id, facId, role: 'Nursing' })))
    .onConflictDoNothing();
  const memberships = await t.database.db
    .select({ facId: facilityMemberships.facId })
    .from(facilityMemberships)
    .where(eq(facilityMemberships.userId, nurse.id));
  visible = memberships.map((m) => m.facId).sort((a, b) => a - b);
  token = await signIn(t.app, 'nurse@meadowbrook.test');
}, 120_000);
afterAll(async () => t.close());

async function expectedIds(widgetKey: string, archived: boolean, facIds: number[]) {
  const rows = await t.database.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.widget, widgetKey),
        inArray(alerts.facId, facIds),
        archived ? eq(alerts.isArchived, true) : not(alerts.isArchived),
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const ids = (list: AnyAlert[]) => list.map((a) => a._internalID).sort((a, b) => a - b);

describe('a list over more than 16 facilities', () => {
  it('sees 17 or more facilities, one generated facility hidden', () => {
    expect(visible.length).toBeGreaterThan(16);
    expect(visible).not.toContain(hiddenFacility);
  });

  for (const key of ['highCost', 'refillTooSoon'] as const) {
    for (const archived of [false, true]) {
      it(`${key}${archived ? ' archive' : ''}: every page by cursor is exactly the visible alerts, in order`, async () => {
        const widget = widgetByKey(key);
        for (const sortOrder of ['asc', 'desc']) {
          const seen = await allPages(
            t.app,
            token,
            widget,
            `limit=100&sortOrder=${sortOrder}${archived ? '&archived=true' : ''}`,
          );
          expect(ids(seen)).toEqual(await expectedIds(key, archived, visible));
          expect(seen.some((a) => a.facID === hiddenFacility)).toBe(false);
          // Unread first (the seed mixes read, unread and not markable), then the default sort's order
          // (dateCreated, then id), across page boundaries. On the archive, ascending means newest first.
          expect(seen.some((a) => readRank(a) === 0) && seen.some((a) => readRank(a) === 1)).toBe(true);
          expect(isUnreadFirst(seen)).toBe(true);
          const newestFirst = archived === (sortOrder === 'asc');
          for (const run of readRuns(seen)) {
            const keys = run.map((a) => `${a.dateCreated}|${String(a._internalID).padStart(12, '0')}`);
            const sorted = [...keys].sort();
            expect(keys).toEqual(newestFirst ? sorted.reverse() : sorted);
          }
          // The total is the facilities' kept counts, summed over every visible facility.
          const first = await listAlerts(t.app, token, widget, archived ? 'archived=true' : '');
          expect(first.count).toBe(seen.length);
        }
      });
    }
  }

  it("sorted by the facility's name, pages by cursor through every visible alert in that order", async () => {
    // The name is the facility's, not the alert's: the page joins the facility before it sorts.
    for (const [key, column] of [
      ['highCost', 'facName'],
      ['refillTooSoon', 'facilityName'],
    ] as const) {
      const widget = widgetByKey(key);
      const seen = await allPages(t.app, token, widget, `limit=100&sort=${column}&sortOrder=desc`);
      expect(ids(seen)).toEqual(await expectedIds(key, false, visible));
      expect(isUnreadFirst(seen)).toBe(true);
      for (const run of readRuns(seen)) {
        const keys = run.map((a) => [a.facName.toLowerCase(), a._internalID] as const);
        const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
        expect(keys).toEqual(sorted);
      }
    }
  });

  it('narrowed by facilityIds to more than 16, a hidden one among them, answers only the visible ones', async () => {
    const widget = widgetByKey('highCost');
    const asked = [...visible.filter((id) => id >= SCALE_FIRST_FAC_ID), hiddenFacility];
    expect(asked.length).toBeGreaterThan(16);
    const query = asked.map((id) => `facilityIds=${id}`).join('&');
    const seen = await allPages(t.app, token, widget, `limit=100&${query}`);
    const allowed = asked.filter((id) => id !== hiddenFacility);
    expect(ids(seen)).toEqual(await expectedIds('highCost', false, allowed));
    const first = await listAlerts(t.app, token, widget, query);
    expect(first.count).toBe(seen.length);
  });
});
