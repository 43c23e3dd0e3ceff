import { SETTINGS_MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, facilitySettings, pharmacyMemberships, users } from '../../db/schema/index.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { whileHeld } from '../../test/while-held.ts';
import { turnAutoRespondOff } from './test-support.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): two saves at once need two
// transactions at once, which PGlite's one connection cannot hold.

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  // The pharmacist as a customer service colleague: may Discuss, never approve.
  const [pharmacist] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'pharmacist@pharmacy.test'));
  await t.database.db
    .update(pharmacyMemberships)
    .set({ role: 'CustomerService' })
    .where(eq(pharmacyMemberships.userId, pharmacist?.id ?? 0));
  tokens = await signInAll(t.app, ['sysadmin@pharmacy.test', 'pharmacist@pharmacy.test']);
});
afterAll(async () => t.close());

const save = (email: string, settingValues: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/facilitysetting',
    headers: bearer(tokens[email] ?? ''),
    payload: { FaciId: 101, WidgetName: 'highCost', settingValues },
  });
const stored = async (name: string) =>
  (
    await t.database.db
      .select()
      .from(facilitySettings)
      .where(
        and(
          eq(facilitySettings.facId, 101),
          eq(facilitySettings.widget, 'highCost'),
          eq(facilitySettings.settingName, name),
        ),
      )
  )[0]?.settingValue;

