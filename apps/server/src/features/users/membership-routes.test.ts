import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, facilityMemberships, rolePermissions } from '../../db/schema/index.ts';
import { buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';
import { userApi } from './test-support.ts';

let t: TestApp;
let api: ReturnType<typeof userApi>;
let tok: Record<string, string>;
const as = (email: string) => tok[email] ?? '';
beforeAll(async () => {
  t = await buildTestApp();
  api = userApi(t);
  tok = await signInAll(t.app, [
    'admin@meadowbrook.test',
    'nurse@meadowbrook.test',
    'don@lakeside.test',
    'sysadmin@pharmacy.test',
    'pharmacist@pharmacy.test',
    'billing@pharmacy.test',
    'super@portal.test',
  ]);
});
afterAll(async () => t.close());

const newUser = (over: object = {}) => ({
  email: 'casey@meadowbrook.test',
  password: 'casey-pass-1',
  confirmPassword: 'casey-pass-1',
  displayName: 'Casey Jones',
  phone: '(555) 111-2222',
  userRole: 'Nursing',
  faciID: 101,
  userType: 'FacilityUser',
  ...over,
});
const roleAt = async (email: string, facId: number) => {
  const user = await api.row(email);
  const [m] = await t.database.db
    .select()
    .from(facilityMemberships)
    .where(and(eq(facilityMemberships.userId, user?.id ?? 0), eq(facilityMemberships.facId, facId)));
  return m?.role;
};

describe('POST /api/createuser', () => {
  it('creates a facility user at 101 who must change the admin-set password, audited', async () => {
    const result = await api.post(as('admin@meadowbrook.test'), '/createuser', newUser({ Title: 'LPN' }));
    expect(result).toEqual({ status: 200, body: { message: 'Facility user successfully created' } });
    const row = await api.row('casey@meadowbrook.test');
    expect(row).toMatchObject({ phone: '5551112222', title: 'LPN', mustChangePassword: true });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await roleAt('casey@meadowbrook.test', 101)).toBe('Nursing');
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'user.create'));
    expect(audit.map((a) => a.recordId)).toContain(String(row?.id));

    const casey = await signIn(t.app, 'casey@meadowbrook.test', 'casey-pass-1');
    const blocked = await api.get(casey, '/facilities');
    expect(blocked).toMatchObject({ status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } });
  });

  it('answers 409 for an email in use, and changes nothing', async () => {
    const result = await api.post(
      as('admin@meadowbrook.test'),
      '/createuser',
      newUser({ email: 'NURSE@meadowbrook.test' }),
    );
    expect(result).toMatchObject({
      status: 409,
      body: { message: 'A user with this email already exists', fields: { email: expect.any(String) } },
    });
  });

  it('records the 409 of two creations of one new email at the same moment, as of one made after the other', async () => {
    const email = 'twice.at.once@meadowbrook.test';
    const create = () => api.post(as('admin@meadowbrook.test'), '/createuser', newUser({ email }));
    const answers = await Promise.all([create(), create()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'user.create'));
    const created = await api.row(email);
    expect(events.filter((e) => e.recordId === String(created?.id)).map((e) => e.outcome)).toEqual([
      'success',
    ]);
    expect(events.filter((e) => e.detail.email === email).map((e) => [e.outcome, e.recordId])).toEqual([
      ['failure', ''],
    ]);
  });

  it("tells another tenant's account from a free email only by the 409, whose words name no tenant or person", async () => {
    const admin = as('admin@meadowbrook.test');
    const create = (email: string) => api.post(admin, '/createuser', newUser({ email }));
    // Emails are unique across tenants, so the 409 itself must stay; what it says must not go further.
    const own = await create('nurse@meadowbrook.test');
    const other = await create('don@lakeside.test');
    expect(other.status).toBe(409);
    expect(other.body).toEqual(own.body);
    expect(other.body).toEqual({
      message: 'A user with this email already exists',
      code: 'CONFLICT',
      fields: { email: 'A user with this email already exists' },
    });
    expect(JSON.stringify(other.body)).not.toMatch(/lakeside|201|DON|don@/i);
    expect(await roleAt('don@lakeside.test', 101)).toBeUndefined();
    // Each refusal is on record as a failed creation at the facility asked for, naming the address typed; the
    // record, which the pharmacy of 101 reads, says no more than the answer: not the account, nor its tenant.
    const admin101 = await api.row('admin@meadowbrook.test');
    const refusals = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'user.create'), eq(auditEvents.outcome, 'failure')));
    for (const email of ['nurse@meadowbrook.test', 'don@lakeside.test']) {
      const event = refusals.find((e) => e.detail.email === email);
      expect(event, email).toMatchObject({
        userId: admin101?.id,
        actor: 'admin@meadowbrook.test',
        recordType: 'user',
        recordId: '',
        facId: 101,
      });
      expect(event?.detail, email).toEqual({ role: 'Nursing', email, reason: 'emailTaken' });
    }
    // Adding facilities to that account answers as for an email nobody has.
    const entities = [{ entityID: 102, userRole: 'Nursing' }];
    const add = (email: string) => api.post(admin, '/adduserfacilities', { email, entities });
    const otherAdd = await add('don@lakeside.test');
    expect(otherAdd.status).toBe(404);
    expect(otherAdd.body).toEqual((await add('nobody-at-all@example.test')).body);
    expect(await roleAt('don@lakeside.test', 102)).toBeUndefined();
  });

  it.each([
    [{ faciID: undefined }, 'faciID', 'Please select a facility'],
    [{ userRole: '' }, 'userRole', 'Please select a facility role'],
    [{ userRole: 'Pharmacist' }, 'userRole', 'Please select a facility role'],
    [{ displayName: ' ' }, 'displayName', 'Please enter a display name'],
    [{ email: '' }, 'email', 'Please enter an email address'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ password: '', confirmPassword: '' }, 'password', 'Please enter a password'],
    [{ password: 'abc', confirmPassword: 'abc' }, 'password', 'Password must be at least 8 characters long'],
    [{ confirmPassword: 'other-pass-1' }, 'confirmPassword', 'Passwords do not match'],
    [{ phone: '555-12' }, 'phone', 'Invalid phone'],
    [{ email: 'x@pharmacy.test' }, 'email', 'Facility user emails must not end with @pharmacy.test'],
  ])('refuses %j with the spec message, creating nothing', async (change, field, message) => {
    const payload = newUser({ email: 'refused@meadowbrook.test', ...change });
    const result = await api.post(as('admin@meadowbrook.test'), '/createuser', payload);
    expect(result.status).toBe(400);
    expect(result.body.fields?.[field]).toBe(message);
    expect(await api.row(String((payload as { email: string }).email))).toBeUndefined();
  });

  it('lets admin-level viewers add users, and no one else', async () => {
    const admin = await api.post(
      as('admin@meadowbrook.test'),
      '/createuser',
      newUser({ email: 'a1@x.test', faciID: 201 }),
    );
    expect(admin.status).toBe(404);
    const nurse = await api.post(
      as('nurse@meadowbrook.test'),
      '/createuser',
      newUser({ email: 'a2@x.test' }),
    );
    expect(nurse.status).toBe(403);
    const don = await api.post(as('don@lakeside.test'), '/createuser', newUser({ email: 'a3@x.test' }));
    expect(don.status).toBe(404);
    const sys = await api.post(
      as('sysadmin@pharmacy.test'),
      '/createuser',
      newUser({ email: 'a4@x.test', faciID: 201 }),
    );
    expect(sys.status).toBe(200);
    const sup = await api.post(
      as('super@portal.test'),
      '/createuser',
      newUser({ email: 'a5@x.test', faciID: 301 }),
    );
    expect(sup.status).toBe(200);
    // Pharmacy staff who answer alerts but do not manage users (spec 2, section 6: SysAdmins and Managers).
    const pharmacist = await api.post(
      as('pharmacist@pharmacy.test'),
      '/createuser',
      newUser({ email: 'a6@x.test', userRole: 'DON' }),
    );
    expect(pharmacist.status).toBe(403);
    const billing = await api.post(
      as('billing@pharmacy.test'),
      '/createuser',
      newUser({ email: 'a7@x.test', faciID: 201, userRole: 'facilityadmin' }),
    );
    expect(billing.status).toBe(403);
    expect(await api.row('a6@x.test')).toBeUndefined();
    expect(await api.row('a7@x.test')).toBeUndefined();
    expect(await api.row('a2@x.test')).toBeUndefined();
    expect(await api.row('a1@x.test')).toBeUndefined();
  });
});

