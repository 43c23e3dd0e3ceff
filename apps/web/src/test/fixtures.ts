import { DEFAULT_CLIENT_CONFIG, defaultUserSettings, type UserInfo, UserInfoSchema } from '@portal/domain';

/** A facility nurse, parsed by the domain schema so the fake API never answers what the server could not. */
export function nurse(overrides: Partial<UserInfo> = {}): UserInfo {
  return UserInfoSchema.parse({
    userId: 1,
    email: 'nurse@meadowbrook.test',
    displayName: 'Nora Nurse',
    phone: '5551234567',
    title: 'RN',
    userType: 'FacilityUser',
    userRole: 'Nursing',
    betaUser: false,
    mediprocityUser: true,
    mediprocityInfo: null,
    mustChangePassword: false,
    mfaEnabled: false,
    mfaEnrolmentRequired: false,
    userSettings: defaultUserSettings(),
    entityTypeAndRole: [{ facid: 101, userRole: 'Nursing' }],
    ...overrides,
  });
}

/** A pharmacy SysAdmin. */
export function pharmacist(): UserInfo {
  return nurse({
    userId: 2,
    email: 'sysadmin@pharmacy.test',
    displayName: 'Sam Sysadmin',
    userType: 'PharmacyUser',
    userRole: 'SysAdmin',
    entityTypeAndRole: [{ pharid: 'sprx', userRole: 'SysAdmin' }],
  });
}

export const clientConfig = DEFAULT_CLIENT_CONFIG;
