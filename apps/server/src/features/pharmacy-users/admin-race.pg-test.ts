import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, pharmacyMemberships, users } from '../../db/schema/index.ts';
import { PHARMACIST, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { whileHeld } from '../../test/while-held.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): two administrators' changes
// at once need two transactions at once, which PGlite's one connection cannot hold. The first administrator's
// change is held open on a connection of its own while the second's request waits for its rows.

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [SYSADMIN]);
});
afterAll(async () => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(tokens[SYSADMIN] ?? ''), payload });

const pharmacistId = async () =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, PHARMACIST)))[0]?.id ?? 0;
const audited = async (id: number, kind: string) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, String(id)), eq(auditEvents.kind, kind)))
  ).length;

describe('two administrators on one pharmacy user at once', () => {
  it('records one removal when the same pharmacy is removed twice at once', async () => {
    const id = await pharmacistId();
    const added = await post('/adduserpharmacies', {
      email: PHARMACIST,
      entities: [{ entityid: 'upny', userRole: 'Billing' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const again = await whileHeld(
      t.database,
      (client) =>
        client.query(`delete from pharmacy_memberships where user_id = $1 and pharm_id = 'upny'`, [id]),
      () => post('/removepharmacy', { email: PHARMACIST, pharmID: 'upny' }),
    );
    expect(again.statusCode, again.body).toBe(404);
    expect(await audited(id, 'pharmacyUser.removePharmacy')).toBe(0);
  });

  it('gives no pharmacy to a user another administrator deleted meanwhile', async () => {
    const id = await pharmacistId();
    const added = await whileHeld(
      t.database,
      async (client) => {
        // The delete as /deleteuser writes it: the account ends and its roles go.
        await client.query('update users set deleted_at = now() where id = $1', [id]);
        await client.query('delete from pharmacy_memberships where user_id = $1', [id]);
      },
      () =>
        post('/adduserpharmacies', {
          email: PHARMACIST,
          entities: [{ entityid: 'upny', userRole: 'Billing' }],
        }),
    );
    expect(added.statusCode, added.body).toBe(404);
    expect(
      await t.database.db.select().from(pharmacyMemberships).where(eq(pharmacyMemberships.userId, id)),
    ).toEqual([]);
  });

  it('answers a creation of an email another administrator created meanwhile with 409, on record', async () => {
    const email = 'raced.new@pharmacy.test';
    // The other creation is in flight: its row is not yet visible to the pre-check, and the unique index makes this
    // request wait for it, then refuse.
    const created = await whileHeld(
      t.database,
      (client) =>
        client.query(
          `insert into users (email, display_name, user_type, password_hash) values ($1, 'Raced', 'PharmacyUser', 'x')`,
          [email],
        ),
      () =>
        post('/createpharmuser', {
          pharmID: ['sprx'],
          UserRole: 'Billing',
          displayName: 'Raced Too',
          email,
          password: 'a-good-password',
        }),
    );
    expect(created.statusCode, created.body).toBe(409);
    const refusals = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'pharmacyUser.create'), eq(auditEvents.outcome, 'failure')));
    expect(refusals.map((e) => e.detail)).toEqual([
      { pharmIds: ['sprx'], role: 'Billing', email, reason: 'emailTaken' },
    ]);
  });
});
