import { FACILITY_ADMIN_PERMISSIONS, type Facility, FacilitySchema } from '@portal/domain';

/** Facility 101 as its facility admin sees it (may set settings), parsed by the domain schema. */
export function settableFacility(overrides: Partial<Facility> = {}): Facility {
  return FacilitySchema.parse({
    facID: 101,
    facName: 'Meadowbrook Care Center',
    pharmID: 'sprx',
    facState: 'NJ',
    userRole: 'facilityadmin',
    permissions: { [FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility]: true },
    facilitySettings: [],
    facilityContacts: [],
    ...overrides,
  });
}
