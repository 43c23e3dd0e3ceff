import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MediprocityInputSchema } from './account.ts';
import { AuthenticateInputSchema, LoginInputSchema } from './auth.ts';
import { MFA_MESSAGES, MfaEnrolConfirmInputSchema, MfaLoginInputSchema, MfaProofInputSchema } from './mfa.ts';
import { AddUserPharmaciesInputSchema, createPharmUserInputSchema } from './pharmacy-users.ts';
import { USER_MESSAGES } from './user-fields.ts';
import {
  adminPasswordResetInputSchema,
  createFacilityUserFormSchema,
  createUserInputSchema,
  editUserInfoAccountSchema,
} from './users.ts';

/** The first message for each field, as the server's 400 `fields` carries them. */
function fields(schema: z.ZodType, input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? [])
    out[issue.path.join('.')] ??= issue.message;
  return out;
}

// A field left out of the body (or sent as null) is as missing as an empty one: spec 2, section 5's message, never
// the validation library's 'Invalid input: expected string, received undefined'.
describe('a missing field gets the spec’s message, as an empty one does', () => {
  it('POST /createuser', () => {
    expect(fields(createUserInputSchema(8), { userRole: 'Nursing', faciID: 101 })).toEqual({
      email: USER_MESSAGES.enterEmail,
      password: USER_MESSAGES.enterPassword,
      displayName: USER_MESSAGES.enterDisplayName,
    });
  });

  it('POST /createpharmuser', () => {
    const rules = { passwordMinLength: 8, pharmacyEmailDomain: 'pharmacy.test' };
    expect(fields(createPharmUserInputSchema(rules), { pharmID: ['sprx'] })).toEqual({
      UserRole: USER_MESSAGES.selectPharmacyRole,
      displayName: USER_MESSAGES.enterDisplayName,
      email: USER_MESSAGES.enterEmail,
      password: USER_MESSAGES.enterPassword,
    });
  });

  it('POST /adduserpharmacies: a pending pharmacy with no role', () => {
    const input = (entity: object) => ({
      email: 'a@pharmacy.test',
      entities: [{ entityid: 'sprx', ...entity }],
    });
    expect(fields(AddUserPharmaciesInputSchema, input({}))).toEqual({
      'entities.0.userRole': USER_MESSAGES.roleForAllPharmacies,
    });
    expect(fields(AddUserPharmaciesInputSchema, input({ userRole: null }))).toEqual({
      'entities.0.userRole': USER_MESSAGES.roleForAllPharmacies,
    });
  });

  it('POST /adminpwdreset', () => {
    expect(fields(adminPasswordResetInputSchema(8), { email: 'a@b.test', entityId: 101 })).toEqual({
      password: USER_MESSAGES.enterPassword,
      confirmPassword: USER_MESSAGES.reenterPassword,
    });
  });

  it('POST /loginmediprocity', () => {
    expect(fields(MediprocityInputSchema, {})).toEqual({
      user: 'User is required',
      password: 'Password is required',
      encryptionKey: 'Encryption key is required',
    });
  });

  it('POST /login and POST /users/authenticate', () => {
    expect(fields(LoginInputSchema, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(fields(AuthenticateInputSchema, { password: null })).toEqual({
      username: 'Email is required',
      password: 'Password is required',
    });
  });

  it('POST /login/mfa: the code, and the challenge of the password step', () => {
    expect(fields(MfaLoginInputSchema, {})).toEqual({
      challenge: MFA_MESSAGES.challengeRequired,
      code: MFA_MESSAGES.codeRequired,
    });
    expect(fields(MfaLoginInputSchema, { challenge: 'short', code: '123456' })).toEqual({
      challenge: MFA_MESSAGES.challengeRequired,
    });
  });

  it('POST /mfa/enrol/confirm, /mfa/disable and /mfa/recovery-codes', () => {
    const expected = {
      code: MFA_MESSAGES.codeRequired,
      currentPassword: 'Please enter your current password',
    };
    expect(fields(MfaEnrolConfirmInputSchema, {})).toEqual(expected);
    expect(fields(MfaProofInputSchema, {})).toEqual(expected);
  });
});

// A field that is too long says so: the type-level message ('Please enter a display name') used to cover the length
// check too, so an administrator who pasted a long name was told to enter one.
describe('a too-long field says it is too long, not that it is missing', () => {
  const long = (n: number) => 'a'.repeat(n);

  it('the Create Facility User form and POST /createuser', () => {
    const form = {
      faciID: '101',
      userRole: 'Nursing',
      displayName: long(101),
      email: `${long(250)}@x.test`,
      password: long(201),
      confirmPassword: long(201),
      Title: long(101),
      phone: '',
    };
    expect(fields(createFacilityUserFormSchema(8), form)).toEqual({
      displayName: USER_MESSAGES.tooLong(100),
      email: USER_MESSAGES.tooLong(254),
      password: USER_MESSAGES.tooLong(200),
      Title: USER_MESSAGES.tooLong(100),
    });
    const body = { ...form, faciID: 101, userType: 'FacilityUser' };
    expect(fields(createUserInputSchema(8), body).displayName).toBe(USER_MESSAGES.tooLong(100));
  });

  it('POST /createpharmuser', () => {
    const rules = { passwordMinLength: 8, pharmacyEmailDomain: 'pharmacy.test' };
    const body = {
      pharmID: ['sprx'],
      UserRole: 'Manager',
      displayName: long(201),
      title: long(101),
      email: 'new@pharmacy.test',
      password: 'portal-demo-1',
    };
    expect(fields(createPharmUserInputSchema(rules), body)).toEqual({
      displayName: USER_MESSAGES.tooLong(200),
      title: USER_MESSAGES.tooLong(100),
    });
  });

  it('POST /edituserinfo (own account) and POST /loginmediprocity', () => {
    expect(fields(editUserInfoAccountSchema(8), { email: 'a@b.test', displayName: long(101) })).toEqual({
      displayName: USER_MESSAGES.tooLong(100),
    });
    expect(fields(MediprocityInputSchema, { user: long(201), password: 'p', encryptionKey: 'k' })).toEqual({
      user: USER_MESSAGES.tooLong(200),
    });
  });
});
