import { describe, expect, it } from 'vitest';
import {
  type AdminViewer,
  addableRoles,
  canAddFacilityToUser,
  canAddUserToFacility,
  canChangeRole,
  canDeleteUser,
  canEditUserSettings,
  canRemoveFromFacility,
  canResetPassword,
  pickerFacilities,
  userRowActions,
} from './user-admin.ts';

const ALL = {
  user_EditNursing: true,
  user_DeleteNursing: true,
  user_EditDON: true,
  user_AddFacilityToUser: true,
  allowToSetSettingsForUsers: true,
};
const facility = (facID: number, userRole: string, permissions: Record<string, boolean> = ALL) => ({
  facID,
  facName: `Facility ${facID}`,
  pharmID: 'sprx',
  userRole,
  permissions,
});
const viewer = (over: Partial<AdminViewer> = {}): AdminViewer => ({
  userId: 1,
  userType: 'FacilityUser',
  facilities: [facility(101, 'facilityadmin'), facility(102, 'Nursing')],
  pharmacyPermissions: {},
  ...over,
});
const nurse = { userId: 2, entityTypeAndRole: [{ facid: 101, userRole: 'Nursing' }] };
const self = { userId: 1, entityTypeAndRole: [{ facid: 101, userRole: 'Nursing' }] };

describe('user administration rule', () => {
  it.each([
    ['facility admin at 101', viewer(), 101, true],
    ['nurse at 102', viewer(), 102, false],
    ['unseen facility', viewer(), 201, false],
    [
      'pharmacy user whose pharmacy role manages users',
      viewer({
        userType: 'PharmacyUser',
        facilities: [facility(101, 'SysAdmin')],
        pharmacyPermissions: { sprx: ALL },
      }),
      101,
      true,
    ],
    [
      'pharmacy user whose pharmacy role does not (a Pharmacist)',
      viewer({ userType: 'PharmacyUser', facilities: [facility(101, 'Pharmacist')] }),
      101,
      false,
    ],
    ['super admin', viewer({ userType: 'SuperAdmin', facilities: [facility(301, 'SuperAdmin')] }), 301, true],
  ])('adding a user: %s', (_name, v, facID, expected) => {
    expect(canAddUserToFacility(v, facID)).toBe(expected);
  });

  it('lets a pharmacy user give only the roles their own pharmacy role may edit; admins give any', () => {
    expect(addableRoles(viewer(), 101)).toEqual(['Nursing', 'DON', 'facilityadmin', 'BusinessOffice']);
    expect(addableRoles(viewer(), 102)).toEqual([]);
    const manager = viewer({
      userType: 'PharmacyUser',
      facilities: [facility(101, 'Manager')],
      pharmacyPermissions: { sprx: { user_EditNursing: true, user_EditDON: true } },
    });
    expect(addableRoles(manager, 101)).toEqual(['Nursing', 'DON']);
    expect(canAddUserToFacility(manager, 101, 'DON')).toBe(true);
    expect(canAddUserToFacility(manager, 101, 'facilityadmin')).toBe(false);
  });

  it('never lets anyone change their own role or remove or delete themselves', () => {
    expect(canChangeRole(viewer(), nurse, 101, 'DON')).toBe(true);
    expect(canChangeRole(viewer(), self, 101, 'DON')).toBe(false);
    expect(canRemoveFromFacility(viewer(), self, 101)).toBe(false);
    expect(canDeleteUser(viewer(), self, 101)).toBe(false);
    expect(canDeleteUser(viewer(), nurse, 101)).toBe(true);
  });

  it('needs user_Edit of both roles to change a role, and user_Delete of the role to delete', () => {
    const v = viewer({ facilities: [facility(101, 'facilityadmin', { user_EditNursing: true })] });
    expect(canChangeRole(v, nurse, 101, 'DON')).toBe(false);
    expect(canChangeRole(v, nurse, 101, 'Nursing')).toBe(true);
    expect(canDeleteUser(v, nurse, 101)).toBe(false);
  });

  it('resets passwords only with user_Edit and an admin-level viewer, never their own', () => {
    expect(canResetPassword(viewer(), nurse, 101)).toBe(true);
    const notAdmin = viewer({ facilities: [facility(101, 'DON')] });
    expect(canResetPassword(notAdmin, nurse, 101)).toBe(false);
    // The server refuses one's own reset (Settings changes it), so the row must not offer it.
    expect(canResetPassword(viewer(), self, 101)).toBe(false);
    expect(userRowActions(viewer(), self).resetPassword).toBeNull();
  });

  it('limits a pharmacy user to the keys their own pharmacy role grants', () => {
    const pharmacist = viewer({ userType: 'PharmacyUser', facilities: [facility(101, 'Pharmacist')] });
    expect(userRowActions(pharmacist, nurse)).toEqual({
      resetPassword: null,
      editProfile: null,
      deleteUser: null,
      editSettings: false,
      addFacilities: false,
    });
    const sysadmin = {
      ...pharmacist,
      pharmacyPermissions: { sprx: { ...ALL, user_AddPharmacyToUser: true } },
    };
    expect(userRowActions(sysadmin, nurse)).toMatchObject({
      resetPassword: 101,
      deleteUser: 101,
      editSettings: true,
    });
    expect(canAddFacilityToUser(sysadmin, 101)).toBe(true);
  });

  it('offers pickers only facilities where the viewer is admin-level, by name', () => {
    expect(pickerFacilities(viewer()).map((f) => f.facID)).toEqual([101]);
    expect(canEditUserSettings(viewer({ facilities: [facility(101, 'facilityadmin', {})] }), nurse)).toBe(
      false,
    );
  });
});
