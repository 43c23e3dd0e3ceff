import { mayActOnPharmacyUser, type PharmacyUserAction } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, pharmacyMemberships, rolePermissions, users } from '../../db/schema/index.ts';
import { expectCompressed } from '../../test/compression.ts';
import { BILLING, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';

const FACILITY_ADMIN = 'admin@meadowbrook.test';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [SYSADMIN, PHARMACIST, BILLING, FACILITY_ADMIN, SUPER]);
});
afterAll(async () => t.close());

type Body = Record<string, unknown> & { message?: string; fields?: Record<string, string> };
const call = async (as: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const token = tokens[as] ?? as;
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Body };
};
type ListedUser = {
  userId: number;
  email: string;
  numberPharmacies: number;
  pharmRole: { pharid: string; role: string }[];
};
const listAs = async (as: string) => (await call(as, 'GET', '/getpharmacyusers')).body.users as ListedUser[];
const listed = async (as: string, email: string) => (await listAs(as)).find((u) => u.email === email);
const rolesOf = async (email: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const rows = await t.database.db
    .select({ pharmId: pharmacyMemberships.pharmId, role: pharmacyMemberships.role })
    .from(pharmacyMemberships)
    .where(eq(pharmacyMemberships.userId, row?.id ?? 0));
  return rows.map((r) => `${r.pharmId}:${r.role}`).sort();
};
const newUser = (overrides: object = {}) => ({
  pharmID: ['sprx'],
  UserRole: 'Pharmacist',
  phone: '(555) 201-3344',
  UserType: 'PharmacyUser',
  title: 'PharmD',
  displayName: 'Nia New',
  email: 'nia.new@pharmacy.test',
  password: 'a-good-password',
  ...overrides,
});
/** Signs in a user created by a test and lifts the first-sign-in password change, to act as them. */
const actAs = async (email: string) => {
  await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.email, email));
  tokens[email] = await signIn(t.app, email, 'a-good-password');
};

describe('GET /getpharmacyusers', () => {
  it('lists pharmacy users of the caller’s pharmacies with their roles there', async () => {
    const users = await listAs(SYSADMIN);
    expect(users.map((u) => u.email).sort()).toEqual([BILLING, PHARMACIST, SYSADMIN]);
    expect(users.find((u) => u.email === SYSADMIN)).toMatchObject({
      numberPharmacies: 2,
      userType: 'PharmacyUser',
      userRole: 'SysAdmin',
      pharmRole: [
        { pharid: 'sprx', role: 'SysAdmin' },
        { pharid: 'upny', role: 'SysAdmin' },
      ],
    });
  });

  it('shows an upny user only upny staff, and only their upny roles', async () => {
    const users = await listAs(BILLING);
    expect(users.map((u) => u.email).sort()).toEqual([BILLING, SYSADMIN]);
    expect(users.find((u) => u.email === SYSADMIN)).toMatchObject({
      numberPharmacies: 1,
      pharmRole: [{ pharid: 'upny', role: 'SysAdmin' }],
    });
  });

  it('lets a super admin see every pharmacy user, refuses facility users (403) and anonymous callers (401)', async () => {
    expect((await listAs(SUPER)).map((u) => u.email)).toContain(PHARMACIST);
    const refused = await call(FACILITY_ADMIN, 'GET', '/getpharmacyusers');
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Only pharmacy staff manage pharmacy users' },
    });
    expect((await t.app.inject('/api/getpharmacyusers')).statusCode).toBe(401);
  });
});

