/** Role catalogues (spec 1 section 6, spec 2 section 6). `name` is the wire value, `label` what people read. */
export interface RoleOption {
  readonly name: string;
  readonly label: string;
}

export const FACILITY_ROLES = [
  { name: 'Nursing', label: 'Nursing' },
  { name: 'DON', label: 'DON' },
  { name: 'facilityadmin', label: 'Facility Admin' },
  { name: 'BusinessOffice', label: 'Business Office' },
] as const satisfies readonly RoleOption[];

export const PHARMACY_ROLES = [
  { name: 'Administrator', label: 'Administrator' },
  { name: 'Superuser', label: 'Superuser' },
  { name: 'CustomerService', label: 'Customer Service' },
  { name: 'Pharmacist', label: 'Pharmacist' },
  { name: 'Billing', label: 'Billing' },
  { name: 'Admissions', label: 'Admissions' },
  { name: 'SysAdmin', label: 'SysAdmin' },
  { name: 'Manager', label: 'Manager' },
] as const satisfies readonly RoleOption[];

/**
 * What people read for a role's wire name ('facilityadmin' -> 'Facility Admin', 'CustomerService' -> 'Customer
 * Service'); a name outside the catalogues (e.g. 'SuperAdmin') reads as itself.
 */
export function roleLabel(name: string): string {
  const all: readonly RoleOption[] = [...FACILITY_ROLES, ...PHARMACY_ROLES];
  return all.find((role) => role.name === name)?.label ?? name;
}

export type FacilityRole = (typeof FACILITY_ROLES)[number]['name'];
export type PharmacyRole = (typeof PHARMACY_ROLES)[number]['name'];

export const USER_TYPES = ['FacilityUser', 'PharmacyUser', 'SuperAdmin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Facility roles that count as admin-level for pickers and user management (spec 2, section 6). */
export const FACILITY_ADMIN_ROLES: readonly string[] = ['facilityadmin'];
/** Pharmacy roles that manage users in their pharmacies (spec 2, section 6). */
export const PHARMACY_USER_MANAGER_ROLES: readonly string[] = ['SysAdmin', 'Manager'];
