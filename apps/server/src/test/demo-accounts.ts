/** The demo world's accounts (reference/demo-world.md) as the tests sign in with them (password DEMO_PASSWORD, db/seed). */
export const SUPER = 'super@portal.test';
/** SysAdmin at the pharmacies sprx and upny. */
export const SYSADMIN = 'sysadmin@pharmacy.test';
/** Pharmacist at sprx, without messaging credentials. */
export const PHARMACIST = 'pharmacist@pharmacy.test';
/** Billing at upny only. */
export const BILLING = 'billing@pharmacy.test';
/** Facility admin at 101 and 102. */
export const ADMIN = 'admin@meadowbrook.test';
/** Nursing at 101: the everyday user. */
export const NURSE = 'nurse@meadowbrook.test';
/** Nursing at 101, without messaging credentials. */
export const NOCREDS = 'nurse.nocreds@meadowbrook.test';
/** DON at 201, another pharmacy's facility: must never see 101, 102 or 301. */
export const DON = 'don@lakeside.test';
