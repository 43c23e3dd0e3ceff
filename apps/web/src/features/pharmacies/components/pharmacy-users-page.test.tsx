import {
  AdminPasswordResetAnswerSchema,
  allPharmacyPermissionKeys,
  EditUserInfoAnswerSchema,
  ENDPOINTS,
  MessageAnswerSchema,
  PHARMACY_ADMIN_MESSAGES,
  PharmaciesAnswerSchema,
  toPermissionMap,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist, rowMenuName } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';
import {
  openPharmaciesOf,
  pharmacyFixture,
  withPendingUpny,
  withPharmacyAdmin,
  withUserPharmacies,
} from './test-fixtures.ts';

const T = { timeout: 5000 };

function install(isOnlyMembership = false) {
  return withUserPharmacies(withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())), isOnlyMembership)
    .on('POST', ENDPOINTS.createPharmacyUser, (call) =>
      (call.body as { email: string }).email === 'taken@pharmacy.test'
        ? fail(409, 'A user with this email already exists', 'CONFLICT', {
            email: 'A user with this email already exists',
          })
        : ok(MessageAnswerSchema, { message: 'Pharmacy user successfully created' }),
    )
    .install();
}

async function openAction(user: ReturnType<typeof renderApp>['user'], name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: rowMenuName(name) }, T));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('PharmacyUsersPage', () => {
  it('sends anyone but pharmacy staff to the dashboard', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    const { router } = renderApp('/pharmacy-users', { token: 'tok' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'), T);
  });

  it('lists users with the Self badge, phone and pharmacy count, and searches name or email', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const self = await screen.findByRole('row', { name: /Sam Sysadmin/ }, T);
    expect(within(self).getByText('Self')).toBeInTheDocument();
    expect(within(self).getByText('555-123-4567')).toBeInTheDocument();
    expect(within(self).getAllByRole('cell')[3]).toHaveTextContent('2');
    expect(within(screen.getByRole('row', { name: /Pia Pharmacist/ })).queryByText('Self')).toBeNull();
    await user.type(screen.getByLabelText('Search users'), 'pharmacist@');
    expect(screen.queryByRole('row', { name: /Sam Sysadmin/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Pia Pharmacist/ })).toBeInTheDocument();
  });

  it('gates the administration items by the domain rule: none on oneself, all on a user one manages', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: rowMenuName('Sam Sysadmin') }, T));
    expect(await screen.findByRole('menuitem', { name: 'View / Edit Pharmacies' })).not.toHaveAttribute(
      'aria-disabled',
    );
    for (const name of ['Reset Password', 'Edit Name and Phone', 'Edit User Settings', 'Delete User']) {
      const item = screen.getByRole('menuitem', { name });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveAttribute('title', 'You do not have permission for this user');
    }
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: rowMenuName('Pia Pharmacist') }));
    for (const name of ['Reset Password', 'Edit Name and Phone', 'Edit User Settings', 'Delete User'])
      expect(await screen.findByRole('menuitem', { name })).not.toHaveAttribute('aria-disabled');
  });

  it('resets a password through the shared pharmacy, with the spec’s toast', async () => {
    const api = install().on('POST', ENDPOINTS.adminPasswordReset, () =>
      ok(AdminPasswordResetAnswerSchema, { message: 'Password reset', email: 'pharmacist@pharmacy.test' }),
    );
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await openAction(user, 'Pia Pharmacist', 'Reset Password');
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password for Pia Pharmacist' });
    // The dialog opens in the new password: typing at once goes there, not onto its Close button.
    await waitFor(() => expect(within(dialog).getByLabelText(/^New password/)).toHaveFocus());
    await user.keyboard('a-new-password');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset for "pharmacist@pharmacy.test"')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.adminPasswordReset)[0]?.body).toMatchObject({
      email: 'pharmacist@pharmacy.test',
      entityId: 'sprx',
      password: 'a-new-password',
    });
  });

  it('edits name and phone through the shared pharmacy', async () => {
    const api = install().on('POST', ENDPOINTS.editUserInfo, () =>
      ok(EditUserInfoAnswerSchema, { message: 'Profile updated successfully', userInfo: pharmacist() }),
    );
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await openAction(user, 'Pia Pharmacist', 'Edit Name and Phone');
    // Spec 2's Edit Profile, the same dialog under the same name as on the facility side.
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile: pharmacist@pharmacy.test' });
    await user.clear(within(dialog).getByLabelText('Display name'));
    await user.type(within(dialog).getByLabelText('Display name'), 'Pia P.');
    await user.type(within(dialog).getByLabelText('Phone'), '(555) 222-3333');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      displayName: 'Pia P.',
      phone: '5552223333',
      email: 'pharmacist@pharmacy.test',
      entityId: 'sprx',
      // The version the list gave the row, so a colleague's save since is not silently replaced.
      profileVersion: 'v-pharmacist',
    });
  });

  it('saves the user’s settings from the list answer’s userSettings', async () => {
    const api = install().on('POST', ENDPOINTS.userSetting, () => ok(MessageAnswerSchema, { message: 'ok' }));
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await openAction(user, 'Pia Pharmacist', 'Edit User Settings');
    const dialog = await screen.findByRole('dialog', { name: 'Edit settings for Pia Pharmacist' });
    const lock = within(dialog).getByRole('switch', { name: /Lock dashboard settings/ });
    expect(lock).not.toBeChecked();
    await user.click(lock);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully saved settings for Pia Pharmacist')).toBeInTheDocument();
    const body = api.callsTo('POST', ENDPOINTS.userSetting)[0]?.body as {
      UserId: number;
      settingValues: Record<string, unknown>;
    };
    expect(body.UserId).toBe(3);
    expect(body.settingValues).toMatchObject({ allowToSetSettings: false });
  });

  it('deletes a user after confirmation, through the shared pharmacy', async () => {
    const api = install().on('POST', ENDPOINTS.deleteUser, () => ok(MessageAnswerSchema, { message: 'ok' }));
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await openAction(user, 'Pia Pharmacist', 'Delete User');
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(api.callsTo('POST', ENDPOINTS.deleteUser)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('Pia Pharmacist deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.deleteUser)[0]?.body).toEqual({
      email: 'pharmacist@pharmacy.test',
      entityId: 'sprx',
      UserId: 3,
    });
  });

  it('offers at the chosen pharmacies only the roles the viewer may give at each of them', async () => {
    const limited = toPermissionMap(allPharmacyPermissionKeys().filter((key) => key !== 'user_EditSysAdmin'));
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist()))
      .on('GET', ENDPOINTS.pharmacies, () =>
        ok(PharmaciesAnswerSchema, {
          pharmacies: [
            pharmacyFixture(),
            pharmacyFixture({ pharmID: 'upny', pharmName: 'Upstate Pharmacy NY', userPermissions: limited }),
          ],
        }),
      )
      .install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Pharmacy User' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pharmacy User' });
    const role = () => within(dialog).getByLabelText(/^Pharmacy role/, { selector: 'input' });
    await user.click(within(dialog).getByLabelText(/^Pharmacies/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'SpecialtyRx Garden State (sprx)' }));
    await user.keyboard('{Escape}');
    await user.click(role());
    await user.click(await screen.findByRole('option', { name: 'SysAdmin' }));
    expect(role()).toHaveValue('SysAdmin');
    // upny does not let this viewer make SysAdmins: choosing it too clears the role and no longer offers it.
    await user.click(within(dialog).getByLabelText(/^Pharmacies/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(role()).toHaveValue(''));
    await user.click(role());
    expect(await screen.findByRole('option', { name: 'SysAdmin' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Pharmacist' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('disables Add Pharmacy User and says why when the viewer manages users at none of their pharmacies', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist()))
      .on('GET', ENDPOINTS.pharmacies, () =>
        ok(PharmaciesAnswerSchema, {
          pharmacies: [
            pharmacyFixture({ pharmID: 'upny', pharmName: 'Upstate Pharmacy NY', userRole: 'Billing' }),
          ],
        }),
      )
      .install();
    renderApp('/pharmacy-users', { token: 'tok' });
    await screen.findByRole('row', { name: /Sam Sysadmin/ }, T);
    // A Billing user opened a dialog whose Pharmacies list was empty: a form nobody could ever submit.
    const add = screen.getByRole('button', { name: 'Add Pharmacy User' });
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    expect(add).toHaveAccessibleDescription(PHARMACY_ADMIN_MESSAGES.mayNotCreate);
  });

  it('validates the creation form with the spec’s messages, then creates the user', async () => {
    const api = install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Pharmacy User' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pharmacy User' });
    // The minimum is said before an administrator types a password that would be refused.
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription('At least 8 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    for (const message of [
      'Please select a pharmacy',
      'Please select a pharmacy role',
      'Please enter a display name',
      'Please enter an email address',
      'Please enter a password',
      'Please re-enter password',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^Pharmacies/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
    await user.click(within(dialog).getByLabelText(/^Pharmacy role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Billing' }));
    await user.type(within(dialog).getByLabelText(/Display name/), 'Nia New');
    await user.type(within(dialog).getByLabelText(/Email/), 'nia@meadowbrook.test');
    await user.type(within(dialog).getByLabelText(/^Phone/), '555123');
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('(555) 123');
    await user.type(within(dialog).getByLabelText(/^Password/), 'a-good-password');
    await user.type(within(dialog).getByLabelText(/Confirm password/), 'another-password');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(
      await within(dialog).findByText('Pharmacy staff emails must end with @pharmacy.test'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid phone')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.createPharmacyUser)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'taken@pharmacy.test');
    await user.type(within(dialog).getByLabelText(/^Phone/), '4567');
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('(555) 123-4567');
    await user.clear(within(dialog).getByLabelText(/Confirm password/));
    await user.type(within(dialog).getByLabelText(/Confirm password/), 'a-good-password');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeInTheDocument();
    // The keyboard user is taken to the field the server refused, whose message a screen reader then reads.
    await waitFor(() => expect(within(dialog).getByLabelText(/Email/)).toHaveFocus());
    expect(within(dialog).getByLabelText(/Email/)).toHaveAccessibleDescription(
      'A user with this email already exists',
    );
    // Said once, under the field: not again in a toast over the dialog's buttons.
    expect(screen.getAllByText(/already exists/)).toHaveLength(1);

    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'nia@pharmacy.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Pharmacy user successfully created')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.createPharmacyUser).at(-1)?.body).toEqual({
      pharmID: ['upny'],
      UserRole: 'Billing',
      displayName: 'Nia New',
      title: '',
      email: 'nia@pharmacy.test',
      phone: '5551234567',
      password: 'a-good-password',
      UserType: 'PharmacyUser',
    });
  });

  it('puts the cursor in the first field left wrong on submit, the Pharmacies and Pharmacy role dropdowns included', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Pharmacy User' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pharmacy User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Pharmacies/, { selector: 'input' })).toHaveFocus(),
    );
    // The cursor is there, but the list stays shut: open, it covered the message and the Pharmacy role field.
    expect(screen.queryByRole('option', { name: 'Upstate Pharmacy NY (upny)' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Please select a pharmacy')).toBeVisible();
    await user.click(within(dialog).getByLabelText(/^Pharmacies/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Pharmacy role/, { selector: 'input' })).toHaveFocus(),
    );
  });

  it('creates one user after another with Create and Add Another, keeping pharmacies, role and title', async () => {
    const api = install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add Pharmacy User' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pharmacy User' });
    await user.click(within(dialog).getByLabelText(/^Pharmacies/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
    await user.click(within(dialog).getByLabelText(/^Pharmacy role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Billing' }));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Biller');
    const fillPerson = async (name: string, email: string) => {
      await user.type(within(dialog).getByLabelText(/Display name/), name);
      await user.type(within(dialog).getByLabelText(/Email/), email);
      await user.type(within(dialog).getByLabelText(/^Password/), 'a-good-password');
      await user.type(within(dialog).getByLabelText(/Confirm password/), 'a-good-password');
    };
    await fillPerson('Nia One', 'nia.one@pharmacy.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create and Add Another' }));

    // Said in the dialog, naming who was created; a toast at the bottom right sat over the dialog's buttons.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Pharmacy user successfully created: Nia One (nia.one@pharmacy.test)',
    );
    expect(screen.queryByText('Pharmacy user successfully created')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Pharmacy User' })).toBe(dialog);
    await waitFor(() => expect(within(dialog).getByLabelText(/Display name/)).toHaveFocus());
    expect(within(dialog).getByLabelText(/Email/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Biller');
    expect(within(dialog).getByLabelText(/^Pharmacy role/, { selector: 'input' })).toHaveValue('Billing');

    await fillPerson('Nia Two', 'nia.two@pharmacy.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Pharmacy user successfully created')).toBeInTheDocument();
    const bodies = api.callsTo('POST', ENDPOINTS.createPharmacyUser).map((call) => call.body);
    expect(bodies).toEqual(
      ['Nia One', 'Nia Two'].map((displayName) =>
        expect.objectContaining({ displayName, pharmID: ['upny'], UserRole: 'Billing', title: 'Biller' }),
      ),
    );
  });

  it('adds pending pharmacies: a role is required for each, they save in one call', async () => {
    const api = install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await withPendingUpny(user, 'Pia Pharmacist');
    expect(within(dialog).getByText('(pending)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save pharmacies' }));
    expect(
      await within(dialog).findByText('All pending pharmacies must be assigned a role'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.addUserPharmacies)).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('Role at upny', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    // Every pending pharmacy has its role now: the message no longer holds, and goes before Save is pressed again.
    expect(
      within(dialog).queryByText('All pending pharmacies must be assigned a role'),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save pharmacies' }));
    expect(await screen.findByText('User added to pharmacies')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.addUserPharmacies)[0]?.body).toEqual({
      email: 'pharmacist@pharmacy.test',
      entities: [{ entityid: 'upny', userRole: 'Manager' }],
    });
  });

  it('asks before closing with unsaved pending pharmacies', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await withPendingUpny(user, 'Pia Pharmacist');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(
      await screen.findByText('There are unsaved pending pharmacies. Leave page without saving?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Pharmacies of Pia Pharmacist' })).not.toBeInTheDocument(),
    );
  });

  it('changes a role and removes a pharmacy after confirmation, with the spec’s toasts', async () => {
    const api = install()
      .on('POST', ENDPOINTS.addUserPharmacies, () =>
        ok(MessageAnswerSchema, { message: 'User role successfully changed' }),
      )
      .on('POST', ENDPOINTS.removePharmacy, () =>
        ok(MessageAnswerSchema, { message: 'Pia Pharmacist removed from SpecialtyRx Garden State' }),
      );
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await openPharmaciesOf(user, 'Pia Pharmacist');
    await user.click(await within(dialog).findByLabelText('Role at sprx', { selector: 'input' }, T));
    await user.click(await screen.findByRole('option', { name: 'Billing' }));
    expect(await screen.findByText('User role successfully changed')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.addUserPharmacies)[0]?.body).toEqual({
      email: 'pharmacist@pharmacy.test',
      entities: [{ entityid: 'sprx', userRole: 'Billing' }],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from sprx' }));
    expect(
      await screen.findByText('Remove Pia Pharmacist from SpecialtyRx Garden State?'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.removePharmacy)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Pia Pharmacist removed from SpecialtyRx Garden State'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.removePharmacy)[0]?.body).toEqual({
      email: 'pharmacist@pharmacy.test',
      pharmID: 'sprx',
    });
  });

  it('disables Remove on a user’s only pharmacy and says why, to keyboard and screen-reader users too', async () => {
    const api = install(true);
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await openPharmaciesOf(user, 'Pia Pharmacist');
    const remove = await within(dialog).findByRole('button', { name: 'Remove from sprx' }, T);
    const why = 'Pia Pharmacist has no other pharmacy. Delete the user instead.';
    expect(within(dialog).getByText(why)).toBeVisible();
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(why);
    remove.focus();
    expect(remove).toHaveFocus();
    await user.click(remove);
    await user.keyboard('{Enter}');
    expect(screen.queryByText(/^Remove Pia Pharmacist from/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.removePharmacy)).toHaveLength(0);
  });

  it('disables role changes and removal on one’s own row', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await openPharmaciesOf(user, 'Sam Sysadmin');
    expect(await within(dialog).findByLabelText('Role at sprx', { selector: 'input' }, T)).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Remove from sprx' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Add pharmacy', { selector: 'input' })).toBeDisabled();
  });
});
