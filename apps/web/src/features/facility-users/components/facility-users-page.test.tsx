import {
  type AdminUser,
  AdminUserSchema,
  defaultUserSettings,
  EditUserInfoAnswerSchema,
  ENDPOINTS,
  FacilitiesAnswerSchema,
  MessageAnswerSchema,
  PharmaciesAnswerSchema,
  USER_ADMIN_MESSAGES,
  USER_MESSAGES,
  UserFacilitiesAnswerSchema,
  UsersAnswerSchema,
  userRoleKeys,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pharmacyFixture } from '@/test/alert-fixtures.ts';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist, rowMenuName } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const ADMIN_KEYS = Object.fromEntries(
  [
    ...userRoleKeys(['Nursing', 'DON', 'facilityadmin', 'BusinessOffice']),
    'user_AddFacilityToUser',
    'allowToSetSettingsForUsers',
  ].map((k) => [k, true]),
);
const admin = nurse({
  userId: 10,
  email: 'admin@meadowbrook.test',
  displayName: 'Alex Admin',
  userRole: 'facilityadmin',
  entityTypeAndRole: [{ facid: 101, userRole: 'facilityadmin' }],
});
const person = (over: Partial<AdminUser>): AdminUser =>
  AdminUserSchema.parse({
    id: 1,
    userId: 1,
    email: 'nurse@meadowbrook.test',
    displayName: 'Maria Alvarez',
    phone: '5551234567',
    title: '',
    userType: 'FacilityUser',
    userRole: 'Nursing',
    numberFacilities: 1,
    entityTypeAndRole: [{ facid: 101, userRole: 'Nursing' }],
    requestorIsAdmin: true,
    profileVersion: 'v-1',
    userSettings: defaultUserSettings(),
    ...over,
  });
const USERS = [
  person({}),
  person({
    id: 10,
    userId: 10,
    email: 'admin@meadowbrook.test',
    displayName: 'Alex Admin',
    userRole: 'facilityadmin',
    entityTypeAndRole: [{ facid: 101, userRole: 'facilityadmin' }],
  }),
  person({ id: 3, userId: 3, email: 'zed@meadowbrook.test', displayName: 'Zed Young', phone: '' }),
];

function install(permissions: Record<string, boolean> = ADMIN_KEYS, users = USERS) {
  return new FakeApi()
    .signedIn('tok', admin)
    .on('GET', ENDPOINTS.facilities, () =>
      ok(FacilitiesAnswerSchema, { facilities: [settableFacility({ permissions })] }),
    )
    .on('GET', ENDPOINTS.getUsers, () => ok(UsersAnswerSchema, { users }))
    .install();
}
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent?.trim());

/** Zed Young's facilities dialog, with 101 and 102 to add him to, as the facility admin. */
async function openZedsFacilities() {
  const api = install()
    .on('GET', ENDPOINTS.userFacilities, () =>
      ok(UserFacilitiesAnswerSchema, { facilities: [], isOnlyMembership: false }),
    )
    .on('GET', ENDPOINTS.facilities, () =>
      ok(FacilitiesAnswerSchema, {
        facilities: [
          settableFacility({ permissions: ADMIN_KEYS }),
          settableFacility({ facID: 102, facName: 'Meadowbrook East', permissions: ADMIN_KEYS }),
        ],
      }),
    )
    .on('POST', ENDPOINTS.addUserFacilities, () =>
      ok(MessageAnswerSchema, { message: 'Facilities added to user' }),
    );
  const { user } = renderApp('/facility-users', { token: 'tok' });
  await user.click(await screen.findByRole('button', { name: rowMenuName('Zed Young') }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'View / Edit Facilities' }));
  const dialog = await screen.findByRole('dialog');
  return { api, user, dialog };
}

/**
 * Zed Young's facilities dialog, Nursing at Meadowbrook Care Center, as a viewer with these keys there. Unless
 * `isOnlyMembership`, he also holds a facility the viewer does not see, so the server lets him be taken off this one.
 */
