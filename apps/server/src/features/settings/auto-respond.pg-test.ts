import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts } from '../../db/schema/index.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { whileHeld } from '../../test/while-held.ts';
import { sweepAutoRespond } from './auto-respond.ts';
import { raiseAlert, turnAutoRespondOff } from './test-support.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): a person answering an alert
// (or an admin saving the rule) while the auto-respond sweep runs needs two transactions at once, which PGlite's one
// connection cannot hold.

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  superToken = await signIn(t.app, 'super@portal.test');
});
afterAll(async () => t.close());

describe('the auto-respond sweep beside a person answering', () => {
  it('leaves an alert being answered to the person, and never overwrites their answer', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/facilitysetting',
      headers: bearer(superToken),
      payload: { FaciId: 301, WidgetName: 'highCost', settingValues: { AutoRespondAction: 'Approve' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const later = {
      widget: 'highCost',
      facId: 301,
      dateCreated: new Date(),
      createdAt: new Date(Date.now() + 1000),
    };
    const busy = await raiseAlert(t.database.db, later);
    const free = await raiseAlert(t.database.db, later);

    const pool = t.database.pool;
    if (!pool) throw new Error('this test needs PostgreSQL');
    // A person's answer in progress: the alert is locked, as requestaction locks it, and not yet committed.
    const person = await pool.connect();
    try {
      await person.query('begin');
      await person.query('select id from alerts where id = $1 for update', [busy.id]);
      await person.query(
        `insert into alert_actions (alert_id, action, comment, requested_by) values ($1, 'deny', 'Not now', 'Nurse')`,
        [busy.id],
      );
      await person.query(`update alerts set srx_status = 'deny' where id = $1`, [busy.id]);
      // The sweep does not wait for it, and answers the other one.
      const answered = await t.database.db.transaction((tx) => sweepAutoRespond(tx, new Date()));
      expect(answered).toBe(1);
      await person.query('commit');
    } finally {
      person.release();
    }
    const status = async (id: number) =>
      (await t.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]?.srxStatus;
    const thread = (id: number) =>
      t.database.db.select().from(alertActions).where(eq(alertActions.alertId, id));
    expect(await status(free.id)).toBe('approve');
    expect(await status(busy.id)).toBe('deny');
    expect((await thread(busy.id)).map((a) => a.action)).toEqual(['deny']);
    // And the next sweep sees it answered.
    await t.database.db.transaction((tx) => sweepAutoRespond(tx, new Date()));
    expect((await thread(busy.id)).map((a) => a.action)).toEqual(['deny']);
  });
});

describe('the auto-respond sweep beside a save of its rule', () => {
  it('answers with the rule as saved by a save under way, never with the one it replaces', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/facilitysetting',
      headers: bearer(superToken),
      payload: { FaciId: 301, WidgetName: 'highCost', settingValues: { AutoRespondAction: 'Approve' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const waiting = await raiseAlert(t.database.db, {
      widget: 'highCost',
      facId: 301,
      dateCreated: new Date(),
      createdAt: new Date(Date.now() + 1000),
    });
    // An admin turning auto-respond off, written and not yet committed, while the sweep runs: until the sweep waits
    // for the admin's row, or (as it did) answers with the rule it read before the change.
    const answered = await whileHeld(
      t.database,
      (admin) => turnAutoRespondOff(admin, 301),
      () => t.database.db.transaction((tx) => sweepAutoRespond(tx, new Date())),
    );
    expect(answered).toBe(0);
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, waiting.id));
    expect(row?.srxStatus).toBeNull();
    expect(
      await t.database.db.select().from(alertActions).where(eq(alertActions.alertId, waiting.id)),
    ).toEqual([]);
  });
});
