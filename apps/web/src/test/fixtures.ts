import {
  DEFAULT_CLIENT_CONFIG,
  defaultUserSettings,
  type FileItem,
  FileItemSchema,
  type UserInfo,
  UserInfoSchema,
} from '@portal/domain';

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
    profileVersion: 'v-1',
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

/** A file manager item: a read-only PDF of 0 bytes added 30 days ago, unless `overrides` say otherwise. */
export function fileItem(overrides: Partial<FileItem>): FileItem {
  return FileItemSchema.parse({
    file_id: 10,
    parent_id: 2,
    name: 'x',
    description: '',
    file_or_folder: 'file',
    file_type: 'pdf',
    full_file_type: 'application/pdf',
    size: 0,
    date_added: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    file_last_added_at: null,
    top_level_folder: '',
    has_folders: false,
    editable: false,
    deleted: false,
    deleted_at: null,
    deleted_file_count: 0,
    pathname_at_deletion: null,
    deletedParentFolders: [],
    ...overrides,
  });
}

/**
 * The accessible name of a user's row menu in the administration tables, whatever their email: 'Actions for' the
 * name and then the email in brackets (userRowMenuLabel), which tells two users of one name apart.
 */
export function rowMenuName(displayName: string): RegExp {
  const name = displayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^Actions for ${name} \\([^()\\s]+@[^()\\s]+\\)$`);
}
