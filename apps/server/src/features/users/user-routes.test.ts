import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, auditEvents, pharmacyMemberships, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/index.ts';
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
    'sysadmin@pharmacy.test',
    'billing@pharmacy.test',
    'super@portal.test',
  ]);
});
afterAll(async () => t.close());

const create = async (email: string, displayName = 'Temp Person') => {
  const result = await api.post(as('admin@meadowbrook.test'), '/createuser', {
    email,
    password: 'temp-pass-1',
    displayName,
    userRole: 'Nursing',
    faciID: 101,
  });
  expect(result.status).toBe(200);
};
const isSignedIn = async (token: string) => (await api.get(token, '/tokeninfo')).status === 200;

describe('POST /api/adminpwdreset', () => {
  it('sets the password, revokes every session of the user and makes them change it', async () => {
    await create('reset.me@meadowbrook.test');
    const admin = as('admin@meadowbrook.test');
    const reset = {
      password: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-1',
      email: 'reset.me@meadowbrook.test',
      entityId: 101,
    };
    const first = await signIn(t.app, 'reset.me@meadowbrook.test', 'temp-pass-1');
    expect(await api.post(admin, '/adminpwdreset', reset)).toEqual({
      status: 200,
      body: { message: 'Password successfully reset', email: 'reset.me@meadowbrook.test' },
    });
    expect(await isSignedIn(first)).toBe(false);
    const next = await signIn(t.app, 'reset.me@meadowbrook.test', 'fresh-pass-1');
    expect((await api.get(next, '/facilities')).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await api.row('reset.me@meadowbrook.test'))?.mustChangePassword).toBe(true);
  });

  it.each([
    [{ password: '' }, 'password', 'Please enter a password'],
    [
      { password: 'short', confirmPassword: 'short' },
      'password',
      'Password must include a minimum of 8 characters',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please re-enter password'],
    [{ confirmPassword: 'different-1' }, 'confirmPassword', 'Passwords do not match'],
  ])('refuses %j with the spec message', async (change, field, message) => {
    const payload = {
      password: 'fresh-pass-2',
      confirmPassword: 'fresh-pass-2',
      email: 'nurse@meadowbrook.test',
      entityId: 101,
      ...change,
    };
    const result = await api.post(as('admin@meadowbrook.test'), '/adminpwdreset', payload);
    expect(result.status).toBe(400);
    expect(result.body.fields?.[field]).toBe(message);
    expect(await isSignedIn(as('nurse@meadowbrook.test'))).toBe(true);
  });

  it('needs user_Edit of the role and an admin-level viewer; 404 across tenants; never oneself', async () => {
    const payload = { password: 'fresh-pass-3', confirmPassword: 'fresh-pass-3', entityId: 101 };
    const byNurse = await api.post(as('nurse@meadowbrook.test'), '/adminpwdreset', {
      ...payload,
      email: 'nurse.nocreds@meadowbrook.test',
    });
    expect(byNurse.status).toBe(403);
    const other = await api.post(as('admin@meadowbrook.test'), '/adminpwdreset', {
      ...payload,
      email: 'don@lakeside.test',
      entityId: 201,
    });
    expect(other.status).toBe(404);
    const notThere = await api.post(as('admin@meadowbrook.test'), '/adminpwdreset', {
      ...payload,
      email: 'nurse@meadowbrook.test',
      entityId: 102,
    });
    expect(notThere.status).toBe(404);
    const self = await api.post(as('admin@meadowbrook.test'), '/adminpwdreset', {
      ...payload,
      email: 'admin@meadowbrook.test',
    });
    expect(self.status).toBe(403);
    expect(await isSignedIn(as('admin@meadowbrook.test'))).toBe(true);
  });

  it('resets a pharmacy user through a shared pharmacy only with the SysAdmin’s rights', async () => {
    const payload = {
      password: 'fresh-pass-4',
      confirmPassword: 'fresh-pass-4',
      email: 'pharmacist@pharmacy.test',
      entityId: 'sprx',
    };
    expect((await api.post(as('billing@pharmacy.test'), '/adminpwdreset', payload)).status).toBe(404);
    expect((await api.post(as('sysadmin@pharmacy.test'), '/adminpwdreset', payload)).status).toBe(200);
    expect((await api.row('pharmacist@pharmacy.test'))?.mustChangePassword).toBe(true);
  });

  // Whoever sets a password can sign in with it: resetting a user who also works at another tenant's facility would
  // open that facility's patients to the administrator who reset it.
  it('refuses a facility user who also belongs to a facility outside the viewer’s administration', async () => {
    await create('two.homes@meadowbrook.test', 'Two Homes');
    const added = await api.post(as('super@portal.test'), '/adduserfacilities', {
      email: 'two.homes@meadowbrook.test',
      entities: [{ entityID: 201, userRole: 'Nursing' }],
    });
    expect(added.status).toBe(200);
    const before = (await api.row('two.homes@meadowbrook.test'))?.passwordHash;
    const session = await signIn(t.app, 'two.homes@meadowbrook.test', 'temp-pass-1');
    const refused = await api.post(as('admin@meadowbrook.test'), '/adminpwdreset', {
      password: 'taken-over-1',
      confirmPassword: 'taken-over-1',
      email: 'two.homes@meadowbrook.test',
      entityId: 101,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          'This user also belongs to facilities outside your administration, so you cannot set their password. They can set a new one with Forgot password? on the sign-in page.',
      },
    });
    expect((await api.row('two.homes@meadowbrook.test'))?.passwordHash).toBe(before);
    expect(await isSignedIn(session)).toBe(true);
  });

  it('refuses a pharmacy user who also belongs to a pharmacy outside the viewer’s', async () => {
    const sysadmin = as('sysadmin@pharmacy.test');
    const created = await api.post(sysadmin, '/createpharmuser', {
      pharmID: ['upny'],
      UserRole: 'Pharmacist',
      UserType: 'PharmacyUser',
      displayName: 'Also Ohio',
      email: 'also.ohio@pharmacy.test',
      password: 'temp-pass-1',
    });
    expect(created.status).toBe(200);
    const person = await api.row('also.ohio@pharmacy.test');
    await t.database.db
      .insert(pharmacyMemberships)
      .values({ userId: person?.id ?? 0, pharmId: 'ohio', role: 'Pharmacist' });
    const refused = await api.post(sysadmin, '/adminpwdreset', {
      password: 'taken-over-1',
      confirmPassword: 'taken-over-1',
      email: 'also.ohio@pharmacy.test',
      entityId: 'upny',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          'This user also belongs to pharmacies outside your administration, so you cannot set their password. They can set a new one with Forgot password? on the sign-in page.',
      },
    });
    expect((await api.row('also.ohio@pharmacy.test'))?.passwordHash).toBe(person?.passwordHash);
  });
});

