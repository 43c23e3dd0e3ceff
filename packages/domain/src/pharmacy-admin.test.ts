import { describe, expect, it } from 'vitest';
import {
  mayActOnPharmacyUser,
  mayAddPharmacyToUser,
  mayAdministerPharmacyUsers,
  mayChangePharmacyRole,
  mayRemoveFromPharmacy,
  type PharmacyStanding,
  pharmaciesOffered,
  pharmacyForUserAction,
} from './pharmacy-admin.ts';
import { createPharmUserFormSchema, createPharmUserInputSchema } from './schemas/pharmacy-users.ts';

const all = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, true]));
const sysadminSprx: PharmacyStanding = {
  pharmID: 'sprx',
  userRole: 'SysAdmin',
  userPermissions: all(
    'user_AddPharmacyToUser',
    'allowToSetSettingsForUsers',
    'user_EditPharmacist',
    'user_DeletePharmacist',
    'user_EditBilling',
  ),
};
const pharmacistSprx: PharmacyStanding = {
  pharmID: 'sprx',
  userRole: 'Pharmacist',
  userPermissions: all('user_AddPharmacyToUser', 'user_EditPharmacist', 'user_DeletePharmacist'),
};
const target = { userId: 9, pharmRole: [{ pharid: 'sprx', role: 'Pharmacist' }] };
const upnyTarget = { userId: 9, pharmRole: [{ pharid: 'upny', role: 'Pharmacist' }] };

describe('pharmacy user administration rules', () => {
  it.each([
    ['PharmacyUser', true],
    ['SuperAdmin', true],
    ['FacilityUser', false],
  ] as const)('administration by %s: %s', (userType, expected) => {
    expect(mayAdministerPharmacyUsers(userType)).toBe(expected);
  });

  it.each([
    ['resetPassword', true],
    ['editProfile', true],
    ['editSettings', true],
    ['delete', true],
  ] as const)('a SysAdmin may %s a Pharmacist of a shared pharmacy', (action, expected) => {
    expect(mayActOnPharmacyUser(action, 1, [sysadminSprx], target)).toBe(expected);
  });

  it('needs the flag for the target’s role, a manager role, a shared pharmacy, and never the caller', () => {
    const billing = { userId: 9, pharmRole: [{ pharid: 'sprx', role: 'Billing' }] };
    expect(mayActOnPharmacyUser('delete', 1, [sysadminSprx], billing)).toBe(false);
    expect(mayActOnPharmacyUser('editProfile', 1, [sysadminSprx], billing)).toBe(true);
    expect(mayActOnPharmacyUser('editProfile', 1, [pharmacistSprx], target)).toBe(false);
    expect(mayActOnPharmacyUser('editProfile', 1, [sysadminSprx], upnyTarget)).toBe(false);
    expect(mayActOnPharmacyUser('editProfile', 9, [sysadminSprx], target)).toBe(false);
  });

  it('lets a Superuser with allowToSetSettingsForUsers set dashboards, but not manage users', () => {
    const superuserSprx: PharmacyStanding = {
      pharmID: 'sprx',
      userRole: 'Superuser',
      userPermissions: all('allowToSetSettingsForUsers', 'user_EditPharmacist', 'user_DeletePharmacist'),
    };
    expect(mayActOnPharmacyUser('editSettings', 1, [superuserSprx], target)).toBe(true);
    expect(mayActOnPharmacyUser('editSettings', 9, [superuserSprx], target)).toBe(false);
    expect(mayActOnPharmacyUser('editSettings', 1, [pharmacistSprx], target)).toBe(false);
    expect(mayActOnPharmacyUser('resetPassword', 1, [superuserSprx], target)).toBe(false);
    expect(mayActOnPharmacyUser('delete', 1, [superuserSprx], target)).toBe(false);
  });

  it('names the first shared pharmacy where the action is allowed, as the call’s entityId', () => {
    const both = { userId: 9, pharmRole: [...target.pharmRole, { pharid: 'upny', role: 'Pharmacist' }] };
    const upnyAdmin = { ...sysadminSprx, pharmID: 'upny' };
    expect(pharmacyForUserAction('delete', 1, [{ ...pharmacistSprx }, upnyAdmin], both)).toBe('upny');
    expect(pharmacyForUserAction('delete', 1, [sysadminSprx, upnyAdmin], both)).toBe('sprx');
    expect(pharmacyForUserAction('delete', 1, [pharmacistSprx], both)).toBeNull();
  });

  it('offers only pharmacies where the caller manages users and may add pharmacies', () => {
    const noAdd = { ...sysadminSprx, pharmID: 'upny', userPermissions: all('user_EditPharmacist') };
    expect(pharmaciesOffered([sysadminSprx, pharmacistSprx, noAdd]).map((s) => s.pharmID)).toEqual(['sprx']);
  });

  it('guards role changes, additions and removals by role flag and refuses them on oneself', () => {
    expect(mayChangePharmacyRole(1, sysadminSprx, 9, 'Pharmacist', 'Billing')).toBe(true);
    expect(mayChangePharmacyRole(1, sysadminSprx, 9, 'Pharmacist', 'Manager')).toBe(false);
    expect(mayChangePharmacyRole(9, sysadminSprx, 9, 'Pharmacist', 'Billing')).toBe(false);
    expect(mayRemoveFromPharmacy(1, sysadminSprx, 9, 'Pharmacist')).toBe(true);
    expect(mayRemoveFromPharmacy(1, sysadminSprx, 9, 'Billing')).toBe(false);
    expect(mayRemoveFromPharmacy(1, sysadminSprx, 1, 'Pharmacist')).toBe(false);
    expect(mayAddPharmacyToUser(1, sysadminSprx, 9, 'Pharmacist')).toBe(true);
    expect(mayAddPharmacyToUser(1, pharmacistSprx, 9, 'Pharmacist')).toBe(false);
    expect(mayAddPharmacyToUser(1, sysadminSprx, 1, 'Pharmacist')).toBe(false);
  });
});

