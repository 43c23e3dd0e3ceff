import { describe, expect, it } from 'vitest';
import { isDashboardLocked, isDashboardSettingsAdmin } from './dashboard-lock.ts';
import type { UserInfo } from './schemas/auth.ts';

type Who = Pick<UserInfo, 'userType' | 'entityTypeAndRole' | 'userSettings'>;
const who = (
  userType: UserInfo['userType'],
  entityTypeAndRole: UserInfo['entityTypeAndRole'],
  allowToSetSettings: boolean | string = true,
): Who => ({ userType, entityTypeAndRole, userSettings: { allowToSetSettings } });

describe('dashboard lock', () => {
  it.each([
    ['a super admin', who('SuperAdmin', []), true],
    ['a facility admin', who('FacilityUser', [{ facid: 101, userRole: 'facilityadmin' }]), true],
    ['a pharmacy SysAdmin', who('PharmacyUser', [{ pharid: 'sprx', userRole: 'SysAdmin' }]), true],
    ['a pharmacy Manager', who('PharmacyUser', [{ pharid: 'sprx', userRole: 'Manager' }]), true],
    ['a nurse', who('FacilityUser', [{ facid: 101, userRole: 'Nursing' }]), false],
    ['a pharmacist', who('PharmacyUser', [{ pharid: 'sprx', userRole: 'Pharmacist' }]), false],
  ])('treats %s as settings admin: %s', (_name, user, expected) => {
    expect(isDashboardSettingsAdmin(user)).toBe(expected);
  });

  it.each([
    [
      'a nurse with allowToSetSettings false',
      who('FacilityUser', [{ facid: 101, userRole: 'Nursing' }], false),
      true,
    ],
    ["a nurse with 'false'", who('FacilityUser', [{ facid: 101, userRole: 'Nursing' }], 'false'), true],
    ['a nurse left unlocked', who('FacilityUser', [{ facid: 101, userRole: 'Nursing' }], true), false],
    [
      'an admin with allowToSetSettings false',
      who('FacilityUser', [{ facid: 101, userRole: 'facilityadmin' }], false),
      false,
    ],
  ])('locks %s: %s', (_name, user, expected) => {
    expect(isDashboardLocked(user)).toBe(expected);
  });
});