describe('POST /api/edituserinfo (profile)', () => {
  it('updates another user’s name and phone, answering their userInfo', async () => {
    const result = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      displayName: 'Nadia Nocreds',
      phone: '(555) 222-3333',
      email: 'nurse.nocreds@meadowbrook.test',
      entityId: 101,
    });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Profile updated successfully');
    expect(result.body.userInfo).toMatchObject({ displayName: 'Nadia Nocreds', phone: '5552223333' });
  });

  it('corrects the name of a user onboarded without a phone, leaving the phone empty', async () => {
    const created = await api.post(as('admin@meadowbrook.test'), '/createuser', {
      email: 'no.phone@meadowbrook.test',
      password: 'first-pass-1',
      confirmPassword: 'first-pass-1',
      displayName: 'Jon Misspelt',
      phone: '',
      userRole: 'Nursing',
      faciID: 101,
      userType: 'FacilityUser',
    });
    expect(created.status).toBe(200);
    const result = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      displayName: 'John Spelt',
      phone: '',
      email: 'no.phone@meadowbrook.test',
      entityId: 101,
    });
    expect(result.status).toBe(200);
    expect(result.body.userInfo).toMatchObject({ displayName: 'John Spelt', phone: '' });
    expect(await api.row('no.phone@meadowbrook.test')).toMatchObject({
      displayName: 'John Spelt',
      phone: '',
    });
  });

  it('keeps the phone when the body leaves it out (an empty phone clears it, a missing one does not)', async () => {
    const known = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      displayName: 'Nadia Nocreds',
      phone: '5552223333',
      email: 'nurse.nocreds@meadowbrook.test',
      entityId: 101,
    });
    expect(known.status).toBe(200);
    const result = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      displayName: 'Nadia Renamed',
      email: 'nurse.nocreds@meadowbrook.test',
      entityId: 101,
    });
    expect(result.status).toBe(200);
    expect(result.body.userInfo).toMatchObject({ displayName: 'Nadia Renamed', phone: '5552223333' });
    expect(await api.row('nurse.nocreds@meadowbrook.test')).toMatchObject({
      displayName: 'Nadia Renamed',
      phone: '5552223333',
    });
    const back = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      displayName: 'Nadia Nocreds',
      email: 'nurse.nocreds@meadowbrook.test',
      entityId: 101,
    });
    expect(back.status).toBe(200);
  });

  it.each([
    [{ displayName: 'Abc' }, 'displayName', 'Name must include a minimum of 4 characters'],
    [{ phone: '555-123' }, 'phone', 'Phone number must have 10 digits'],
    [{ displayName: '', phone: '' }, 'displayName', 'Display Name and Phone are required fields'],
  ])('refuses %j with the spec message', async (change, field, message) => {
    const payload = {
      displayName: 'Nadia Other',
      phone: '5552223333',
      email: 'nurse.nocreds@meadowbrook.test',
      entityId: 101,
      ...change,
    };
    const result = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', payload);
    expect(result.status).toBe(400);
    expect(result.body.fields?.[field]).toBe(message);
    expect((await api.row('nurse.nocreds@meadowbrook.test'))?.displayName).toBe('Nadia Nocreds');
  });

  it('records a profile edit made through a facility at that facility, in its audit trail', async () => {
    await create('audited.profile@meadowbrook.test', 'Audie Before');
    const edit = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      email: 'audited.profile@meadowbrook.test',
      entityId: 101,
      displayName: 'Audie After',
      phone: '555-404-5050',
    });
    expect(edit.status).toBe(200);
    // The facility's trail as its pharmacy's SysAdmin reads it: the edit is there, with its fields.
    const trail = await api.get(as('sysadmin@pharmacy.test'), '/audit?facId=101&kind=user.profile');
    expect(trail.status).toBe(200);
    const id = String((await api.row('audited.profile@meadowbrook.test'))?.id);
    expect(
      (trail.body.events as { recordId: string; facId: number; detail: object }[]).filter(
        (e) => e.recordId === id,
      ),
    ).toEqual([expect.objectContaining({ facId: 101, detail: { fields: ['displayName', 'phone'] } })]);
  });

  it('needs user_Edit; 404 for another tenant’s user; no role change on oneself', async () => {
    const base = { displayName: 'Someone Else', phone: '5550001111', entityId: 101 };
    expect(
      (
        await api.post(as('nurse@meadowbrook.test'), '/edituserinfo', {
          ...base,
          email: 'nurse.nocreds@meadowbrook.test',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
          ...base,
          email: 'don@lakeside.test',
          entityId: 201,
        })
      ).status,
    ).toBe(404);
    const ownRole = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      ...base,
      email: 'admin@meadowbrook.test',
      UserRole: 'Nursing',
    });
    expect(ownRole).toMatchObject({ status: 403, body: { message: 'You cannot change your own role' } });
  });
});