describe('POST /api/edituser', () => {
  it('changes another user’s role where allowed; never one’s own, never elsewhere', async () => {
    const admin = as('admin@meadowbrook.test');
    const payload = { entityID: 101, email: 'nurse.nocreds@meadowbrook.test', userRole: 'DON' };
    expect(await api.post(admin, '/edituser', payload)).toEqual({
      status: 200,
      body: { message: 'User role successfully changed' },
    });
    expect(await roleAt('nurse.nocreds@meadowbrook.test', 101)).toBe('DON');
    const self = await api.post(admin, '/edituser', { ...payload, email: 'admin@meadowbrook.test' });
    expect(self).toMatchObject({ status: 403, body: { message: 'You cannot change your own role' } });
    expect(await roleAt('admin@meadowbrook.test', 101)).toBe('facilityadmin');
    const nurse = await api.post(as('nurse@meadowbrook.test'), '/edituser', {
      ...payload,
      userRole: 'Nursing',
    });
    expect(nurse.status).toBe(403);
    expect(await roleAt('nurse.nocreds@meadowbrook.test', 101)).toBe('DON');
    const other = await api.post(admin, '/edituser', {
      entityID: 201,
      email: 'don@lakeside.test',
      userRole: 'Nursing',
    });
    expect(other.status).toBe(404);
    expect(await roleAt('don@lakeside.test', 201)).toBe('DON');
    const bad = await api.post(admin, '/edituser', { ...payload, userRole: 'Boss' });
    expect(bad.body.fields).toEqual({ userRole: 'Please select a facility role' });
  });
});

