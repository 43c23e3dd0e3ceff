import {
  allActionKeys,
  ENDPOINTS,
  FACILITY_ADMIN_PERMISSIONS,
  type Facility,
  FacilitySchema,
  PharmaciesAnswerSchema,
  toPermissionMap,
} from '@portal/domain';
import { pharmacyFixture } from './alert-fixtures.ts';
import { type FakeApi, ok } from './fake-api.ts';

/**
 * Facility 101 as its facility admin sees it (may set settings and, as in the demo world, give every answer),
 * parsed by the domain schema.
 */
export function settableFacility(overrides: Partial<Facility> = {}): Facility {
  return FacilitySchema.parse({
    facID: 101,
    facName: 'Meadowbrook Care Center',
    pharmID: 'sprx',
    facState: 'NJ',
    userRole: 'facilityadmin',
    permissions: toPermissionMap([FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility, ...allActionKeys()]),
    facilitySettings: [],
    facilitySettingsVersions: { highCost: 'highCost-1', highCostAlerts: 'highCostAlerts-1' },
    facilityContacts: [],
    ...overrides,
  });
}

/** Answers `GET /pharmacies` with the facilities' sprx pharmacy (every action key) and the viewer's own keys. */
export function withSettingsPharmacy(api: FakeApi, userPermissions: readonly string[] = []): FakeApi {
  return api.on('GET', ENDPOINTS.pharmacies, () =>
    ok(PharmaciesAnswerSchema, { pharmacies: [pharmacyFixture(userPermissions)] }),
  );
}