describe('POST /api/edituserinfo (profileVersion: two administrators on one profile)', () => {
  const email = 'two.admins@meadowbrook.test';
  /** The user as `as` loaded them into Edit Profile: the Facility Users list of facility 101. */
  const loaded = async (as: string) => {
    const list = await api.get(as, '/facilityusers?faciId=101');
    expect(list.status).toBe(200);
    return (list.body.userInfos as { email: string; profileVersion: string }[]).find(
      (u) => u.email === email,
    );
  };
  const profileSaves = async (actor: string) => {
    const id = (await api.row(email))?.id;
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'user.profile'), eq(auditEvents.recordId, String(id))));
    return rows.filter((r) => r.actor === actor).length;
  };

  it('refuses (409) the second save made on the same version, saving nothing, and takes the answer’s version', async () => {
    await create(email, 'Tess Twoadmins');
    const admin = as('admin@meadowbrook.test');
    const sysadmin = as('sysadmin@pharmacy.test');
    const [byAdmin, bySysadmin] = [await loaded(admin), await loaded(sysadmin)];
    expect(byAdmin?.profileVersion).toEqual(expect.any(String));
    expect(bySysadmin?.profileVersion).toBe(byAdmin?.profileVersion);

    const phone = await api.post(admin, '/edituserinfo', {
      displayName: 'Tess Twoadmins',
      phone: '5553334444',
      email,
      entityId: 101,
      profileVersion: byAdmin?.profileVersion,
    });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const next = phone.body.userInfo.profileVersion;
    expect(next).not.toBe(byAdmin?.profileVersion);
    expect((await loaded(sysadmin))?.profileVersion).toBe(next);

    // The SysAdmin's form still holds the name and the old (empty) phone: saved, it would wipe the new phone.
    const name = await api.post(sysadmin, '/edituserinfo', {
      displayName: 'Tess Renamed',
      phone: '',
      email,
      entityId: 101,
      profileVersion: bySysadmin?.profileVersion,
    });
    expect(name).toMatchObject({
      status: 409,
      body: {
        message:
          'This profile was changed by someone else after you opened it. Your changes were not saved: reload to see the current profile.',
      },
    });
    expect(await api.row(email)).toMatchObject({ displayName: 'Tess Twoadmins', phone: '5553334444' });
    expect(await profileSaves('sysadmin@pharmacy.test')).toBe(0);

    // A second save from the admin's open form, on the version the first answered.
    const again = await api.post(admin, '/edituserinfo', {
      displayName: 'Tess Twoadmin',
      phone: '5553334444',
      email,
      entityId: 101,
      profileVersion: next,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await profileSaves('admin@meadowbrook.test')).toBe(2);
  });

  it('saves without a version as before (the spec’s callers): the last save wins', async () => {
    const stale = await api.post(as('sysadmin@pharmacy.test'), '/edituserinfo', {
      displayName: 'Tess Lastwins',
      phone: '',
      email,
      entityId: 101,
    });
    expect(stale.status, JSON.stringify(stale.body)).toBe(200);
    expect(await api.row(email)).toMatchObject({ displayName: 'Tess Lastwins', phone: '' });
  });

  it('is not refused for a change of something the form does not edit (title, password)', async () => {
    const version = (await loaded(as('admin@meadowbrook.test')))?.profileVersion;
    const token = await signIn(t.app, email, 'temp-pass-1');
    const reset = await api.post(as('admin@meadowbrook.test'), '/adminpwdreset', {
      password: 'fresh-pass-1',
      confirmPassword: 'fresh-pass-1',
      email,
      entityId: 101,
    });
    expect(reset.status).toBe(200);
    expect(await isSignedIn(token)).toBe(false);
    const saved = await api.post(as('admin@meadowbrook.test'), '/edituserinfo', {
      displayName: 'Tess Again',
      phone: '',
      email,
      entityId: 101,
      profileVersion: version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('checks the version of the own account edit too: an administrator’s change since is not overwritten', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    const mine = await api.get(token, '/tokeninfo');
    const version = mine.body.userInfo.profileVersion;
    expect(version).toEqual(expect.any(String));
    const renamed = await api.post(as('super@portal.test'), '/edituserinfo', {
      displayName: 'Don By Admin',
      email: 'don@lakeside.test',
      entityId: 201,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const own = await api.post(token, '/edituserinfo', {
      email: 'don@lakeside.test',
      displayName: 'Don By Himself',
      profileVersion: version,
    });
    expect(own).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/changed by someone else/) },
    });
    expect((await api.row('don@lakeside.test'))?.displayName).toBe('Don By Admin');
    const current = await api.post(token, '/edituserinfo', {
      email: 'don@lakeside.test',
      displayName: 'Don By Himself',
      profileVersion: renamed.body.userInfo.profileVersion,
    });
    expect(current.body).toMatchObject({
      message: 'User name updated',
      userInfo: { displayName: 'Don By Himself' },
    });
  });
});