describe('POST /api/removefacility', () => {
  it('takes a user off a facility; never oneself, never another tenant’s user', async () => {
    const admin = as('admin@meadowbrook.test');
    await api.post(admin, '/createuser', newUser({ email: 'leaving@meadowbrook.test' }));
    const self = await api.post(admin, '/removefacility', { email: 'admin@meadowbrook.test', facID: 101 });
    expect(self).toMatchObject({ status: 403, body: { message: 'You cannot remove yourself' } });
    const byNurse = await api.post(as('nurse@meadowbrook.test'), '/removefacility', {
      email: 'leaving@meadowbrook.test',
      facID: 101,
    });
    expect(byNurse.status).toBe(403);
    const other = await api.post(admin, '/removefacility', { email: 'don@lakeside.test', facID: 201 });
    expect(other.status).toBe(404);
    expect(await roleAt('don@lakeside.test', 201)).toBe('DON');
    // Their only facility stays: an account in no facility is one nobody sees or manages.
    const last = await api.post(admin, '/removefacility', { email: 'leaving@meadowbrook.test', facID: 101 });
    expect(last).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'Casey Jones has no other facility. Delete the user instead.' },
    });
    expect(await roleAt('leaving@meadowbrook.test', 101)).toBe('Nursing');
    // A second facility (102 gives no one user_AddFacilityToUser in the demo world, so straight into the table).
    const leaving = await api.row('leaving@meadowbrook.test');
    await t.database.db
      .insert(facilityMemberships)
      .values({ userId: leaving?.id ?? 0, facId: 102, role: 'DON' });
    const removed = await api.post(admin, '/removefacility', {
      email: 'leaving@meadowbrook.test',
      facID: 101,
    });
    expect(removed).toEqual({
      status: 200,
      body: { message: 'Casey Jones removed from Meadowbrook Care Center' },
    });
    expect(await roleAt('leaving@meadowbrook.test', 101)).toBeUndefined();
    expect(await roleAt('leaving@meadowbrook.test', 102)).toBe('DON');
  });
});

