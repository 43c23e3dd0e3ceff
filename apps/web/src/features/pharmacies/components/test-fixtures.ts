import {
  allPharmacyPermissionKeys,
  ENDPOINTS,
  MessageAnswerSchema,
  PHARMACY_ROLES,
  PharmaciesAnswerSchema,
  type Pharmacy,
  PharmacySchema,
  PharmacyUsersAnswerSchema,
  RolesAnswerSchema,
  toPermissionMap,
  UserPharmaciesAnswerSchema,
} from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { type FakeApi, ok } from '@/test/fake-api.ts';
import { rowMenuName } from '@/test/fixtures.ts';
import type { renderApp } from '@/test/render-app.tsx';

/** A pharmacy where the viewer is SysAdmin with every key, parsed by the domain schema. */
export function pharmacyFixture(overrides: Partial<Pharmacy> = {}): Pharmacy {
  return PharmacySchema.parse({
    pharmID: 'sprx',
    pharmName: 'SpecialtyRx Garden State',
    pharmState: 'NJ',
    userRole: 'SysAdmin',
    facilities: [
      { facID: 101, facName: 'Meadowbrook Care Center', facState: 'NJ', userRole: 'SysAdmin' },
      { facID: 102, facName: 'Meadowbrook East', facState: 'NJ', userRole: 'SysAdmin' },
    ],
    userPermissions: toPermissionMap(allPharmacyPermissionKeys()),
    pharmPermissions: {},
    ...overrides,
  });
}

/** Answers /pharmacies (sprx and upny as SysAdmin), /roles and /getpharmacyusers for the pharmacy pages. */
export function withPharmacyAdmin(api: FakeApi): FakeApi {
  return api
    .on('GET', ENDPOINTS.pharmacies, () =>
      ok(PharmaciesAnswerSchema, {
        pharmacies: [
          pharmacyFixture(),
          pharmacyFixture({
            pharmID: 'upny',
            pharmName: 'Upstate Pharmacy NY',
            facilities: [
              { facID: 201, facName: 'Lakeside Nursing Home', facState: 'NY', userRole: 'SysAdmin' },
            ],
          }),
        ],
      }),
    )
    .on('GET', ENDPOINTS.roles, () =>
      ok(RolesAnswerSchema, { roles: PHARMACY_ROLES.map((r) => ({ ...r, disabled: false })) }),
    )
    .on('GET', ENDPOINTS.pharmacyUsers, () =>
      ok(PharmacyUsersAnswerSchema, {
        users: [
          {
            displayName: 'Sam Sysadmin',
            email: 'sysadmin@pharmacy.test',
            phone: '5551234567',
            userId: 2,
            title: '',
            numberPharmacies: 2,
            pharmRole: [
              { pharid: 'sprx', role: 'SysAdmin' },
              { pharid: 'upny', role: 'SysAdmin' },
            ],
            userType: 'PharmacyUser',
            userRole: 'SysAdmin',
            profileVersion: 'v-sysadmin',
            userSettings: {},
          },
          {
            displayName: 'Pia Pharmacist',
            email: 'pharmacist@pharmacy.test',
            phone: '',
            userId: 3,
            title: '',
            numberPharmacies: 1,
            pharmRole: [{ pharid: 'sprx', role: 'Pharmacist' }],
            userType: 'PharmacyUser',
            userRole: 'Pharmacist',
            profileVersion: 'v-pharmacist',
            userSettings: { allowToSetSettings: true },
          },
        ],
      }),
    );
}

/**
 * Answers a user's pharmacies (Pharmacist at sprx) and adding pharmacies to them. Unless `isOnlyMembership`, the
 * user also holds a role the viewer does not see, so the server lets them be taken off sprx.
 */
export function withUserPharmacies(api: FakeApi, isOnlyMembership = false): FakeApi {
  return api
    .on('GET', ENDPOINTS.userPharmacies, () =>
      ok(UserPharmaciesAnswerSchema, {
        pharmacies: [{ pharmacyId: 'sprx', pharmName: 'SpecialtyRx Garden State', userRole: 'Pharmacist' }],
        isOnlyMembership,
      }),
    )
    .on('POST', ENDPOINTS.addUserPharmacies, () =>
      ok(MessageAnswerSchema, { message: 'User added to pharmacies' }),
    );
}

/** Opens 'View / Edit Pharmacies' from a user's row menu and answers its dialog. */
export async function openPharmaciesOf(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: rowMenuName(name) }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'View / Edit Pharmacies' }));
  return screen.findByRole('dialog', { name: `Pharmacies of ${name}` });
}

/** Opens a user's pharmacies dialog and picks upny as a pending pharmacy (no role yet); answers the dialog. */
export async function withPendingUpny(user: ReturnType<typeof renderApp>['user'], name: string) {
  const dialog = await openPharmaciesOf(user, name);
  await within(dialog).findByLabelText('Role at sprx', { selector: 'input' }, { timeout: 5000 });
  await user.click(within(dialog).getByLabelText('Add pharmacy', { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
  return dialog;
}