describe('POST /api/edituserinfo (own account)', () => {
  it('changes one thing at a time with the spec’s messages', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    const me = (body: object) => api.post(token, '/edituserinfo', { email: 'don@lakeside.test', ...body });
    expect((await me({ displayName: 'Donna Lake' })).body.message).toBe('User name updated');
    expect((await me({ phone: '555 444 3333' })).body).toMatchObject({
      message: 'User phone updated',
      userInfo: { phone: '5554443333' },
    });
    expect((await me({ title: 'DON' })).body.message).toBe('User title updated');
    expect((await me({ betaUser: true })).body).toMatchObject({
      message: 'Activated don@lakeside.test as Beta User',
      userInfo: { betaUser: true },
    });
    expect((await me({ betaUser: false })).body.message).toBe('Deactivated don@lakeside.test as Beta User');
    expect((await me({ displayName: 'Two Things', phone: '5554443333' })).status).toBe(400);
    expect((await me({})).status).toBe(400);
    // The spec's body: email and title beside the one change (a client sends the title it shows).
    expect((await me({ title: 'DON', displayName: 'Donna Lakes' })).body).toMatchObject({
      message: 'User name updated',
      userInfo: { displayName: 'Donna Lakes', title: 'DON' },
    });
    expect((await me({ title: 'Director of Nursing', betaUser: true })).body).toMatchObject({
      message: 'Activated don@lakeside.test as Beta User',
      userInfo: { betaUser: true, title: 'Director of Nursing' },
    });
    expect((await me({ displayName: 'Abc' })).body.fields).toEqual({
      displayName: 'Name must include a minimum of 4 characters',
    });
    expect(
      (await api.post(token, '/edituserinfo', { email: 'nurse@meadowbrook.test', title: 'x' })).status,
    ).toBe(403);
  });

  it('clears the own phone when it is sent empty, audited; a part of a number is still refused', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    const me = (body: object) => api.post(token, '/edituserinfo', { email: 'don@lakeside.test', ...body });
    expect((await me({ phone: '(555) 444-3333' })).body.userInfo).toMatchObject({ phone: '5554443333' });
    const partial = await me({ phone: '555 44' });
    expect(partial).toMatchObject({
      status: 400,
      body: { fields: { phone: 'Phone number must have 10 digits' } },
    });
    expect((await api.row('don@lakeside.test'))?.phone).toBe('5554443333');
    // A mask with no digits in it is an empty phone too, as the forms send it once everything typed is deleted.
    const cleared = await me({ phone: '() -' });
    expect(cleared).toMatchObject({
      status: 200,
      body: { message: 'User phone updated', userInfo: { phone: '' } },
    });
    expect((await api.row('don@lakeside.test'))?.phone).toBe('');
    const id = (await api.row('don@lakeside.test'))?.id;
    const entries = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'user.account'), eq(auditEvents.recordId, String(id))))
      .orderBy(auditEvents.id);
    expect(entries.slice(-2).map((entry) => entry.detail)).toEqual([
      { fields: ['phone'] },
      { fields: ['phone'] },
    ]);
  });

  it('refuses a new password equal to the current one: nothing changes and the other sessions stay', async () => {
    const here = await signIn(t.app, 'super@portal.test');
    const elsewhere = as('super@portal.test');
    const same = await api.post(here, '/edituserinfo', {
      email: 'super@portal.test',
      password: DEMO_PASSWORD,
      currentPassword: DEMO_PASSWORD,
    });
    // It answered 'User password updated' and signed the user out everywhere else, for a password that stayed.
    expect(same).toMatchObject({
      status: 400,
      body: { fields: { password: 'Choose a password other than your current one.' } },
    });
    expect(await isSignedIn(elsewhere)).toBe(true);
  });

  it('changes the password only with the current one, revoking the other sessions but not this one', async () => {
    const here = await signIn(t.app, 'super@portal.test');
    const elsewhere = as('super@portal.test');
    const wrong = await api.post(here, '/edituserinfo', {
      email: 'super@portal.test',
      password: 'brand-new-1',
      currentPassword: 'nope',
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    const missing = await api.post(here, '/edituserinfo', {
      email: 'super@portal.test',
      password: 'brand-new-1',
    });
    expect(missing.body.fields).toEqual({ currentPassword: 'Please enter your current password' });
    expect(await isSignedIn(elsewhere)).toBe(true);
    const changed = await api.post(here, '/edituserinfo', {
      email: 'super@portal.test',
      password: 'brand-new-1',
      confirmPassword: 'brand-new-1',
      currentPassword: DEMO_PASSWORD,
    });
    expect(changed.body.message).toBe('User password updated');
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    await signIn(t.app, 'super@portal.test', 'brand-new-1');
    // The audit trail names the password (never its hash): it listed only mustChangePassword, hiding the change.
    const id = (await api.row('super@portal.test'))?.id;
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.kind, 'user.account'),
          eq(auditEvents.recordId, String(id)),
          eq(auditEvents.outcome, 'success'),
        ),
      );
    expect(entry?.detail).toEqual({ fields: ['password', 'mustChangePassword'] });
  });

  it('counts a wrong current password like a failed sign-in: the sixth try is a 429, even with the right one', async () => {
    await create('guessed.at@meadowbrook.test');
    const token = await signIn(t.app, 'guessed.at@meadowbrook.test', 'temp-pass-1');
    const change = (currentPassword: string) =>
      api.post(token, '/edituserinfo', {
        email: 'guessed.at@meadowbrook.test',
        password: 'brand-new-2',
        currentPassword,
      });
    const hashOf = async () => {
      const [row] = await t.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, 'guessed.at@meadowbrook.test'));
      return row?.hash;
    };
    const before = await hashOf();
    for (let i = 0; i < 5; i += 1) expect((await change(`guess-${i}`)).status).toBe(400);
    const throttled = await change('temp-pass-1');
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/^Too many sign-in attempts/);
    expect(await hashOf()).toBe(before);
  });

  it('lets a user who must change their password do that, and only that', async () => {
    await create('must.change@meadowbrook.test');
    const token = await signIn(t.app, 'must.change@meadowbrook.test', 'temp-pass-1');
    const other = await api.post(token, '/edituserinfo', {
      email: 'must.change@meadowbrook.test',
      title: 'RN',
    });
    expect(other.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const same = await api.post(token, '/edituserinfo', {
      email: 'must.change@meadowbrook.test',
      password: 'temp-pass-1',
      currentPassword: 'temp-pass-1',
    });
    expect(same.status).toBe(400);
    const done = await api.post(token, '/edituserinfo', {
      email: 'must.change@meadowbrook.test',
      password: 'mine-now-1',
      currentPassword: 'temp-pass-1',
    });
    expect(done.body.userInfo).toMatchObject({ mustChangePassword: false });
    expect((await api.get(token, '/facilities')).status).toBe(200);
  });
});