describe('create pharmacy user schema', () => {
  const rules = { passwordMinLength: 8, pharmacyEmailDomain: 'pharmacy.test' };
  const good = {
    pharmID: ['sprx'],
    UserRole: 'Pharmacist',
    displayName: 'Pat Pharm',
    email: 'Pat@Pharmacy.test',
    password: 'long-enough',
    phone: '(555) 123-4567',
  };
  const messages = (input: unknown) => {
    const result = createPharmUserFormSchema(rules).safeParse(input);
    const fields: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
    return fields;
  };

  it('accepts a good user, sending phone digits and a lower-cased email', () => {
    const parsed = createPharmUserInputSchema(rules).parse(good);
    expect(parsed).toMatchObject({
      phone: '5551234567',
      email: 'pat@pharmacy.test',
      UserType: 'PharmacyUser',
    });
  });

  it('gives the spec’s messages', () => {
    expect(
      messages({ pharmID: [], UserRole: '', displayName: '', email: '', password: '', confirmPassword: '' }),
    ).toMatchObject({
      pharmID: 'Please select a pharmacy',
      UserRole: 'Please select a pharmacy role',
      displayName: 'Please enter a display name',
      email: 'Please enter an email address',
      password: 'Please enter a password',
      confirmPassword: 'Please re-enter password',
    });
    expect(messages({ ...good, email: 'nope', phone: '555', confirmPassword: 'other' })).toMatchObject({
      email: 'Invalid email',
      phone: 'Invalid phone',
    });
    expect(messages({ ...good, confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(messages({ ...good, email: 'pat@meadowbrook.test', confirmPassword: good.password })).toEqual({
      email: 'Pharmacy staff emails must end with @pharmacy.test',
    });
    expect(messages({ ...good, password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long',
    });
  });
});