async function openZedAtMeadowbrook(keys: Record<string, boolean> = ADMIN_KEYS, isOnlyMembership = false) {
  const api = install(keys)
    .on('GET', ENDPOINTS.userFacilities, () =>
      ok(UserFacilitiesAnswerSchema, {
        facilities: [
          {
            facID: 101,
            facName: 'Meadowbrook Care Center',
            pharmID: 'sprx',
            facState: 'NJ',
            userRole: 'Nursing',
          },
        ],
        isOnlyMembership,
      }),
    )
    .on('POST', ENDPOINTS.removeFacility, () =>
      ok(MessageAnswerSchema, { message: 'Zed Young removed from Meadowbrook Care Center' }),
    );
  const { user } = renderApp('/facility-users', { token: 'tok' });
  await user.click(await screen.findByRole('button', { name: rowMenuName('Zed Young') }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'View / Edit Facilities' }));
  const dialog = await screen.findByRole('dialog', { name: 'Facilities of Zed Young' });
  return { api, user, dialog };
}

describe('FacilityUsersPage', () => {
  it('keeps Add Facility User reachable when it is off, and says why beside it', async () => {
    // A nurse, who holds no facility where she may add users.
    new FakeApi()
      .signedIn('tok', nurse())
      .on('GET', ENDPOINTS.facilities, () =>
        ok(FacilitiesAnswerSchema, {
          facilities: [settableFacility({ userRole: 'Nursing', permissions: {} })],
        }),
      )
      .on('GET', ENDPOINTS.getUsers, () => ok(UsersAnswerSchema, { users: USERS }))
      .install();
    renderApp('/facility-users', { token: 'tok' });
    await screen.findByRole('row', { name: /Zed Young/ }, { timeout: 5000 });
    // A disabled button can neither be reached by Tab nor say why; billing@ met it with no word of the reason.
    const add = screen.getByRole('button', { name: 'Add Facility User' });
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    expect(add).not.toBeDisabled();
    expect(add).toHaveAccessibleDescription(USER_ADMIN_MESSAGES.mayNotAdd);
  });

  it('sorts by name, flips, searches by name or email, and badges the viewer as Self', async () => {
    install();
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await screen.findByText('Zed Young', {}, { timeout: 5000 });
    expect(names()).toEqual(['Alex Admin Self', 'Maria Alvarez', 'Zed Young']);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual(['Zed Young', 'Maria Alvarez', 'Alex Admin Self']);
    await user.type(screen.getByLabelText('Search users'), 'zed@');
    expect(names()).toEqual(['Zed Young']);
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'nobody');
    expect(screen.getByText('No Users')).toBeInTheDocument();
  });

  it('heads the row-menu column Actions for everyone, as Pharmacy Users does', async () => {
    install();
    renderApp('/facility-users', { token: 'tok' });
    await screen.findByText('Zed Young', {}, { timeout: 5000 });
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    // The word is the header's own text, not one kept for screen readers and hidden from sight.
    expect(within(header).getByText('Actions')).toBe(header);
  });

  it('names each row menu by the user and their email, so two users of one name are told apart', async () => {
    const twin = person({ id: 4, userId: 4, email: 'zed.two@meadowbrook.test', displayName: 'Zed Young' });
    install(ADMIN_KEYS, [...USERS, twin]);
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await screen.findAllByText('Zed Young', {}, { timeout: 5000 });
    const menus = screen.getAllByRole('button', { name: /^Actions for Zed Young/ });
    expect(menus.map((menu) => menu.getAttribute('aria-label')).sort()).toEqual([
      'Actions for Zed Young (zed.two@meadowbrook.test)',
      'Actions for Zed Young (zed@meadowbrook.test)',
    ]);
    await user.click(
      screen.getByRole('button', { name: 'Actions for Zed Young (zed.two@meadowbrook.test)' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Name and Phone' }));
    expect(
      await screen.findByRole('dialog', { name: 'Edit Profile: zed.two@meadowbrook.test' }),
    ).toBeInTheDocument();
  });

  it('says why Add Facility User is unavailable to a viewer who may add users at none of their facilities', async () => {
    new FakeApi()
      .signedIn('tok', nurse({ userRole: 'DON', entityTypeAndRole: [{ facid: 101, userRole: 'DON' }] }))
      .on('GET', ENDPOINTS.facilities, () =>
        ok(FacilitiesAnswerSchema, {
          facilities: [settableFacility({ permissions: {}, userRole: 'DON' })],
        }),
      )
      .on('GET', ENDPOINTS.getUsers, () => ok(UsersAnswerSchema, { users: USERS }))
      .install();
    renderApp('/facility-users', { token: 'tok' });
    const add = await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 });
    expect(await screen.findByText(USER_ADMIN_MESSAGES.mayNotAdd, {}, { timeout: 5000 })).toBeVisible();
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(USER_ADMIN_MESSAGES.mayNotAdd);
  });

  it('shows no such reason to a viewer who may add users', async () => {
    install();
    renderApp('/facility-users', { token: 'tok' });
    const add = await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 });
    await waitFor(() => expect(add).toBeEnabled());
    expect(screen.queryByText(USER_ADMIN_MESSAGES.mayNotAdd)).not.toBeInTheDocument();
  });

  it('gates the row menu by the facility’s keys and never lets the viewer delete themselves', async () => {
    install({ user_EditNursing: true });
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Edit Name and Phone' })).toBeEnabled();
    expect(screen.getByRole('menuitem', { name: 'Reset Password' })).toBeEnabled();
    expect(screen.getByRole('menuitem', { name: 'Delete User' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: rowMenuName('Alex Admin') }));
    expect(await screen.findByRole('menuitem', { name: 'Delete User' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Edit Name and Phone' })).toBeDisabled();
  });

  it('checks the profile form with the spec messages, then saves and says so', async () => {
    const api = install().on('POST', ENDPOINTS.editUserInfo, () =>
      ok(EditUserInfoAnswerSchema, { message: 'Profile updated successfully', userInfo: nurse() }),
    );
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Name and Phone' }));
    // The menu item is 'Edit Name and Phone'; the dialog it opens is spec 2's Edit Profile, as on the pharmacy side.
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile: nurse@meadowbrook.test' });
    // The phone field keeps the portal's mask, as the create forms do, from the start and as digits are typed.
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    await user.clear(within(dialog).getByLabelText('Display name'));
    await user.type(within(dialog).getByLabelText('Display name'), 'Mar');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '555-12');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('(555) 12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Name must include a minimum of 4 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number must have 10 digits')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Display name'));
    await user.type(within(dialog).getByLabelText('Display name'), 'Maria A.');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '(555) 222-3333');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      displayName: 'Maria A.',
      phone: '5552223333',
      email: 'nurse@meadowbrook.test',
      entityId: 101,
      profileVersion: 'v-1',
    });
  });

  it('keeps what was typed when someone saved the profile meanwhile (409), and offers their values', async () => {
    // The server as a colleague left it: the phone changed since this list was read, and with it the version.
    let saved = person({});
    let answer = fail(409, USER_MESSAGES.profileChangedSince, 'CONFLICT');
    const api = install()
      .on('GET', ENDPOINTS.getUsers, () => ok(UsersAnswerSchema, { users: [saved, ...USERS.slice(1)] }))
      .on('POST', ENDPOINTS.editUserInfo, () => answer);
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Name and Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile: nurse@meadowbrook.test' });
    saved = person({ phone: '5559990000', profileVersion: 'v-2' });
    await user.clear(within(dialog).getByLabelText('Display name'));
    await user.type(within(dialog).getByLabelText('Display name'), 'Maria Typed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(USER_MESSAGES.profileChangedSince);
    const reload = within(dialog).getByRole('button', { name: 'Reload current values' });
    await waitFor(() => expect(reload).toHaveFocus());
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Display name')).toHaveValue('Maria Typed');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toMatchObject({ profileVersion: 'v-1' });

    await user.click(reload);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Display name')).toHaveValue('Maria Alvarez');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('(555) 999-0000');
    expect(within(dialog).getByLabelText('Display name')).toHaveFocus();

    // Saved on the reloaded values, the form sends their version, and the next dialog carries the one saved.
    answer = ok(EditUserInfoAnswerSchema, { message: 'Profile updated successfully', userInfo: nurse() });
    await user.clear(within(dialog).getByLabelText('Display name'));
    await user.type(within(dialog).getByLabelText('Display name'), 'Maria Typed');
    saved = person({ displayName: 'Maria Typed', phone: '5559990000', profileVersion: 'v-3' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[1]?.body).toEqual({
      displayName: 'Maria Typed',
      phone: '5559990000',
      email: 'nurse@meadowbrook.test',
      entityId: 101,
      profileVersion: 'v-2',
    });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Typed') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Name and Phone' }));
    const next = await screen.findByRole('dialog', { name: 'Edit Profile: nurse@meadowbrook.test' });
    await user.click(within(next).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', ENDPOINTS.editUserInfo)).toHaveLength(3));
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[2]?.body).toMatchObject({ profileVersion: 'v-3' });
  });

  it('puts the server’s field message under the profile input it names and keeps the dialog open', async () => {
    install().on('POST', ENDPOINTS.editUserInfo, () =>
      fail(400, 'The request is not valid.', 'BAD_REQUEST', { phone: 'This phone number is not accepted' }),
    );
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Name and Phone' }));
    const dialog = await screen.findByRole('dialog');
    // It opens in its first field, not on its Close button.
    await waitFor(() => expect(within(dialog).getByLabelText('Display name')).toHaveFocus());
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '555-222-3333');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This phone number is not accepted')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBe(dialog);
    // And the cursor is taken to the field the server refused.
    await waitFor(() => expect(within(dialog).getByLabelText('Phone')).toHaveFocus());
  });

  it('puts the cursor in the first field left wrong on submit, the Facility and Role dropdowns included', async () => {
    install();
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Facility/, { selector: 'input' })).toHaveFocus(),
    );
    // The cursor is there, but the list stays shut: open, it covered the message and the Role field below.
    expect(screen.queryByRole('option', { name: 'Meadowbrook Care Center (101)' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Please select a facility')).toBeVisible();
    await user.click(within(dialog).getByLabelText(/^Facility/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook Care Center (101)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Role/, { selector: 'input' })).toHaveFocus());
  });

  it('clears a role the newly chosen facility does not offer (a pharmacy user with other keys there)', async () => {
    new FakeApi()
      .signedIn('tok', pharmacist())
      .on('GET', ENDPOINTS.facilities, () =>
        ok(FacilitiesAnswerSchema, {
          facilities: [
            settableFacility({ userRole: 'SysAdmin' }),
            settableFacility({
              facID: 201,
              facName: 'Lakeside Manor',
              pharmID: 'upny',
              userRole: 'SysAdmin',
            }),
          ],
        }),
      )
      .on('GET', ENDPOINTS.pharmacies, () =>
        ok(PharmaciesAnswerSchema, {
          pharmacies: [
            pharmacyFixture(userRoleKeys(['Nursing', 'DON']), 'SysAdmin'),
            { ...pharmacyFixture(userRoleKeys(['DON']), 'SysAdmin'), pharmID: 'upny', pharmName: 'Upstate' },
          ],
        }),
      )
      .on('GET', ENDPOINTS.getUsers, () => ok(UsersAnswerSchema, { users: USERS }))
      .install();
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility User' });
    const pick = async (label: RegExp, option: string) => {
      await user.click(within(dialog).getByLabelText(label, { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    const role = () => within(dialog).getByLabelText(/^Role/, { selector: 'input' });
    await pick(/^Facility/, 'Meadowbrook Care Center (101)');
    await pick(/^Role/, 'Nursing');
    await pick(/^Facility/, 'Lakeside Manor (201)');
    await waitFor(() => expect(role()).toHaveValue(''));
    await pick(/^Role/, 'DON');
    await pick(/^Facility/, 'Meadowbrook Care Center (101)');
    expect(role()).toHaveValue('DON');
  });

  it('opens Create Facility User with the cursor in its first field, Facility', async () => {
    install();
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility User' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Facility/, { selector: 'input' })).toHaveFocus(),
    );
  });

  it('takes the cursor to the email the server refused as taken, keeping the rest of what was typed', async () => {
    install().on('POST', ENDPOINTS.createUser, () =>
      fail(409, 'A user with this email already exists', 'CONFLICT', {
        email: 'A user with this email already exists',
      }),
    );
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility User' });
    await user.click(within(dialog).getByLabelText(/^Facility/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook Care Center (101)' }));
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nursing' }));
    await user.type(within(dialog).getByLabelText(/^Display name/), 'Casey Taken');
    await user.type(within(dialog).getByLabelText(/^Email/), 'nurse@meadowbrook.test');
    await user.type(within(dialog).getByLabelText(/^Title/), 'LPN');
    await user.type(within(dialog).getByLabelText(/^Password/), 'first-pass-1');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'first-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create and Add Another' }));
    const email = within(dialog).getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('A user with this email already exists');
    // Said once, under the field: not again in a toast over the dialog's buttons.
    expect(screen.getAllByText(/already exists/)).toHaveLength(1);
    expect(within(dialog).getByLabelText(/^Display name/)).toHaveValue('Casey Taken');
  });

  it('creates one user after another with Create and Add Another, keeping facility, role and title', async () => {
    const api = install().on('POST', ENDPOINTS.createUser, () =>
      ok(MessageAnswerSchema, { message: 'created' }),
    );
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Facility User' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility User' });
    // The minimum is said before an administrator types a password that would be refused.
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription('At least 8 characters');
    await user.click(within(dialog).getByLabelText(/^Facility/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook Care Center (101)' }));
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nursing' }));
    const fillPerson = async (name: string, email: string) => {
      await user.type(within(dialog).getByLabelText(/^Display name/), name);
      await user.type(within(dialog).getByLabelText(/^Email/), email);
      await user.type(within(dialog).getByLabelText(/^Password/), 'first-pass-1');
      await user.type(within(dialog).getByLabelText(/^Confirm password/), 'first-pass-1');
    };
    await user.type(within(dialog).getByLabelText(/^Title/), 'LPN');
    await fillPerson('Casey One', 'casey.one@meadowbrook.test');
    // The spec's mask, (xxx) xxx-xxxx, as the digits are typed; the call carries the digits.
    await user.type(within(dialog).getByLabelText(/^Phone/), '973555');
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('(973) 555');
    await user.type(within(dialog).getByLabelText(/^Phone/), '01017');
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('(973) 555-0101');
    await user.click(within(dialog).getByRole('button', { name: 'Create and Add Another' }));

    // Said in the dialog, naming who was created; a toast at the bottom right sat over the dialog's buttons.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Facility user successfully created: Casey One (casey.one@meadowbrook.test)',
    );
    expect(screen.queryByText('Facility user successfully created')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Facility User' })).toBe(dialog);
    await waitFor(() => expect(within(dialog).getByLabelText(/^Display name/)).toHaveFocus());
    expect(within(dialog).getByLabelText(/^Display name/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Facility/, { selector: 'input' })).toHaveValue(
      'Meadowbrook Care Center (101)',
    );
    expect(within(dialog).getByLabelText(/^Role/, { selector: 'input' })).toHaveValue('Nursing');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('LPN');

    await fillPerson('Casey Two', 'casey.two@meadowbrook.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog closed, so the last one is said in a toast, where it covers nothing.
    expect(await screen.findByText('Facility user successfully created')).toBeInTheDocument();
    const bodies = api.callsTo('POST', ENDPOINTS.createUser).map((call) => call.body);
    expect(bodies).toEqual([
      expect.objectContaining({
        displayName: 'Casey One',
        email: 'casey.one@meadowbrook.test',
        phone: '9735550101',
        faciID: 101,
        userRole: 'Nursing',
        Title: 'LPN',
      }),
      expect.objectContaining({
        displayName: 'Casey Two',
        email: 'casey.two@meadowbrook.test',
        faciID: 101,
        userRole: 'Nursing',
        Title: 'LPN',
      }),
    ]);
  });

  it('deletes a user after confirmation and shows the server’s refusal as the spec words it', async () => {
    let refuse = true;
    install().on('POST', ENDPOINTS.deleteUser, () =>
      refuse ? fail(403, 'Not allowed here', 'FORBIDDEN') : ok(MessageAnswerSchema, { message: 'ok' }),
    );
    const { user } = renderApp('/facility-users', { token: 'tok' });
    const open = async () => {
      await user.click(
        await screen.findByRole('button', { name: rowMenuName('Zed Young') }, { timeout: 5000 }),
      );
      await user.click(await screen.findByRole('menuitem', { name: 'Delete User' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete User' }),
      );
    };
    await open();
    expect(await screen.findByText('Error deleting user: Not allowed here')).toBeInTheDocument();
    refuse = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('Zed Young deleted successfully')).toBeInTheDocument();
  });

  it('after a deletion, gives focus to the next row’s Actions button, not to the page’s body', async () => {
    const users = [...USERS];
    install(ADMIN_KEYS, users).on('POST', ENDPOINTS.deleteUser, () => {
      users.splice(
        users.findIndex((u) => u.displayName === 'Maria Alvarez'),
        1,
      );
      return ok(MessageAnswerSchema, { message: 'ok' });
    });
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete User' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Maria Alvarez/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: rowMenuName('Zed Young') })).toHaveFocus());
  });

  it('keeps pending facilities until each has a role, and asks before leaving them unsaved', async () => {
    const { api, user, dialog } = await openZedsFacilities();
    await user.click(within(dialog).getByPlaceholderText('Choose a facility'));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook East (102)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A role must be assigned to all users')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.addUserFacilities)).toHaveLength(0);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    const question = await screen.findByRole('dialog', { name: 'Unsaved facilities' });
    expect(
      within(question).getByText('There are unsaved pending facilities. Leave page without saving?'),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unsaved facilities' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Facilities of Zed Young' })).toBeInTheDocument();
    await user.click(within(dialog).getAllByLabelText('Role at Meadowbrook East')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'DON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', ENDPOINTS.addUserFacilities)[0]?.body).toEqual({
        email: 'zed@meadowbrook.test',
        entities: [{ entityID: 102, userRole: 'DON' }],
      }),
    );
  });

  it('takes back the missing-role message once the role-less pending facility is discarded', async () => {
    const { user, dialog } = await openZedsFacilities();
    await user.click(within(dialog).getByPlaceholderText('Choose a facility'));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook East (102)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A role must be assigned to all users')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove pending Meadowbrook East' }));
    // Nothing is pending any more, so nothing lacks a role: the message no longer holds.
    expect(within(dialog).queryByText('A role must be assigned to all users')).not.toBeInTheDocument();
  });

  it('asks in the app’s own dialog before taking a user off a facility, and removes on Remove', async () => {
    const { api, user, dialog } = await openZedAtMeadowbrook();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Remove from Meadowbrook Care Center' }),
    );
    const question = await screen.findByRole('dialog', { name: 'Remove facility' });
    expect(within(question).getByText('Remove Zed Young from Meadowbrook Care Center?')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.removeFacility)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Zed Young removed from Meadowbrook Care Center')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.removeFacility)[0]?.body).toEqual({
      email: 'zed@meadowbrook.test',
      facID: 101,
    });
  });

  it('disables Remove on a user’s only facility and says why, to keyboard and screen-reader users too', async () => {
    const { api, user, dialog } = await openZedAtMeadowbrook(ADMIN_KEYS, true);
    const remove = await within(dialog).findByRole('button', { name: 'Remove from Meadowbrook Care Center' });
    const why = 'Zed Young has no other facility. Delete the user instead.';
    expect(within(dialog).getByText(why)).toBeVisible();
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(why);
    remove.focus();
    expect(remove).toHaveFocus();
    await user.click(remove);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Remove facility' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.removeFacility)).toHaveLength(0);
  });

  it('offers in a held facility’s role picker only the roles the viewer may give (user_Edit of the new role)', async () => {
    const { user, dialog } = await openZedAtMeadowbrook({ ...ADMIN_KEYS, user_EditDON: false });
    await user.click(
      await within(dialog).findByLabelText('Role at Meadowbrook Care Center', { selector: 'input' }),
    );
    expect(await screen.findByRole('option', { name: 'DON' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Business Office' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('option', { name: 'Nursing' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers in a pending facility’s role picker only the roles the viewer may give there', async () => {
    // A pharmacy SysAdmin whose role may add users to facilities but not edit facility admins.
    const keys = [...userRoleKeys(['Nursing', 'DON', 'BusinessOffice']), 'user_AddPharmacyToUser'];
    new FakeApi()
      .signedIn('tok', pharmacist())
      .on('GET', ENDPOINTS.facilities, () =>
        ok(FacilitiesAnswerSchema, {
          facilities: [settableFacility({ userRole: 'SysAdmin', permissions: ADMIN_KEYS })],
        }),
      )
      .on('GET', ENDPOINTS.pharmacies, () =>
        ok(PharmaciesAnswerSchema, { pharmacies: [pharmacyFixture(keys, 'SysAdmin')] }),
      )
      .on('GET', ENDPOINTS.getUsers, () => ok(UsersAnswerSchema, { users: USERS }))
      .on('GET', ENDPOINTS.userFacilities, () =>
        ok(UserFacilitiesAnswerSchema, { facilities: [], isOnlyMembership: false }),
      )
      .install();
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Zed Young') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'View / Edit Facilities' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facilities of Zed Young' });
    await user.click(within(dialog).getByPlaceholderText('Choose a facility'));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook Care Center (101)' }));
    await user.click(within(dialog).getByLabelText('Role at Meadowbrook Care Center', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Facility Admin' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Nursing' })).not.toHaveAttribute('aria-disabled');
  });

  it('lets the viewer change or remove a facility added in the same dialog, by the role the dialog saved', async () => {
    // The list's row (Nursing at 101) is what the dialog opened with; the dialog's own answer is what holds now.
    let held: { facID: number; facName: string; pharmID: string; facState: string; userRole: string }[] = [];
    const { user, dialog } = await openZedsFacilities();
    install()
      .on('GET', ENDPOINTS.userFacilities, () =>
        ok(UserFacilitiesAnswerSchema, { facilities: held, isOnlyMembership: false }),
      )
      .on('GET', ENDPOINTS.facilities, () =>
        ok(FacilitiesAnswerSchema, {
          facilities: [
            settableFacility({ permissions: ADMIN_KEYS }),
            settableFacility({ facID: 102, facName: 'Meadowbrook East', permissions: ADMIN_KEYS }),
          ],
        }),
      )
      .on('POST', ENDPOINTS.addUserFacilities, () => {
        held = [
          { facID: 102, facName: 'Meadowbrook East', pharmID: 'sprx', facState: 'NJ', userRole: 'DON' },
        ];
        return ok(MessageAnswerSchema, { message: 'Facilities added to user' });
      });
    await user.click(within(dialog).getByPlaceholderText('Choose a facility'));
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook East (102)' }));
    await user.click(within(dialog).getByLabelText('Role at Meadowbrook East', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'DON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const remove = await within(dialog).findByRole('button', { name: 'Remove from Meadowbrook East' });
    await waitFor(() => expect(remove).toBeEnabled());
    expect(within(dialog).getByLabelText('Role at Meadowbrook East', { selector: 'input' })).toBeEnabled();
  });

  it('keeps focus in the facilities dialog when adding, discarding and saving change its controls', async () => {
    const { user, dialog } = await openZedsFacilities();
    const role = (name: string) => within(dialog).getByLabelText(`Role at ${name}`, { selector: 'input' });
    const picker = () => within(dialog).getByPlaceholderText('Choose a facility');
    await user.click(picker());
    await user.click(await screen.findByRole('option', { name: 'Meadowbrook East (102)' }));
    await waitFor(() => expect(role('Meadowbrook East')).toHaveFocus());
    // The last choice: the picker goes away, focus goes to the new row's role.
    await user.click(picker());
    const last = await screen.findByRole('option', { name: /\(101\)/ });
    const lastName = (last.textContent ?? '').replace(/ \(101\)$/, '');
    await user.click(last);
    expect(within(dialog).queryByPlaceholderText('Choose a facility')).not.toBeInTheDocument();
    await waitFor(() => expect(role(lastName)).toHaveFocus());
    // Discarding removes the focused button: focus goes to the picker, back again.
    await user.click(within(dialog).getByRole('button', { name: 'Remove pending Meadowbrook East' }));
    await waitFor(() => expect(picker()).toHaveFocus());
    // Saving disables Save: focus goes to the picker.
    await user.click(role(lastName));
    await user.click(await screen.findByRole('option', { name: 'DON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Facilities added to user')).toBeInTheDocument();
    await waitFor(() => expect(picker()).toHaveFocus());
  });

  it('saves another user’s widget visibility and lock through /usersetting', async () => {
    const api = install().on('POST', ENDPOINTS.userSetting, () =>
      ok(MessageAnswerSchema, { message: 'successfully saved settings for Maria Alvarez' }),
    );
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit User Settings' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Show AUTHORIZATION' }));
    await user.click(within(dialog).getByRole('switch', { name: /Lock dashboard settings/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully saved settings for Maria Alvarez')).toBeInTheDocument();
    const body = api.callsTo('POST', ENDPOINTS.userSetting)[0]?.body as {
      UserId: number;
      settingValues: Record<string, unknown>;
    };
    expect(body.UserId).toBe(1);
    expect(body.settingValues).toMatchObject({ widget_highCost_Show: false, allowToSetSettings: false });
  });

  it('closes Edit User Settings unsaved with its Cancel, as the other dialogs close', async () => {
    const api = install();
    const { user } = renderApp('/facility-users', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: rowMenuName('Maria Alvarez') }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit User Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit settings for Maria Alvarez' });
    await user.click(within(dialog).getByRole('switch', { name: 'Show AUTHORIZATION' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', ENDPOINTS.userSetting)).toHaveLength(0);
  });
});
