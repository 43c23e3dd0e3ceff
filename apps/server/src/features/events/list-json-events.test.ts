import { type AnyAlert, widgetByKey } from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents } from '../../db/schema/index.ts';
import { listAlerts, requestAction } from '../../test/alerts.ts';
import { NURSE } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';

// alerts.list_json (migration 0008) is rewritten by triggers whenever an alert or its discussion changes, often by
// a second UPDATE of the alert (`SET list_json = NULL` after a discussion insert or update). The events triggers
// (migration 0005) must not take those rewrites for changes of the alert: each write below gains exactly the
// events it gained before list_json existed.

const PHARMACY = 'sysadmin@pharmacy.test';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [NURSE, PHARMACY]);
});
afterAll(async () => t.close());

const token = (email: string) => tokens[email] ?? '';
const highCost = widgetByKey('highCost');

async function newestEventId(): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select coalesce(max(id), 0)::int as id from alert_events`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id ?? 0;
}

/** Runs a write and answers the kinds of the events it gave the alert, sorted (one statement's order is free). */
async function eventsOf(alertId: number, write: () => Promise<void>): Promise<string[]> {
  const after = await newestEventId();
  await write();
  const rows = await t.database.db
    .select({ kind: alertEvents.kind })
    .from(alertEvents)
    .where(and(eq(alertEvents.alertId, alertId), gt(alertEvents.id, after)))
    .orderBy(asc(alertEvents.id));
  return rows.map((r) => r.kind).sort();
}

async function alertAt101(match: (a: AnyAlert) => boolean): Promise<AnyAlert> {
  const { list } = await listAlerts(t.app, token(NURSE), highCost, 'facilityIds=101');
  const alert = list.find(match);
  if (!alert) throw new Error('no matching highCost alert at 101');
  return alert;
}

async function act(email: string, alertId: number, requestedAction: string, actionComment: string) {
  const answer = await requestAction(t.app, token(email), {
    widget: 'HighCost',
    _internalID: alertId,
    requestedAction,
    actionComment,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function post(url: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url, headers: bearer(token(NURSE)), payload });
  expect(response.statusCode, response.body).toBe(200);
}

describe('alert_events with the kept list rows (migrations 0005 and 0008)', () => {
  it('a Discuss gains one action.recorded, plus one alert.changed only when it changes the status', async () => {
    const alert = await alertAt101((a) => a.srxStatus === null && a.readByFaci !== null);
    // The first Discuss moves the status from none to 'ask': that change is an event of its own.
    expect(await eventsOf(alert._internalID, () => act(NURSE, alert._internalID, 'ask', 'Generic?'))).toEqual(
      ['action.recorded', 'alert.changed'],
    );
    // The second leaves every column of the alert but list_json as it was: the action alone.
    expect(await eventsOf(alert._internalID, () => act(NURSE, alert._internalID, 'ask', 'Still?'))).toEqual([
      'action.recorded',
    ]);
    const after = await alertAt101((a) => a._internalID === alert._internalID);
    expect(after.requestedActions.map((a) => a.actionComment).slice(-2)).toEqual(['Generic?', 'Still?']);
  });

  it('a read mark gains one read.changed each way, not alert.changed', async () => {
    const alert = await alertAt101((a) => a.readByFaci !== null);
    for (const readByFaci of [!alert.readByFaci, alert.readByFaci]) {
      expect(
        await eventsOf(alert._internalID, () =>
          post('/api/highcost_readByFaci', { _internalID: alert._internalID, readByFaci }),
        ),
      ).toEqual(['read.changed']);
    }
  });

  it('a Reply gains one action.recorded and one read.changed; marking the Reply read one read.changed', async () => {
    const alert = await alertAt101((a) => a.readByFaci !== null);
    await post('/api/highcost_readByFaci', { _internalID: alert._internalID, readByFaci: true });
    // The Reply makes the alert unread again: a read change of the alert besides the new discussion entry.
    expect(
      await eventsOf(alert._internalID, () => act(PHARMACY, alert._internalID, 'Reply', 'On order')),
    ).toEqual(['action.recorded', 'read.changed']);

    const replied = await alertAt101((a) => a._internalID === alert._internalID);
    expect(replied.hasUnreadReply).toBe(true);
    const reply = replied.requestedActions.find((a) => a.actionComment === 'On order');
    expect(reply?.readByFaci).toBe(false);
    expect(
      await eventsOf(alert._internalID, () =>
        post('/api/requestaction_readByFaci', { requestActionID: reply?.requestActionID, readByFaci: true }),
      ),
    ).toEqual(['read.changed']);
    const marked = await alertAt101((a) => a._internalID === alert._internalID);
    expect(
      marked.requestedActions.find((a) => a.requestActionID === reply?.requestActionID)?.readByFaci,
    ).toBe(true);
  });

  it('removing a discussion entry (which rewrites list_json) gains no event', async () => {
    const alert = await alertAt101((a) => a.requestedActions.length > 0);
    const entry = alert.requestedActions.at(-1)?.requestActionID ?? 0;
    expect(
      await eventsOf(alert._internalID, async () => {
        await t.database.db.execute(sql`delete from alert_actions where id = ${entry}`);
      }),
    ).toEqual([]);
    const after = await alertAt101((a) => a._internalID === alert._internalID);
    expect(after.requestedActions.map((a) => a.requestActionID)).not.toContain(entry);
  });
});