describe('POST /api/deleteuser', () => {
  it('soft-deletes: sessions revoked, sign-in refused, thread entries keep the name', async () => {
    const nurse = await api.row('nurse@meadowbrook.test');
    const result = await api.post(as('admin@meadowbrook.test'), '/deleteuser', {
      email: 'nurse@meadowbrook.test',
      entityId: 101,
      UserId: nurse?.id,
    });
    expect(result).toEqual({ status: 200, body: { message: 'Maria Alvarez deleted successfully' } });
    expect(await isSignedIn(as('nurse@meadowbrook.test'))).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nurse@meadowbrook.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await api.row('nurse@meadowbrook.test'))?.deletedAt).toBeInstanceOf(Date);
    const entries = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.requestedByUserId, nurse?.id ?? 0));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.requestedBy === 'Maria Alvarez')).toBe(true);
    const list = await api.get(as('admin@meadowbrook.test'), '/getusers');
    expect((list.body.users as { email: string }[]).map((u) => u.email)).not.toContain(
      'nurse@meadowbrook.test',
    );
  });

  it('refuses a pharmacy user who is also at a pharmacy outside the viewer’s, saying what to do instead', async () => {
    const sysadmin = as('sysadmin@pharmacy.test');
    const created = await api.post(sysadmin, '/createpharmuser', {
      pharmID: ['sprx'],
      UserRole: 'Pharmacist',
      UserType: 'PharmacyUser',
      displayName: 'Two Places',
      email: 'two.places@pharmacy.test',
      password: 'temp-pass-1',
    });
    expect(created.status).toBe(200);
    const person = await api.row('two.places@pharmacy.test');
    await t.database.db
      .insert(pharmacyMemberships)
      .values({ userId: person?.id ?? 0, pharmId: 'ohio', role: 'Pharmacist' });
    const refused = await api.post(sysadmin, '/deleteuser', {
      email: 'two.places@pharmacy.test',
      entityId: 'sprx',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          'This user also belongs to pharmacies outside your administration. Remove them from yours under View / Edit Pharmacies instead.',
      },
    });
    expect((await api.row('two.places@pharmacy.test'))?.deletedAt).toBeNull();
  });

  it('refuses oneself, a viewer without user_Delete, another tenant’s user, and a user who is also elsewhere', async () => {
    const admin = as('admin@meadowbrook.test');
    expect(
      (await api.post(admin, '/deleteuser', { email: 'admin@meadowbrook.test', entityId: 101 })).body.message,
    ).toBe('You cannot delete yourself');
    await create('keep.me@meadowbrook.test');
    const byNurse = await api.post(await signIn(t.app, 'nurse.nocreds@meadowbrook.test'), '/deleteuser', {
      email: 'keep.me@meadowbrook.test',
      entityId: 101,
    });
    expect(byNurse.status).toBe(403);
    expect((await api.post(admin, '/deleteuser', { email: 'don@lakeside.test', entityId: 201 })).status).toBe(
      404,
    );
    const added = await api.post(
      await signIn(t.app, 'super@portal.test', 'brand-new-1'),
      '/adduserfacilities',
      {
        email: 'keep.me@meadowbrook.test',
        entities: [{ entityID: 201, userRole: 'Nursing' }],
      },
    );
    expect(added.status).toBe(200);
    const elsewhere = await api.post(admin, '/deleteuser', {
      email: 'keep.me@meadowbrook.test',
      entityId: 101,
    });
    expect(elsewhere).toMatchObject({
      status: 403,
      body: {
        message:
          'This user also belongs to facilities outside your administration. Remove them from yours under View / Edit Facilities instead.',
      },
    });
    expect((await api.row('keep.me@meadowbrook.test'))?.deletedAt).toBeNull();
  });
});

describe('facility ids that only look like numbers', () => {
  it.each([true, '0x65', 1.01e2 + 0.5, '1e2'])(
    'refuses createuser with faciID %j and creates no one',
    async (faciID) => {
      const refused = await api.post(as('admin@meadowbrook.test'), '/createuser', {
        email: 'not.created@meadowbrook.test',
        password: 'temp-pass-1',
        displayName: 'Not Created',
        userRole: 'Nursing',
        faciID,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ fields: { faciID: expect.any(String) } });
      const found = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'not.created@meadowbrook.test'));
      expect(found).toEqual([]);
    },
  );
});