describe('GET /userpharmacies', () => {
  it('answers the pharmacies the caller shares with the user', async () => {
    const { status, body } = await call(SYSADMIN, 'GET', `/userpharmacies?email=${PHARMACIST}`);
    expect(status).toBe(200);
    expect(body.pharmacies).toEqual([
      { pharmacyId: 'sprx', pharmName: expect.any(String), userRole: 'Pharmacist' },
    ]);
    const billingView = await call(BILLING, 'GET', `/userpharmacies?email=${SYSADMIN}`);
    expect((billingView.body.pharmacies as { pharmacyId: string }[]).map((p) => p.pharmacyId)).toEqual([
      'upny',
    ]);
  });

  it('says when the one pharmacy is all the user holds, counting pharmacies the caller does not see', async () => {
    const pharmacist = await call(SYSADMIN, 'GET', `/userpharmacies?email=${PHARMACIST}`);
    expect(pharmacist.body.isOnlyMembership).toBe(true);
    // Billing sees only upny of the SysAdmin's two, and /removepharmacy would take it away: not the only one.
    const billingView = await call(BILLING, 'GET', `/userpharmacies?email=${SYSADMIN}`);
    expect(billingView.body.pharmacies).toHaveLength(1);
    expect(billingView.body.isOnlyMembership).toBe(false);
  });

  it('answers 404 for a user of another pharmacy or unknown, 400 for a bad email, 403 for facility users', async () => {
    expect((await call(BILLING, 'GET', `/userpharmacies?email=${PHARMACIST}`)).status).toBe(404);
    expect((await call(SYSADMIN, 'GET', '/userpharmacies?email=nobody@pharmacy.test')).status).toBe(404);
    expect((await call(SYSADMIN, 'GET', `/userpharmacies?email=${FACILITY_ADMIN}`)).status).toBe(404);
    const bad = await call(SYSADMIN, 'GET', '/userpharmacies?email=nope');
    expect(bad).toMatchObject({ status: 400, body: { fields: { email: 'Invalid email' } } });
    expect((await call(FACILITY_ADMIN, 'GET', `/userpharmacies?email=${PHARMACIST}`)).status).toBe(403);
  });
});

describe('POST /createpharmuser', () => {
  it('creates the user at each pharmacy with phone digits, a hashed password to change at first sign-in, audited', async () => {
    const created = await call(SYSADMIN, 'POST', '/createpharmuser', newUser({ pharmID: ['sprx', 'upny'] }));
    expect(created).toEqual({ status: 200, body: { message: 'Pharmacy user successfully created' } });
    expect(await listed(SYSADMIN, 'nia.new@pharmacy.test')).toMatchObject({ numberPharmacies: 2 });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'nia.new@pharmacy.test'));
    expect(row).toMatchObject({
      phone: '5552013344',
      title: 'PharmD',
      userType: 'PharmacyUser',
      mustChangePassword: true,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nia.new@pharmacy.test', password: 'a-good-password' },
    });
    const token = (login.json() as { token: string }).token;
    expect((await call(token, 'GET', '/getpharmacyusers')).status).toBe(403);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'pharmacyUser.create'), eq(auditEvents.recordId, String(row?.id))));
    expect(events).toHaveLength(1);
  });

  it('refuses a used email with 409, whatever its case, creates nothing, and puts the refusal on record', async () => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const taken = await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'Pharmacist@Pharmacy.test', pharmID: ['sprx', 'upny'] }),
    );
    expect(taken).toMatchObject({
      status: 409,
      body: {
        message: 'A user with this email already exists',
        fields: { email: 'A user with this email already exists' },
      },
    });
    expect(await t.database.db.select({ id: users.id }).from(users)).toEqual(before);
    // A failed creation, asking what the creation asked (its pharmacies and role) with the address as typed; not
    // the account that has it, which the answer does not name either.
    const [sysadmin] = await t.database.db.select().from(users).where(eq(users.email, SYSADMIN));
    const refusals = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'pharmacyUser.create'), eq(auditEvents.outcome, 'failure')));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      userId: sysadmin?.id,
      actor: SYSADMIN,
      recordType: 'user',
      recordId: '',
      facId: null,
      detail: {
        pharmIds: ['sprx', 'upny'],
        role: 'Pharmacist',
        email: 'pharmacist@pharmacy.test', // as typed, lowercased by the body's schema
        reason: 'emailTaken',
      },
    });
    expect(Object.keys(refusals[0]?.detail ?? {}).sort()).toEqual(['email', 'pharmIds', 'reason', 'role']);
  });

  it('gives the spec’s message for each bad field', async () => {
    const empty = await call(SYSADMIN, 'POST', '/createpharmuser', {
      pharmID: [],
      UserRole: '',
      displayName: '',
      email: '',
      password: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      pharmID: 'Please select a pharmacy',
      UserRole: 'Please select a pharmacy role',
      displayName: 'Please enter a display name',
      email: 'Please enter an email address',
      password: 'Please enter a password',
    });
    const leftOut = await call(SYSADMIN, 'POST', '/createpharmuser', { pharmID: ['sprx'] });
    expect(leftOut.body.fields).toEqual({
      UserRole: 'Please select a pharmacy role',
      displayName: 'Please enter a display name',
      email: 'Please enter an email address',
      password: 'Please enter a password',
    });
    const bad = await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'x', phone: '555-12', UserRole: 'Wizard' }),
    );
    expect(bad.body.fields).toMatchObject({
      email: 'Invalid email',
      phone: 'Invalid phone',
      UserRole: 'Please select a pharmacy role',
    });
    const facilityEmail = await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'x@meadowbrook.test' }),
    );
    expect(facilityEmail.body.fields).toEqual({
      email: 'Pharmacy staff emails must end with @pharmacy.test',
    });
    const short = await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'short@pharmacy.test', password: 'short' }),
    );
    expect(short.body.fields).toEqual({ password: 'Password must be at least 8 characters long' });
    expect((await listAs(SYSADMIN)).map((u) => u.email)).not.toContain('short@pharmacy.test');
  });

  it('needs a manager role at every chosen pharmacy: 403 for other roles, 404 for a pharmacy not yours', async () => {
    const byPharmacist = await call(
      PHARMACIST,
      'POST',
      '/createpharmuser',
      newUser({ email: 'p1@pharmacy.test' }),
    );
    expect(byPharmacist.status).toBe(403);
    const otherPharmacy = await call(
      BILLING,
      'POST',
      '/createpharmuser',
      newUser({ email: 'p2@pharmacy.test' }),
    );
    expect(otherPharmacy.status).toBe(404);
    const mixed = await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'p3@pharmacy.test', pharmID: ['sprx', 'ohio'] }),
    );
    expect(mixed.status).toBe(404);
    expect(
      (await call(FACILITY_ADMIN, 'POST', '/createpharmuser', newUser({ email: 'p4@pharmacy.test' }))).status,
    ).toBe(403);
    const emails = (await listAs(SUPER)).map((u) => u.email);
    for (const email of ['p1', 'p2', 'p3', 'p4']) expect(emails).not.toContain(`${email}@pharmacy.test`);
  });
});

