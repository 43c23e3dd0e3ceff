import { WIDGETS } from '@portal/domain';
import { and, count, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_NOW } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import { alerts, facilities, packingSlips } from '../schema/index.ts';
import { seedIfEmpty } from './index.ts';
import { buildScaleFacility, SCALE_FIRST_FAC_ID, seedScale } from './scale.ts';

let database: Database;
let drop: () => Promise<void>;
const ids = [SCALE_FIRST_FAC_ID, SCALE_FIRST_FAC_ID + 1];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await seedIfEmpty(database.db, { pharmacyEmailDomain: 'pharmacy.test', now: TEST_NOW });
});
afterAll(async () => drop());

describe('scale seed', () => {
  it('adds N facilities of about 1,000 alerts each, over every widget, a tenth archived', async () => {
    const result = await seedScale(database.db, { facilities: 2, now: TEST_NOW });
    expect(result.facilitiesDone).toBe(2);
    const rows = await database.db
      .select({ widget: alerts.widget, isArchived: alerts.isArchived })
      .from(alerts)
      .where(inArray(alerts.facId, ids));
    expect(rows.length).toBe(2000);
    expect(new Set(rows.map((r) => r.widget))).toEqual(new Set(WIDGETS.map((w) => w.key)));
    const archived = rows.filter((r) => r.isArchived).length;
    expect(archived).toBeGreaterThan(120);
    expect(archived).toBeLessThan(280);
    const [totes] = await database.db
      .select({ n: count() })
      .from(packingSlips)
      .where(gte(packingSlips.facId, SCALE_FIRST_FAC_ID));
    expect(totes?.n).toBeGreaterThan(0);
    // The bulk inserts go through the triggers that keep each alert's list row (migration 0008).
    const kept = (await database.db.execute(sql`
      select count(*)::int as stale from alerts
      where fac_id = any(${sql.param(ids)}::int[])
        and (list_json is null or list_json is distinct from alert_list_json(alerts))`)) as unknown as {
      rows: { stale: number }[];
    };
    expect(kept.rows[0]?.stale).toBe(0);
  });

  it('makes the same alerts for the same N', async () => {
    const stored = await database.db
      .select({ rxNo: alerts.rxNo, uuid: alerts.uuid })
      .from(alerts)
      .where(inArray(alerts.facId, ids));
    const rebuilt = ids.flatMap((id) => buildScaleFacility(id, TEST_NOW).alerts.map((a) => a.alert));
    expect(new Set(stored.map((r) => r.rxNo))).toEqual(new Set(rebuilt.map((a) => a.rxNo)));
    expect(new Set(stored.map((r) => r.uuid))).toEqual(new Set(rebuilt.map((a) => a.uuid)));
  });

  it('adds nothing when run again', async () => {
    const again = await seedScale(database.db, { facilities: 2, now: TEST_NOW });
    expect(again).toMatchObject({ facilitiesDone: 0, alerts: 0, rows: 0 });
    const [fac] = await database.db
      .select({ n: count() })
      .from(facilities)
      .where(and(gte(facilities.facId, SCALE_FIRST_FAC_ID)));
    expect(fac?.n).toBe(2);
    const [all] = await database.db.select({ n: count() }).from(alerts).where(inArray(alerts.facId, ids));
    expect(all?.n).toBe(2000);
  });
});
