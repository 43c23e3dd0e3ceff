import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { whileHeld } from '../../test/while-held.ts';
import { userApi } from './test-support.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): two administrators' changes
// at once need two transactions at once, which PGlite's one connection cannot hold. The first administrator's
// change is held open on a connection of its own while the second's request waits for its rows.

let t: TestApp;
let tokens: Record<string, string>;
let api: ReturnType<typeof userApi>;
const as = (email: string) => tokens[email] ?? '';

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, ['admin@meadowbrook.test', 'super@portal.test', 'sysadmin@pharmacy.test']);
  api = userApi(t);
});
afterAll(async () => t.close());

const userId = async (email: string) => (await api.row(email))?.id ?? 0;
const auditKinds = async (id: number, kind: string) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, String(id)), eq(auditEvents.kind, kind)))
  ).length;

describe('two administrators on one user at once', () => {
  it('answers a profile edit of a user deleted meanwhile with 404, not "Profile updated"', async () => {
    const id = await userId('nurse.nocreds@meadowbrook.test');
    const edited = await whileHeld(
      t.database,
      (client) => client.query('update users set deleted_at = now() where id = $1', [id]),
      () =>
        api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
          displayName: 'Jamal W.',
          email: 'nurse.nocreds@meadowbrook.test',
          entityId: 101,
        }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(404);
    expect(await auditKinds(id, 'user.profile')).toBe(0);
  });

  it('writes only the first of two profile saves sent on the same version: the second is a 409', async () => {
    const email = 'tess.race@meadowbrook.test';
    const created = await api.post(as('admin@meadowbrook.test'), '/createuser', {
      email,
      password: 'temp-pass-1',
      displayName: 'Tess Race',
      userRole: 'Nursing',
      faciID: 101,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = await userId(email);
    const list = await api.get(as('sysadmin@pharmacy.test'), '/facilityusers?faciId=101');
    const loaded = (list.body.userInfos as { email: string; profileVersion: string }[]).find(
      (u) => u.email === email,
    );
    // The facility admin's save of the phone, made on the same version, is committed while the SysAdmin's waits.
    const second = await whileHeld(
      t.database,
      (client) => client.query(`update users set phone = '5557778888' where id = $1`, [id]),
      () =>
        api.post(as('sysadmin@pharmacy.test'), '/edituserinfo', {
          displayName: 'Tess Renamed',
          phone: '',
          email,
          entityId: 101,
          profileVersion: loaded?.profileVersion,
        }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(await api.row(email)).toMatchObject({ displayName: 'Tess Race', phone: '5557778888' });
    expect(await auditKinds(id, 'user.profile')).toBe(0);
  });

  it('records one deletion when a user is deleted twice at once', async () => {
    const id = await userId('nurse@meadowbrook.test');
    const again = await whileHeld(
      t.database,
      (client) => client.query('update users set deleted_at = now() where id = $1', [id]),
      () =>
        api.post(as('admin@meadowbrook.test'), '/deleteuser', {
          email: 'nurse@meadowbrook.test',
          entityId: 101,
        }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(404);
    expect(await auditKinds(id, 'user.delete')).toBe(0);
  });

  it('answers the second of two identical facility additions with 409, not a 500', async () => {
    const id = await userId('don@lakeside.test');
    const second = await whileHeld(
      t.database,
      (client) =>
        client.query(`insert into facility_memberships (user_id, fac_id, role) values ($1, 101, 'Nursing')`, [
          id,
        ]),
      () =>
        api.post(as('sysadmin@pharmacy.test'), '/adduserfacilities', {
          email: 'don@lakeside.test',
          entities: [{ entityID: 101, userRole: 'Nursing' }],
        }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(await auditKinds(id, 'user.add')).toBe(0);
  });

  it('answers a role change at a facility the user was taken off meanwhile with 404', async () => {
    const id = await userId('don@lakeside.test');
    const changed = await whileHeld(
      t.database,
      (client) => client.query('delete from facility_memberships where user_id = $1 and fac_id = 101', [id]),
      () =>
        api.post(as('sysadmin@pharmacy.test'), '/edituser', {
          entityID: 101,
          email: 'don@lakeside.test',
          userRole: 'DON',
        }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(404);
    expect(await auditKinds(id, 'user.role')).toBe(0);
  });

  it('answers the second of two identical removals from a facility with 404, recording one', async () => {
    const id = await userId('don@lakeside.test');
    await t.database.pool?.query(
      `insert into facility_memberships (user_id, fac_id, role) values ($1, 101, 'Nursing'), ($1, 102, 'Nursing')`,
      [id],
    );
    const again = await whileHeld(
      t.database,
      (client) => client.query('delete from facility_memberships where user_id = $1 and fac_id = 101', [id]),
      () =>
        api.post(as('sysadmin@pharmacy.test'), '/removefacility', { email: 'don@lakeside.test', facID: 101 }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(404);
    expect(await auditKinds(id, 'user.remove')).toBe(0);
  });

  it('gives no facility to a user another administrator deleted meanwhile', async () => {
    const created = await api.post(as('admin@meadowbrook.test'), '/createuser', {
      email: 'short.stay@meadowbrook.test',
      password: 'temp-pass-1',
      displayName: 'Short Stay',
      userRole: 'Nursing',
      faciID: 101,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = await userId('short.stay@meadowbrook.test');
    const added = await whileHeld(
      t.database,
      async (client) => {
        // The delete as /deleteuser writes it: the account ends and its roles go.
        await client.query('update users set deleted_at = now() where id = $1', [id]);
        await client.query('delete from facility_memberships where user_id = $1', [id]);
      },
      () =>
        api.post(as('super@portal.test'), '/adduserfacilities', {
          email: 'short.stay@meadowbrook.test',
          entities: [{ entityID: 201, userRole: 'Nursing' }],
        }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(404);
    expect(await auditKinds(id, 'user.add')).toBe(0);
  });

  // Last: it deletes the facility admin the other cases act as.
  it('answers a password reset of a user deleted meanwhile with 404, not "Password successfully reset"', async () => {
    const id = await userId('admin@meadowbrook.test');
    const reset = await whileHeld(
      t.database,
      (client) => client.query('update users set deleted_at = now() where id = $1', [id]),
      () =>
        api.post(as('super@portal.test'), '/adminpwdreset', {
          email: 'admin@meadowbrook.test',
          entityId: 101,
          password: 'new-pass-2026',
          confirmPassword: 'new-pass-2026',
        }),
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(404);
    expect(await auditKinds(id, 'user.passwordReset')).toBe(0);
  });
});