describe('POST /adduserpharmacies', () => {
  it('adds a pharmacy to a user, then changes their role there', async () => {
    const added = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: PHARMACIST,
      entities: [{ entityid: 'upny', userRole: 'Billing' }],
    });
    expect(added).toEqual({ status: 200, body: { message: 'User added to pharmacies' } });
    expect(await rolesOf(PHARMACIST)).toEqual(['sprx:Pharmacist', 'upny:Billing']);
    const changed = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: PHARMACIST,
      entities: [{ entityid: 'upny', userRole: 'Admissions' }],
    });
    expect(changed.body.message).toBe('User role successfully changed');
    expect(await rolesOf(PHARMACIST)).toEqual(['sprx:Pharmacist', 'upny:Admissions']);
    const kinds = await t.database.db.select({ kind: auditEvents.kind }).from(auditEvents);
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['pharmacyUser.addPharmacy', 'pharmacyUser.role']),
    );
  });

  it('refuses a pending pharmacy without a role with the spec’s message, changing nothing', async () => {
    const pending = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: 'nia.new@pharmacy.test',
      entities: [
        { entityid: 'sprx', userRole: 'Billing' },
        { entityid: 'upny', userRole: '' },
      ],
    });
    expect(pending).toMatchObject({
      status: 400,
      body: { fields: { 'entities.1.userRole': 'All pending pharmacies must be assigned a role' } },
    });
    const roleLeftOut = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: 'nia.new@pharmacy.test',
      entities: [{ entityid: 'upny' }],
    });
    expect(roleLeftOut).toMatchObject({
      status: 400,
      body: { fields: { 'entities.0.userRole': 'All pending pharmacies must be assigned a role' } },
    });
    expect(await rolesOf('nia.new@pharmacy.test')).toEqual(['sprx:Pharmacist', 'upny:Pharmacist']);
  });

  it('refuses one’s own role (403), non-managers (403), and users or pharmacies not shared (404)', async () => {
    const self = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: SYSADMIN,
      entities: [{ entityid: 'sprx', userRole: 'Manager' }],
    });
    expect(self).toMatchObject({
      status: 403,
      body: { message: 'You cannot change your own role or remove yourself' },
    });
    const nonManager = await call(BILLING, 'POST', '/adduserpharmacies', {
      email: 'nia.new@pharmacy.test',
      entities: [{ entityid: 'upny', userRole: 'Billing' }],
    });
    expect(nonManager.status).toBe(403);
    const unshared = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: PHARMACIST,
      entities: [{ entityid: 'ohio', userRole: 'Billing' }],
    });
    expect(unshared.status).toBe(404);
    expect(
      (
        await call(FACILITY_ADMIN, 'POST', '/adduserpharmacies', {
          email: PHARMACIST,
          entities: [{ entityid: 'sprx', userRole: 'Billing' }],
        })
      ).status,
    ).toBe(403);
    expect(await rolesOf(SYSADMIN)).toEqual(['sprx:SysAdmin', 'upny:SysAdmin']);
  });
});

