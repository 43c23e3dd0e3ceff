import {
  allActionKeys,
  allFacilityPermissionKeys,
  allPharmacyPermissionKeys,
  askActionKeys,
  FACILITY_ADMIN_PERMISSIONS,
  READ_PERMISSIONS,
} from '@portal/domain';
import type { Db } from '../client.ts';
import {
  facilities,
  facilityPermissions,
  pharmacies,
  pharmacyPermissions,
  rolePermissions,
  roles,
} from '../schema/index.ts';
import { rolePermissionRows, roleRows } from './role-grants.ts';

/** The six pharmacies of reference/demo-world.md. */
export const DEMO_PHARMACIES = [
  // biome-ignore format: one pharmacy per line reads as the table in demo-world.md
  { pharmId: 'sprx', name: 'SpecialtyRx Garden State', state: 'NJ', formSet: 'SPRX', street1: '410 Route 10 West', city: 'Whippany', zip: '07981', phone: '9735550142' },
  // biome-ignore format: as above
  { pharmId: 'upny', name: 'Upstate Pharmacy NY', state: 'NY', formSet: 'UPNY', street1: '77 Wolf Road', city: 'Albany', zip: '12205', phone: '5185550187' },
  // biome-ignore format: as above
  { pharmId: 'ohio', name: 'Buckeye Pharmacy Services', state: 'OH', formSet: 'OHIO', street1: '2150 Tremont Center', city: 'Columbus', zip: '43221', phone: '6145550119' },
  // biome-ignore format: as above
  { pharmId: 'parx', name: 'Keystone Long-Term Care Pharmacy', state: 'PA', formSet: 'PARX', street1: '901 Market Street', city: 'Harrisburg', zip: '17101', phone: '7175550163' },
  // biome-ignore format: as above
  { pharmId: 'fll', name: 'Sunshine Institutional Pharmacy', state: 'FL', formSet: 'FLL', street1: '3300 Bayshore Boulevard', city: 'Tampa', zip: '33629', phone: '8135550178' },
  // biome-ignore format: as above
  { pharmId: 'alrx', name: 'Magnolia Pharmacy of Alabama', state: 'AL', formSet: 'ALRX', street1: '1200 Dauphin Street', city: 'Mobile', zip: '36604', phone: '2515550131' },
] as const;

/** The four facilities of reference/demo-world.md. */
export const DEMO_FACILITIES = [
  // biome-ignore format: one facility per line reads as the table in demo-world.md
  { facId: 101, name: 'Meadowbrook Care Center', pharmId: 'sprx', state: 'NJ', street1: '25 Meadowbrook Lane', city: 'Morristown', zip: '07960' },
  // biome-ignore format: as above
  { facId: 102, name: 'Meadowbrook East', pharmId: 'sprx', state: 'NJ', street1: '180 East Hanover Avenue', city: 'Cedar Knolls', zip: '07927' },
  // biome-ignore format: as above
  { facId: 201, name: 'Lakeside Nursing Home', pharmId: 'upny', state: 'NY', street1: '14 Lakeshore Drive', city: 'Saratoga Springs', zip: '12866' },
  // biome-ignore format: as above
  { facId: 301, name: 'Buckeye Senior Living', pharmId: 'ohio', state: 'OH', street1: '5600 Olentangy River Road', city: 'Worthington', zip: '43085' },
] as const;

/**
 * What each demo facility allows (demo-world.md): 101 everything; 102 manual read marking only and Discuss only,
 * without facility settings; 201 everything but editing the States file tree (another pharmacy's own rule);
 * 301 actions, both read markings and facility settings, no user or file administration.
 */
export const DEMO_FACILITY_PERMISSIONS: Readonly<Record<number, readonly string[]>> = {
  101: allFacilityPermissionKeys(),
  102: [
    READ_PERMISSIONS.readManually,
    READ_PERMISSIONS.unreadManually,
    ...askActionKeys(),
    FACILITY_ADMIN_PERMISSIONS.setSettingsForUsers,
  ],
  201: allFacilityPermissionKeys().filter((k) => k !== FACILITY_ADMIN_PERMISSIONS.filesStateEdit),
  301: [
    ...allActionKeys(),
    ...Object.values(READ_PERMISSIONS),
    FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility,
  ],
};

/** The permissions a generated (scale) facility gets: the same full set as 101. */
export function scaleFacilityPermissionKeys(): string[] {
  return allFacilityPermissionKeys();
}

/** Roles, role grants, pharmacies with their pharmPermissions, facilities with theirs. */
export async function seedOrganisations(db: Db): Promise<void> {
  await db.insert(roles).values(roleRows());
  await db.insert(rolePermissions).values(rolePermissionRows());
  await db.insert(pharmacies).values([...DEMO_PHARMACIES]);
  // Every pharmacy allows every action and admin key: restrictions in the demo live on facilities and roles.
  const pharmKeys = allPharmacyPermissionKeys();
  await db
    .insert(pharmacyPermissions)
    .values(DEMO_PHARMACIES.flatMap((p) => pharmKeys.map((key) => ({ pharmId: p.pharmId, key }))));
  await db.insert(facilities).values([...DEMO_FACILITIES]);
  await db
    .insert(facilityPermissions)
    .values(
      DEMO_FACILITIES.flatMap((f) =>
        (DEMO_FACILITY_PERMISSIONS[f.facId] ?? []).map((key) => ({ facId: f.facId, key })),
      ),
    );
}