describe('POST /api/adduserfacilities', () => {
  it('adds pending facilities in one call where the viewer holds user_AddFacilityToUser', async () => {
    const sys = as('sysadmin@pharmacy.test');
    const added = await api.post(sys, '/adduserfacilities', {
      email: 'don@lakeside.test',
      entities: [{ entityID: 101, userRole: 'Nursing' }],
    });
    expect(added).toEqual({ status: 200, body: { message: 'Facilities added to user' } });
    expect(await roleAt('don@lakeside.test', 101)).toBe('Nursing');
  });

  it('refuses a missing role, a facility without the key, one already held, a hidden user, and oneself', async () => {
    const admin = as('admin@meadowbrook.test');
    const email = 'nurse@meadowbrook.test';
    const noRole = await api.post(admin, '/adduserfacilities', {
      email,
      entities: [{ entityID: 102, userRole: '' }],
    });
    expect(noRole.body.fields).toEqual({ 'entities.0.userRole': 'A role must be assigned to all users' });
    // 102 does not allow user_AddFacilityToUser.
    const noKey = await api.post(admin, '/adduserfacilities', {
      email,
      entities: [{ entityID: 102, userRole: 'Nursing' }],
    });
    expect(noKey.status).toBe(403);
    const held = await api.post(as('super@portal.test'), '/adduserfacilities', {
      email,
      entities: [
        { entityID: 201, userRole: 'Nursing' },
        { entityID: 101, userRole: 'Nursing' },
      ],
    });
    expect(held.status).toBe(409);
    expect(await roleAt(email, 201)).toBeUndefined();
    // billing@pharmacy.test (upny) sees 201 only; the nurse is at 101.
    const hidden = await api.post(as('billing@pharmacy.test'), '/adduserfacilities', {
      email,
      entities: [{ entityID: 201, userRole: 'Nursing' }],
    });
    expect(hidden.status).toBe(404);
    const self = await api.post(admin, '/adduserfacilities', {
      email: 'admin@meadowbrook.test',
      entities: [{ entityID: 101, userRole: 'Nursing' }],
    });
    expect(self.status).toBe(403);
    const pharmacist = await api.post(as('pharmacist@pharmacy.test'), '/adduserfacilities', {
      email,
      entities: [{ entityID: 102, userRole: 'Nursing' }],
    });
    expect(pharmacist.status).toBe(403);
    expect(await roleAt(email, 102)).toBeUndefined();
  });

  it('gives only a role the viewer may give there, as /createuser does', async () => {
    const withoutKey = and(
      eq(rolePermissions.entity, 'pharmacy'),
      eq(rolePermissions.role, 'SysAdmin'),
      eq(rolePermissions.key, 'user_Editfacilityadmin'),
    );
    await t.database.db.delete(rolePermissions).where(withoutKey);
    try {
      const sys = as('sysadmin@pharmacy.test');
      const created = await api.post(
        sys,
        '/createuser',
        newUser({ email: 'fa@x.test', userRole: 'facilityadmin' }),
      );
      expect(created.status).toBe(403);
      const add = (userRole: string) =>
        api.post(sys, '/adduserfacilities', {
          email: 'nurse@meadowbrook.test',
          entities: [{ entityID: 201, userRole }],
        });
      expect((await add('facilityadmin')).status).toBe(403);
      expect(await roleAt('nurse@meadowbrook.test', 201)).toBeUndefined();
      expect((await add('Nursing')).status).toBe(200);
      expect(await roleAt('nurse@meadowbrook.test', 201)).toBe('Nursing');
    } finally {
      await t.database.db
        .insert(rolePermissions)
        .values({ entity: 'pharmacy', role: 'SysAdmin', key: 'user_Editfacilityadmin' });
    }
  });
});