describe('tenancy: a manager at sprx only', () => {
  it('cannot see or manage upny users until they hold a role at upny', async () => {
    await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'mgr@pharmacy.test', UserRole: 'Manager' }),
    );
    await actAs('mgr@pharmacy.test');
    expect((await listAs('mgr@pharmacy.test')).map((u) => u.email)).not.toContain(BILLING);
    expect((await call('mgr@pharmacy.test', 'GET', `/userpharmacies?email=${BILLING}`)).status).toBe(404);
    const upnyToBilling = await call('mgr@pharmacy.test', 'POST', '/adduserpharmacies', {
      email: BILLING,
      entities: [{ entityid: 'sprx', userRole: 'Billing' }],
    });
    expect(upnyToBilling.status).toBe(404);
    const removeBilling = await call('mgr@pharmacy.test', 'POST', '/removepharmacy', {
      email: BILLING,
      pharmID: 'upny',
    });
    expect(removeBilling.status).toBe(404);
    expect(await rolesOf(BILLING)).toEqual(['upny:Billing']);

    await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: 'mgr@pharmacy.test',
      entities: [{ entityid: 'upny', userRole: 'Manager' }],
    });
    expect((await listAs('mgr@pharmacy.test')).map((u) => u.email)).toContain(BILLING);
    const nowAllowed = await call('mgr@pharmacy.test', 'POST', '/adduserpharmacies', {
      email: BILLING,
      entities: [{ entityid: 'sprx', userRole: 'Billing' }],
    });
    expect(nowAllowed.status).toBe(200);
    expect(await rolesOf(BILLING)).toEqual(['sprx:Billing', 'upny:Billing']);
  });
});

describe('POST /removepharmacy', () => {
  it('removes a user from a shared pharmacy, audited, naming the pharmacy as people know it', async () => {
    const removed = await call(SYSADMIN, 'POST', '/removepharmacy', { email: BILLING, pharmID: 'sprx' });
    const [billing] = await t.database.db.select().from(users).where(eq(users.email, BILLING));
    expect(removed).toEqual({
      status: 200,
      body: { message: `${billing?.displayName} removed from SpecialtyRx Garden State` },
    });
    expect(await rolesOf(BILLING)).toEqual(['upny:Billing']);
  });

  it('keeps a user’s last pharmacy (409: an account in no pharmacy is one nobody sees or manages)', async () => {
    const email = 'only.sprx@pharmacy.test';
    expect((await call(SYSADMIN, 'POST', '/createpharmuser', newUser({ email }))).status).toBe(200);
    const last = await call(SYSADMIN, 'POST', '/removepharmacy', { email, pharmID: 'sprx' });
    expect(last).toMatchObject({
      status: 409,
      body: { message: 'Nia New has no other pharmacy. Delete the user instead.' },
    });
    expect(await rolesOf(email)).toEqual(['sprx:Pharmacist']);
    await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email,
      entities: [{ entityid: 'upny', userRole: 'Pharmacist' }],
    });
    expect((await call(SYSADMIN, 'POST', '/removepharmacy', { email, pharmID: 'sprx' })).status).toBe(200);
    expect(await rolesOf(email)).toEqual(['upny:Pharmacist']);
  });

  it('refuses removing oneself (403), a pharmacy the user does not hold (404), and non-managers (403)', async () => {
    const self = await call(SYSADMIN, 'POST', '/removepharmacy', { email: SYSADMIN, pharmID: 'sprx' });
    expect(self.status).toBe(403);
    expect(
      (await call(SYSADMIN, 'POST', '/removepharmacy', { email: BILLING, pharmID: 'sprx' })).status,
    ).toBe(404);
    expect(
      (await call(PHARMACIST, 'POST', '/removepharmacy', { email: 'nia.new@pharmacy.test', pharmID: 'sprx' }))
        .status,
    ).toBe(403);
    expect(
      (await call(FACILITY_ADMIN, 'POST', '/removepharmacy', { email: BILLING, pharmID: 'upny' })).status,
    ).toBe(403);
    expect(await rolesOf(SYSADMIN)).toEqual(['sprx:SysAdmin', 'upny:SysAdmin']);
  });

  it('needs user_Delete{role} for the role held, and user_Edit{role} for a role change', async () => {
    await t.database.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.role, 'SysAdmin'), eq(rolePermissions.key, 'user_DeleteBilling')));
    await t.database.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.role, 'SysAdmin'), eq(rolePermissions.key, 'user_EditAdmissions')));
    const remove = await call(SYSADMIN, 'POST', '/removepharmacy', { email: BILLING, pharmID: 'upny' });
    expect(remove).toMatchObject({ status: 403, body: { message: 'You may not manage Billing users' } });
    const change = await call(SYSADMIN, 'POST', '/adduserpharmacies', {
      email: BILLING,
      entities: [{ entityid: 'upny', userRole: 'Admissions' }],
    });
    expect(change.status).toBe(403);
    const create = await call(
      SYSADMIN,
      'POST',
      '/createpharmuser',
      newUser({ email: 'adm@pharmacy.test', UserRole: 'Admissions' }),
    );
    expect(create.status).toBe(403);
    expect(await rolesOf(BILLING)).toEqual(['upny:Billing']);
  });
});

