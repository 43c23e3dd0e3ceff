import { SETTINGS_MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilitySettings, pharmacyMemberships, users } from '../../db/schema/index.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';

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
    const pool = t.database.pool;
    if (!pool) throw new Error('this test needs PostgreSQL');
    // The admin's save of None, written and not yet committed.
    const admin = await pool.connect();
    let answer: Awaited<ReturnType<typeof save>>;
    try {
      await admin.query('begin');
      await admin.query(
        `update facility_settings set setting_value = '', updated_at = now()
         where fac_id = 101 and widget = 'highCost' and setting_name = 'AutoRespondAction'`,
      );
      // The colleague saves the reminders; the page re-sends Approve, the choice it showed.
      const colleague = save('pharmacist@pharmacy.test', {
        EmailNotificationMaxCount: 7,
        AutoRespondAction: 'Approve',
      });
      // Wait until the colleague's save waits for the admin's row (only for that state, not a timing assertion).
      for (let waited = 0; ; waited++) {
        const { rows } = await pool.query<{ n: number }>(
          'select count(*)::int as n from pg_locks where not granted',
        );
        if ((rows[0]?.n ?? 0) > 0) break;
        if (waited > 600) throw new Error("the colleague's save never reached the admin's row");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query('commit');
      answer = await colleague;
    } finally {
      admin.release();
    }
    // Approve is no longer the saved choice: setting it again is giving it, which the colleague may not.
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().message).toBe(SETTINGS_MESSAGES.autoRespondNotAllowed);
    expect(await stored('AutoRespondAction')).toBe('');
    expect(await stored('EmailNotificationMaxCount')).toBe('2');
  });
});
