import { describe, expect, it } from 'vitest';
import {
  isMfaAdmin,
  isMfaChallenge,
  isTotpCode,
  MfaEnrolConfirmInputSchema,
  MfaLoginInputSchema,
} from './mfa.ts';

describe('isMfaAdmin (who MFA_REQUIRED_FOR_ADMINS covers)', () => {
  it.each([
    ['a SuperAdmin', { userType: 'SuperAdmin', entityTypeAndRole: [] }, true],
    [
      'a pharmacy SysAdmin',
      { userType: 'PharmacyUser', entityTypeAndRole: [{ pharid: 'sprx', userRole: 'SysAdmin' }] },
      true,
    ],
    [
      'a pharmacy Manager',
      { userType: 'PharmacyUser', entityTypeAndRole: [{ pharid: 'sprx', userRole: 'Manager' }] },
      false,
    ],
    [
      'a facility admin',
      { userType: 'FacilityUser', entityTypeAndRole: [{ facid: 101, userRole: 'facilityadmin' }] },
      false,
    ],
    [
      'a nurse',
      { userType: 'FacilityUser', entityTypeAndRole: [{ facid: 101, userRole: 'Nursing' }] },
      false,
    ],
  ] as const)('%s: %s', (_name, user, expected) => {
    expect(isMfaAdmin(user)).toBe(expected);
  });
});

describe('codes', () => {
  it.each([
    ['123456', true],
    ['123 456', true],
    ['12345', false],
    ['ABCD-EFGH-JKLM-NPQR', false],
  ])('isTotpCode(%s) is %s', (code, expected) => {
    expect(isTotpCode(code)).toBe(expected);
  });

  it('takes a code with spaces at confirmation and refuses other shapes with the message', () => {
    expect(MfaEnrolConfirmInputSchema.parse({ code: '123 456', currentPassword: 'x' }).code).toBe('123456');
    const refused = MfaEnrolConfirmInputSchema.safeParse({ code: '12a456', currentPassword: 'x' });
    expect(refused.error?.issues[0]?.message).toBe('Enter the 6-digit code from your authenticator app');
  });

  it('asks for a code at sign-in', () => {
    const refused = MfaLoginInputSchema.safeParse({ challenge: 'c'.repeat(43), code: '  ' });
    expect(refused.error?.issues[0]?.message).toBe('Please enter the code');
  });

  it.each(['12', '12345', '1234567'])(
    'refuses %s at sign-in as a mistyped authenticator code, not as a wrong recovery code',
    (code) => {
      const refused = MfaLoginInputSchema.safeParse({ challenge: 'c'.repeat(43), code });
      expect(refused.error?.issues[0]?.message).toBe('Enter the 6-digit code from your authenticator app');
    },
  );

  it('takes a recovery code and a 6-digit code at sign-in', () => {
    for (const code of ['ABCD-EFGH-JKLM-NPQR', '123 456'])
      expect(MfaLoginInputSchema.safeParse({ challenge: 'c'.repeat(43), code }).success).toBe(true);
  });

  it('tells a challenge from a session', () => {
    expect(isMfaChallenge({ mfaRequired: true, challenge: 'c' })).toBe(true);
    expect(isMfaChallenge({ token: 't' })).toBe(false);
  });
});

describe('the current password', () => {
  it('too long is called too long, not missing', () => {
    const parsed = MfaEnrolConfirmInputSchema.safeParse({
      code: '123456',
      currentPassword: 'x'.repeat(1025),
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['currentPassword', 'Must be at most 1024 characters'],
    ]);
  });
});