describe('row-menu calls on a pharmacy user (/adminpwdreset, /edituserinfo, /deleteuser through a pharmacy)', () => {
  type Standing = { pharmID: string; userRole: string; userPermissions: Record<string, boolean> };
  const standingsOf = async (as: string) =>
    (await call(as, 'GET', '/pharmacies')).body.pharmacies as Standing[];
  /** What the Pharmacy Users menu offers `as` for the user, by the same domain rule the page uses. */
  const menuOffers = async (as: string, action: PharmacyUserAction, email: string) => {
    const [standings, target, me] = await Promise.all([standingsOf(as), listed(as, email), listed(as, as)]);
    if (!target || !me) throw new Error(`${email} or ${as} not listed`);
    return mayActOnPharmacyUser(action, me.userId, standings, target);
  };

  it('lists each user with their dashboard settings for the Edit User Settings dialog', async () => {
    const pharmacist = (await listAs(SYSADMIN)).find((u) => u.email === PHARMACIST) as ListedUser & {
      userSettings: Record<string, unknown>;
    };
    expect(pharmacist.userSettings).toMatchObject({ allowToSetSettings: true });
  });

  it('lets sysadmin@ reset the password of and delete a pharmacy user at sprx; billing@ (upny only) gets 404', async () => {
    const email = 'row.target@pharmacy.test';
    expect((await call(SYSADMIN, 'POST', '/createpharmuser', newUser({ email }))).status).toBe(200);
    const reset = {
      email,
      entityId: 'sprx',
      password: 'reset-password-1',
      confirmPassword: 'reset-password-1',
    };
    const profile = { email, entityId: 'sprx', displayName: 'Row Target', phone: '555-202-3030' };
    const remove = { email, entityId: 'sprx' };
    for (const [url, body] of [
      ['/adminpwdreset', reset],
      ['/edituserinfo', profile],
      ['/deleteuser', remove],
    ] as const)
      expect((await call(BILLING, 'POST', url, body)).status, url).toBe(404);
    expect((await call(BILLING, 'POST', '/adminpwdreset', { ...reset, entityId: 'upny' })).status).toBe(404);

    for (const action of ['resetPassword', 'editProfile', 'delete'] as const)
      expect(await menuOffers(SYSADMIN, action, email)).toBe(true);
    expect(await call(SYSADMIN, 'POST', '/adminpwdreset', reset)).toMatchObject({
      status: 200,
      body: { email },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.mustChangePassword).toBe(true);
    expect((await call(SYSADMIN, 'POST', '/edituserinfo', profile)).status).toBe(200);
    expect(await call(SYSADMIN, 'POST', '/deleteuser', remove)).toMatchObject({
      status: 200,
      body: { message: 'Row Target deleted successfully' },
    });
    const [gone] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(gone?.deletedAt).not.toBeNull();
    expect(await rolesOf(email)).toEqual([]);
  });

  it('refuses (409) an Edit Profile through a pharmacy made on the version another administrator saved over', async () => {
    const email = 'two.admins@pharmacy.test';
    expect((await call(SYSADMIN, 'POST', '/createpharmuser', newUser({ email }))).status).toBe(200);
    const versionFor = async (as: string) =>
      ((await listed(as, email)) as (ListedUser & { profileVersion: string }) | undefined)?.profileVersion;
    const [bySuper, bySysadmin] = [await versionFor(SUPER), await versionFor(SYSADMIN)];
    expect(bySysadmin).toEqual(expect.any(String));
    expect(bySuper).toBe(bySysadmin);
    const phone = { email, entityId: 'sprx', displayName: 'Nia New', phone: '555-303-4040' };
    const first = await call(SUPER, 'POST', '/edituserinfo', { ...phone, profileVersion: bySuper });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const name = { email, entityId: 'sprx', displayName: 'Nia Renamed', phone: '555-201-3344' };
    const second = await call(SYSADMIN, 'POST', '/edituserinfo', { ...name, profileVersion: bySysadmin });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^This profile was changed by someone else after you opened it/);
    expect(await listed(SYSADMIN, email)).toMatchObject({ displayName: 'Nia New', phone: '5553034040' });
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const saves = await t.database.db
      .select({ actor: auditEvents.actor })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'user.profile'), eq(auditEvents.recordId, String(row?.id))));
    expect(saves).toEqual([{ actor: SUPER }]);
    // Reloaded, the SysAdmin's form carries the version the list answers now, and saves.
    const reloaded = await versionFor(SYSADMIN);
    expect(reloaded).not.toBe(bySysadmin);
    const third = await call(SYSADMIN, 'POST', '/edituserinfo', { ...name, profileVersion: reloaded });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
  });

  it('refuses (403) what the menu does not offer: a non-manager holding user_Edit/Delete flags, and oneself', async () => {
    const email = 'upny.target@pharmacy.test';
    await call(SYSADMIN, 'POST', '/createpharmuser', newUser({ email, pharmID: ['upny'] }));
    const grants = ['user_EditPharmacist', 'user_DeletePharmacist'].map((key) => ({
      entity: 'pharmacy' as const,
      role: 'Billing',
      key,
    }));
    await t.database.db.insert(rolePermissions).values(grants).onConflictDoNothing();
    try {
      for (const action of ['resetPassword', 'editProfile', 'delete'] as const)
        expect(await menuOffers(BILLING, action, email)).toBe(false);
      const profile = { email, entityId: 'upny', displayName: 'Not Allowed', phone: '555-202-3030' };
      expect((await call(BILLING, 'POST', '/edituserinfo', profile)).status).toBe(403);
      expect((await call(BILLING, 'POST', '/deleteuser', { email, entityId: 'upny' })).status).toBe(403);
      const reset = {
        email,
        entityId: 'upny',
        password: 'reset-password-1',
        confirmPassword: 'reset-password-1',
      };
      expect((await call(BILLING, 'POST', '/adminpwdreset', reset)).status).toBe(403);
      expect(await listed(SYSADMIN, email)).toMatchObject({ displayName: 'Nia New' });
    } finally {
      await t.database.db.delete(rolePermissions).where(
        and(
          eq(rolePermissions.role, 'Billing'),
          inArray(
            rolePermissions.key,
            grants.map((g) => g.key),
          ),
        ),
      );
    }
    expect(await menuOffers(SYSADMIN, 'editProfile', SYSADMIN)).toBe(false);
    const own = { email: SYSADMIN, entityId: 'sprx', displayName: 'Sam Self', phone: '555-202-3030' };
    expect((await call(SYSADMIN, 'POST', '/edituserinfo', own)).status).toBe(403);
  });
});

describe('answer compression', () => {
  it('sends GET /getpharmacyusers as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, {
      method: 'GET',
      url: '/api/getpharmacyusers',
      headers: bearer(tokens[SYSADMIN] ?? ''),
    });
  });
});
