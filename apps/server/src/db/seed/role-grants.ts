import {
  allActionKeys,
  allFacilityPermissionKeys,
  allPharmacyPermissionKeys,
  askActionKeys,
  FACILITY_ADMIN_PERMISSIONS,
  FACILITY_ROLES,
  PHARMACY_ADMIN_PERMISSIONS,
  PHARMACY_ROLES,
  READ_PERMISSIONS,
} from '@portal/domain';

const READ_MARKING = Object.values(READ_PERMISSIONS);

/**
 * What each role grants. A user's permissions at a facility are the facility's keys that the role grants too, so
 * a role can only narrow what its facility or pharmacy allows. The rule:
 * - facilityadmin: every facility key (actions, read marking, settings, users, files).
 * - DON: what Nursing has, plus the facility's reminder settings (the director of nursing owns follow-up).
 * - Nursing: every action key and read marking: the nurse answers alerts.
 * - BusinessOffice: read marking only: billing staff read alerts but never answer for the clinical team.
 * - SysAdmin, Manager, Administrator: every pharmacy key, including user_Edit{Role}/user_Delete{Role},
 *   user_AddPharmacyToUser and allowToSetSettingsForUsers.
 * - Superuser: every action key and allowToSetSettingsForUsers, but no user management.
 * - Pharmacist, Billing: every action key (they answer alerts, not administer).
 * - CustomerService, Admissions: Discuss (`ask`) only: they talk to facilities but decide nothing.
 */
export const ROLE_GRANTS: Readonly<
  Record<'facility' | 'pharmacy', Readonly<Record<string, readonly string[]>>>
> = {
  facility: {
    facilityadmin: allFacilityPermissionKeys(),
    DON: [...allActionKeys(), ...READ_MARKING, FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility],
    Nursing: [...allActionKeys(), ...READ_MARKING],
    BusinessOffice: READ_MARKING,
  },
  pharmacy: {
    SysAdmin: allPharmacyPermissionKeys(),
    Manager: allPharmacyPermissionKeys(),
    Administrator: allPharmacyPermissionKeys(),
    Superuser: [...allActionKeys(), PHARMACY_ADMIN_PERMISSIONS.setSettingsForUsers],
    Pharmacist: allActionKeys(),
    Billing: allActionKeys(),
    CustomerService: askActionKeys(),
    Admissions: askActionKeys(),
  },
};

/** Rows of the `roles` table: both catalogues, in their domain order. */
export function roleRows() {
  return [
    ...FACILITY_ROLES.map((r, i) => ({
      entity: 'facility' as const,
      name: r.name,
      label: r.label,
      sortOrder: i,
    })),
    ...PHARMACY_ROLES.map((r, i) => ({
      entity: 'pharmacy' as const,
      name: r.name,
      label: r.label,
      sortOrder: i,
    })),
  ];
}

/** Rows of `role_permissions` from ROLE_GRANTS (deduplicated, since some keys appear in two lists). */
export function rolePermissionRows() {
  return (['facility', 'pharmacy'] as const).flatMap((entity) =>
    Object.entries(ROLE_GRANTS[entity]).flatMap(([role, keys]) =>
      [...new Set(keys)].map((key) => ({ entity, role, key })),
    ),
  );
}
