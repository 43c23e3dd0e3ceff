import { WIDGETS } from '@portal/domain';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_NOW } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import { alertActions, alerts } from '../schema/index.ts';
import { HCA_BADGES, HCA_STAGES } from './alert-details.ts';
import { DEMO_ALERT_FACILITIES } from './demo-alerts.ts';
import { seedIfEmpty } from './index.ts';
import { daysBefore } from './random.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await seedIfEmpty(database.db, { pharmacyEmailDomain: 'pharmacy.test', now: TEST_NOW });
});
afterAll(async () => drop());

const stageOf = (details: Record<string, unknown>) =>
  HCA_STAGES.reduce<string | null>((last, name) => (details[name] != null ? name : last), null);

describe('demo alerts per facility and widget (demo-world.md)', () => {
  for (const facId of DEMO_ALERT_FACILITIES) {
    for (const widget of WIDGETS) {
      it(`${facId} ${widget.key}: live read states, an unread Reply, three archived`, async () => {
        const rows = await database.db
          .select()
          .from(alerts)
          .where(and(eq(alerts.facId, facId), eq(alerts.widget, widget.key)));
        const live = rows.filter((r) => !r.isArchived);
        expect(live.length).toBeGreaterThanOrEqual(5);
        expect(live.filter((r) => r.readByFaci === false).length).toBeGreaterThanOrEqual(2);
        expect(live.filter((r) => r.readByFaci === true).length).toBeGreaterThanOrEqual(1);
        expect(live.filter((r) => r.readByFaci === null).length).toBeGreaterThanOrEqual(1);
        const replies = await database.db
          .select()
          .from(alertActions)
          .where(
            and(
              inArray(
                alertActions.alertId,
                live.map((r) => r.id),
              ),
              eq(alertActions.action, 'Reply'),
              eq(alertActions.readByFaci, false),
            ),
          );
        expect(replies.length).toBeGreaterThanOrEqual(1);
        const archived = rows.filter((r) => r.isArchived);
        expect(archived.length).toBeGreaterThanOrEqual(3);
        const sixtyDaysAgo = daysBefore(TEST_NOW, 60);
        for (const row of archived) {
          expect(row.archiveId).not.toBeNull();
          expect(row.archivedAt?.getTime()).toBeGreaterThan(sixtyDaysAgo.getTime());
          expect(row.archivedAt?.getTime()).toBeLessThan(TEST_NOW.getTime());
        }
        if (widget.key === 'admissionMeds') {
          for (const row of rows) {
            expect(row.groupId).not.toBe('');
            expect(row.details.admissionMedsDetailsList).toBeInstanceOf(Array);
          }
        }
      });
    }

    it(`${facId} high cost alerts cover every stage and badge, and a changed archived supply`, async () => {
      const rows = await database.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.facId, facId), eq(alerts.widget, 'highCostAlerts')));
      const live = rows.filter((r) => !r.isArchived);
      expect(new Set(live.map((r) => stageOf(r.details)))).toEqual(new Set(HCA_STAGES));
      for (const badge of HCA_BADGES) expect(live.some((r) => r.details[badge] === true)).toBe(true);
      const changed = rows.filter(
        (r) => r.isArchived && (r.orgQty !== r.qty || r.orgDaysSupply !== r.daysSupply),
      );
      expect(changed.length).toBeGreaterThanOrEqual(1);
    });
  }

  it('keeps srxStatus in step with the facility answers in each discussion', async () => {
    const answered = await database.db
      .select({ srxStatus: alerts.srxStatus, action: alertActions.action })
      .from(alerts)
      .innerJoin(alertActions, eq(alertActions.alertId, alerts.id))
      .where(gte(alerts.id, 0));
    const facilityEntries = answered.filter((r) => r.action !== 'Reply');
    expect(facilityEntries.length).toBeGreaterThan(0);
    for (const entry of facilityEntries) expect(entry.srxStatus).toBe(entry.action);
  });
});
