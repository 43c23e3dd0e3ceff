import { allFacilityPermissionKeys, FACILITY_ROLES, PHARMACY_ROLES } from '@portal/domain';
import { hashPassword } from '../../platform/passwords.ts';
import type { Db } from '../client.ts';
import {
  facilities,
  facilityMemberships,
  facilityPermissions,
  pharmacies,
  pharmacyMemberships,
  roles,
  users,
} from '../schema/index.ts';
import type { SeedOptions } from './index.ts';

/** Every demo account's password (reference/demo-world.md). */
export const DEMO_PASSWORD = 'portal-demo-1';

/** The demo accounts, as printed at start. `{pharmacy}` is the pharmacy email domain. */
export const DEMO_ACCOUNTS = [
  { email: 'super@portal.test', userType: 'SuperAdmin', label: 'super admin, sees everything' },
  { email: 'sysadmin@{pharmacy}', userType: 'PharmacyUser', label: 'pharmacy SysAdmin at sprx and upny' },
  {
    email: 'pharmacist@{pharmacy}',
    userType: 'PharmacyUser',
    label: 'pharmacist at sprx, no messaging credentials',
  },
  { email: 'billing@{pharmacy}', userType: 'PharmacyUser', label: 'billing at upny' },
  { email: 'admin@meadowbrook.test', userType: 'FacilityUser', label: 'facility admin at 101 and 102' },
  { email: 'nurse@meadowbrook.test', userType: 'FacilityUser', label: 'nurse at 101' },
  {
    email: 'nurse.nocreds@meadowbrook.test',
    userType: 'FacilityUser',
    label: 'nurse at 101, no messaging credentials',
  },
  { email: 'don@lakeside.test', userType: 'FacilityUser', label: 'DON at 201 (another pharmacy)' },
] as const;

/** Creates the demo world of reference/demo-world.md inside the given transaction. */
export async function seedDemoWorld(db: Db, options: SeedOptions): Promise<void> {
  const domain = options.pharmacyEmailDomain;
  await db.insert(roles).values([
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
  ]);
  await db.insert(pharmacies).values([
    { pharmId: 'sprx', name: 'SpecialtyRx Garden State', state: 'NJ', formSet: 'SPRX' },
    { pharmId: 'upny', name: 'Upstate Pharmacy NY', state: 'NY', formSet: 'UPNY' },
    { pharmId: 'ohio', name: 'Buckeye Pharmacy Services', state: 'OH', formSet: 'OHIO' },
  ]);
  await db.insert(facilities).values([
    { facId: 101, name: 'Meadowbrook Care Center', pharmId: 'sprx', state: 'NJ' },
    { facId: 102, name: 'Meadowbrook East', pharmId: 'sprx', state: 'NJ' },
    { facId: 201, name: 'Lakeside Nursing Home', pharmId: 'upny', state: 'NY' },
    { facId: 301, name: 'Buckeye Senior Living', pharmId: 'ohio', state: 'OH' },
  ]);
  await db
    .insert(facilityPermissions)
    .values(allFacilityPermissionKeys().map((key) => ({ facId: 101, key })));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = DEMO_ACCOUNTS.map((a) => ({
    email: a.email.replace('{pharmacy}', domain),
    displayName: a.email.split('@')[0] ?? a.email,
    userType: a.userType,
    passwordHash,
  }));
  const created = await db.insert(users).values(people).returning({ id: users.id, email: users.email });
  const idOf = (local: string) => created.find((u) => u.email.startsWith(`${local}@`))?.id ?? 0;
  await db.insert(pharmacyMemberships).values([
    { userId: idOf('sysadmin'), pharmId: 'sprx', role: 'SysAdmin' },
    { userId: idOf('sysadmin'), pharmId: 'upny', role: 'SysAdmin' },
    { userId: idOf('pharmacist'), pharmId: 'sprx', role: 'Pharmacist' },
    { userId: idOf('billing'), pharmId: 'upny', role: 'Billing' },
  ]);
  await db.insert(facilityMemberships).values([
    { userId: idOf('admin'), facId: 101, role: 'facilityadmin' },
    { userId: idOf('admin'), facId: 102, role: 'facilityadmin' },
    { userId: idOf('nurse'), facId: 101, role: 'Nursing' },
    { userId: idOf('nurse.nocreds'), facId: 101, role: 'Nursing' },
    { userId: idOf('don'), facId: 201, role: 'DON' },
  ]);
}
