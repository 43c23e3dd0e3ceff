import { defaultUserSettings } from '@portal/domain';
import { hashPassword } from '../../platform/passwords.ts';
import { sealSecret } from '../../platform/secret-box.ts';
import type { Db } from '../client.ts';
import { facilityMemberships, pharmacyMemberships, users } from '../schema/index.ts';

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

/** Who each demo account is: name, phone, title, memberships and whether it has messaging credentials. */
interface AccountProfile {
  readonly displayName: string;
  readonly phone: string;
  readonly title: string;
  readonly hasCredentials: boolean;
  readonly pharmacies?: readonly { pharmId: string; role: string }[];
  readonly facilities?: readonly { facId: number; role: string }[];
}

const PROFILES: Readonly<Record<(typeof DEMO_ACCOUNTS)[number]['email'], AccountProfile>> = {
  'super@portal.test': {
    displayName: 'Nora Whitfield',
    phone: '2015550100',
    title: 'Portal Administrator',
    hasCredentials: true,
  },
  'sysadmin@{pharmacy}': {
    displayName: 'Daniel Brooks',
    phone: '9735550123',
    title: 'Systems Administrator',
    hasCredentials: true,
    pharmacies: [
      { pharmId: 'sprx', role: 'SysAdmin' },
      { pharmId: 'upny', role: 'SysAdmin' },
    ],
  },
  'pharmacist@{pharmacy}': {
    displayName: 'Priya Raman',
    phone: '9735550147',
    title: 'Clinical Pharmacist, PharmD',
    hasCredentials: false,
    pharmacies: [{ pharmId: 'sprx', role: 'Pharmacist' }],
  },
  'billing@{pharmacy}': {
    displayName: "Kevin O'Donnell",
    phone: '5185550162',
    title: 'Billing Specialist',
    hasCredentials: true,
    pharmacies: [{ pharmId: 'upny', role: 'Billing' }],
  },
  'admin@meadowbrook.test': {
    displayName: 'Robert Kim',
    phone: '9735550181',
    title: 'Administrator',
    hasCredentials: true,
    facilities: [
      { facId: 101, role: 'facilityadmin' },
      { facId: 102, role: 'facilityadmin' },
    ],
  },
  'nurse@meadowbrook.test': {
    displayName: 'Maria Alvarez',
    phone: '9735550194',
    title: 'Charge Nurse, RN',
    hasCredentials: true,
    facilities: [{ facId: 101, role: 'Nursing' }],
  },
  'nurse.nocreds@meadowbrook.test': {
    displayName: 'Jamal Washington',
    phone: '9735550176',
    title: 'Staff Nurse, LPN',
    hasCredentials: false,
    facilities: [{ facId: 101, role: 'Nursing' }],
  },
  'don@lakeside.test': {
    displayName: 'Linda Okafor',
    phone: '5185550139',
    title: 'Director of Nursing',
    hasCredentials: true,
    facilities: [{ facId: 201, role: 'DON' }],
  },
};

/** A seeded account as the rest of the seed refers to it (discussion entries carry its id and name). */
export interface SeededUser {
  readonly id: number;
  readonly displayName: string;
}

/** Demo users by the local part of their email (e.g. `nurse`, `don`). */
export type DemoUsers = Readonly<Record<string, SeededUser>>;

/**
 * Creates the demo accounts and their memberships. The password is hashed once and reused: argon2id is slow on
 * purpose, and eight hashes would add seconds to every test file's start.
 */
export async function seedAccounts(db: Db, domain: string, secretKey: Uint8Array): Promise<DemoUsers> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = DEMO_ACCOUNTS.map((account) => {
    const profile = PROFILES[account.email];
    const local = account.email.split('@')[0] ?? account.email;
    return {
      email: account.email.replace('{pharmacy}', domain),
      displayName: profile.displayName,
      phone: profile.phone,
      title: profile.title,
      userType: account.userType,
      passwordHash,
      settings: defaultUserSettings(),
      mediprocityUser: profile.hasCredentials ? `${local.replace('.', '_')}_srxnow` : null,
      mediprocitySecret: profile.hasCredentials
        ? sealSecret(
            secretKey,
            JSON.stringify({ password: `demo-${local}-pass`, encryptionKey: `demo-${local}-key` }),
          )
        : null,
    };
  });
  const created = await db.insert(users).values(rows).returning({ id: users.id, email: users.email });
  const byLocal: Record<string, SeededUser> = {};
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const row = created.find((c) => c.email === rows[i]?.email);
    if (!row) throw new Error(`demo user ${account.email} was not created`);
    byLocal[account.email.split('@')[0] ?? ''] = {
      id: row.id,
      displayName: PROFILES[account.email].displayName,
    };
  }
  const userId = (email: string) => byLocal[email.split('@')[0] ?? '']?.id ?? 0;
  const pharmacyRows = DEMO_ACCOUNTS.flatMap((a) =>
    (PROFILES[a.email].pharmacies ?? []).map((m) => ({ userId: userId(a.email), ...m })),
  );
  const facilityRows = DEMO_ACCOUNTS.flatMap((a) =>
    (PROFILES[a.email].facilities ?? []).map((m) => ({ userId: userId(a.email), ...m })),
  );
  await db.insert(pharmacyMemberships).values(pharmacyRows);
  await db.insert(facilityMemberships).values(facilityRows);
  return byLocal;
}