describe('a colleague re-sending the saved auto-respond while an admin changes it', () => {
  it('is judged on the choice the admin saved, not the one the colleague read before it', async () => {
    const approve = await save('sysadmin@pharmacy.test', {
      EmailNotificationMaxCount: 2,
      AutoRespondAction: 'Approve',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // The admin's save of None, written and not yet committed, while the colleague saves the reminders; the page
    // re-sends Approve, the choice it showed.
    const answer = await whileHeld(
      t.database,
      (admin) => turnAutoRespondOff(admin, 101),
      () => save('pharmacist@pharmacy.test', { EmailNotificationMaxCount: 7, AutoRespondAction: 'Approve' }),
    );
    // Approve is no longer the saved choice: setting it again is giving it, which the colleague may not.
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().message).toBe(SETTINGS_MESSAGES.autoRespondNotAllowed);
    expect(await stored('AutoRespondAction')).toBe('');
    expect(await stored('EmailNotificationMaxCount')).toBe('2');
  });
});

describe('two saves sent with the same settings version at once', () => {
  const pool = () => {
    if (!t.database.pool) throw new Error('this test needs PostgreSQL');
    return t.database.pool;
  };
  const version = async (widget: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/facility/101',
      headers: bearer(tokens['sysadmin@pharmacy.test'] ?? ''),
    });
    return answer.json().facility.facilitySettingsVersions[widget] as string;
  };
  const saveWith = (widget: string, settingsVersion: string, interval: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/facilitysetting',
      headers: bearer(tokens['sysadmin@pharmacy.test'] ?? ''),
      payload: {
        FaciId: 101,
        WidgetName: widget,
        settingValues: {
          EmailNotificationMaxCount: 1,
          EmailNotificationIntervalMinutes: interval,
          AutoRespondAction: '',
        },
        settingsVersion,
      },
    });
  const interval = async (widget: string) =>
    (
      await t.database.db
        .select()
        .from(facilitySettings)
        .where(
          and(
            eq(facilitySettings.facId, 101),
            eq(facilitySettings.widget, widget),
            eq(facilitySettings.settingName, 'EmailNotificationIntervalMinutes'),
          ),
        )
    )[0]?.settingValue;
  /** Waits until `count` sessions of this test's database wait for a lock (only for that state, not a timing assertion). */
  async function untilWaiting(count: number) {
    for (let waited = 0; ; waited++) {
      const { rows } = await pool().query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where not l.granted and a.datname = current_database()`,
      );
      if ((rows[0]?.n ?? 0) >= count) return;
      if (waited > 600) throw new Error(`${count} saves never waited at once`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** Both saves under way while `hold` keeps them from finishing; then `release`, and their answers. */
  async function race(widget: string, hold: string, release: 'commit' | 'rollback') {
    const opened = await version(widget);
    const other = await pool().connect();
    try {
      await other.query('begin');
      await other.query(hold);
      const first = saveWith(widget, opened, 11);
      const second = saveWith(widget, opened, 22);
      await untilWaiting(2);
      await other.query(release);
      return await Promise.all([first, second]);
    } finally {
      other.release();
    }
  }
  const outcome = (answers: { statusCode: number; json: () => { message: string } }[]) => {
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const loser = answers[1 - winner];
    return {
      statuses: answers.map((a) => a.statusCode).sort(),
      loser: loser?.json().message,
      winnerInterval: winner === 0 ? '11' : '22',
    };
  };

  it('writes exactly one of them where the settings exist; the other is a 409', async () => {
    const seeded = await saveWith('highCostAlerts', await version('highCostAlerts'), 5);
    expect(seeded.statusCode, seeded.body).toBe(200);
    // Another writer holds the widget's rows, so both saves are under way before either can finish.
    const answers = await race(
      'highCostAlerts',
      "select * from facility_settings where fac_id = 101 and widget = 'highCostAlerts' for update",
      'commit',
    );
    const { statuses, loser, winnerInterval } = outcome(answers);
    expect(statuses).toEqual([200, 409]);
    expect(loser).toBe(SETTINGS_MESSAGES.changedSince);
    expect(await interval('highCostAlerts')).toBe(winnerInterval);
  });

  it('writes exactly one of them where the widget has no settings yet; the other is a 409', async () => {
    await t.database.db
      .delete(facilitySettings)
      .where(and(eq(facilitySettings.facId, 101), eq(facilitySettings.widget, 'highCost')));
    // A first save of another writer, left uncommitted, that both saves' rows collide with; rolled back, it leaves
    // the widget with no rows, as both saves found it.
    const answers = await race(
      'highCost',
      `insert into facility_settings (fac_id, widget, setting_name, setting_value)
       values (101, 'highCost', 'EmailNotificationIntervalMinutes', '99')`,
      'rollback',
    );
    const { statuses, loser, winnerInterval } = outcome(answers);
    expect(statuses).toEqual([200, 409]);
    expect(loser).toBe(SETTINGS_MESSAGES.changedSince);
    expect(await interval('highCost')).toBe(winnerInterval);
  });
});

describe('a reminder contact a colleague deletes while it is edited or deleted again', () => {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tokens['sysadmin@pharmacy.test'] ?? ''), payload });
  /** Sends `request` while the contact's delete is written and not yet committed, then commits the delete. */
  const whileDeleting = (id: number, request: () => ReturnType<typeof post>) =>
    whileHeld(
      t.database,
      (colleague) => colleague.query('delete from facility_contacts where id = $1', [id]),
      request,
    );
  const addContact = async (email: string) => {
    const added = await post('/api/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      ContactInfo: { Email: email },
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().faciContact.facilityContactInfoID as number;
  };
  const auditOf = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.recordId, String(id)))
    ).map((a) => a.detail);

  it('does not answer "Contact updated" for an address stored nowhere', async () => {
    const id = await addContact('night.nurse@meadowbrook.test');
    const edited = await whileDeleting(id, () =>
      post('/api/editfacisetting', { ContactId: id, ContactInfo: { Email: 'day.nurse@meadowbrook.test' } }),
    );
    expect(edited.statusCode, edited.body).toBe(404);
    expect(await auditOf(id)).not.toContainEqual(expect.objectContaining({ contactEdited: true }));
  });

  it('records one deletion when the delete is sent twice at once', async () => {
    const id = await addContact('weekend.nurse@meadowbrook.test');
    const again = await whileDeleting(id, () => post('/api/deletefacicontact', { ContactId: id }));
    expect(again.statusCode, again.body).toBe(404);
    expect(await auditOf(id)).not.toContainEqual(expect.objectContaining({ contactDeleted: true }));
  });
});
