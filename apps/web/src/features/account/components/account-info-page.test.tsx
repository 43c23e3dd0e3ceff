import {
  EditUserInfoAnswerSchema,
  ENDPOINTS,
  USER_ADMIN_MESSAGES,
  USER_MESSAGES,
  type UserInfo,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, holdRequests, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

/**
 * A fake server whose /edituserinfo applies the one change to the user, as the real one does: a name or phone change
 * gives a new profile version, and a save sent with a version no longer the user's is refused (409). `server.user`
 * is the stored user, for a test to change as an administrator would.
 */
function fakeApi(start: UserInfo = nurse()) {
  const server = { user: start, versions: 1 };
  const api = new FakeApi()
    .on('GET', ENDPOINTS.tokenInfo, () => ({ status: 200, body: { userInfo: server.user } }))
    .on('POST', ENDPOINTS.editUserInfo, (call) => {
      const body = call.body as Record<string, unknown>;
      if (body.password !== undefined && body.currentPassword !== 'old-password')
        return fail(400, 'The request is not valid.', 'BAD_REQUEST', {
          currentPassword: 'Current password is not correct',
        });
      if (body.profileVersion !== undefined && body.profileVersion !== server.user.profileVersion)
        return fail(409, USER_MESSAGES.profileChangedSince, 'CONFLICT');
      const { email: _email, password: _p, currentPassword: _c, profileVersion: _v, ...change } = body;
      const isProfile = 'displayName' in change || 'phone' in change;
      if (isProfile) server.versions += 1;
      server.user = {
        ...server.user,
        ...change,
        ...(isProfile ? { profileVersion: `v-${server.versions}` } : {}),
      };
      return ok(EditUserInfoAnswerSchema, { message: 'User updated', userInfo: server.user });
    });
  return Object.assign(api, { server });
}

async function openAccount() {
  const view = renderApp('/settings/account', { token: 'tok' });
  await screen.findByRole('heading', { level: 1, name: 'Account Info' });
  return view;
}

describe('Account Info', () => {
  it('saves the display name alone and toasts "User name updated"', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const name = screen.getByLabelText('Display name');
    expect(name).toHaveValue('Nora Nurse');
    await user.clear(name);
    await user.type(name, 'Abe');
    await user.click(screen.getByRole('button', { name: 'Save Display name' }));
    expect(screen.getByText('Name must include a minimum of 4 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)).toHaveLength(0);

    await user.type(name, 'l Adams');
    await user.click(screen.getByRole('button', { name: 'Save Display name' }));
    expect(await screen.findByText('User name updated')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      displayName: 'Abel Adams',
      profileVersion: 'v-1',
    });
  });

  it('refuses a name or title longer than the server takes at the field, with no call and no raw error', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const name = screen.getByLabelText('Display name');
    await user.clear(name);
    // Pasted, as a name this long would be: typing 150 letters one by one only slows the test.
    await user.click(name);
    await user.paste('N'.repeat(150));
    await user.click(screen.getByRole('button', { name: 'Save Display name' }));
    expect(await screen.findByText('Must be at most 100 characters')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Must be at most 100 characters');

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.click(title);
    await user.paste('T'.repeat(120));
    await user.click(screen.getByRole('button', { name: 'Save Title' }));
    expect(title).toHaveAccessibleDescription('Must be at most 100 characters');
    expect(screen.queryByText(/ZodError|Too big/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)).toHaveLength(0);
  });

  it('sends the phone as 10 digits and refuses fewer', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const phone = screen.getByLabelText('Phone');
    // The phone field keeps the portal's mask, as the user forms do, from the start and as digits are typed.
    expect(phone).toHaveValue('(555) 123-4567');
    await user.clear(phone);
    await user.type(phone, '555 12');
    expect(phone).toHaveValue('(555) 12');
    await user.click(screen.getByRole('button', { name: 'Save Phone' }));
    expect(screen.getByText('Phone number must have 10 digits')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '(201) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save Phone' }));
    expect(await screen.findByText('User phone updated')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      phone: '2015550199',
      profileVersion: 'v-1',
    });
  });

  it('clears the phone when the field is emptied and saved', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Save Phone' }));
    expect(await screen.findByText('User phone updated')).toBeInTheDocument();
    expect(screen.queryByText('Phone number must have 10 digits')).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      phone: '',
      profileVersion: 'v-1',
    });
    expect(phone).toHaveValue('');
  });

  it('keeps what was typed when an administrator saved the profile meanwhile (409); Reload current values shows theirs, which then save', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    // An administrator gives a new phone while the page is open.
    api.server.user = { ...api.server.user, phone: '5559990000', profileVersion: 'v-admin' };
    const name = screen.getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Nora Typed');
    await user.click(screen.getByRole('button', { name: 'Save Display name' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(USER_MESSAGES.profileChangedSince);
    const reload = screen.getByRole('button', { name: 'Reload current values' });
    await waitFor(() => expect(reload).toHaveFocus());
    expect(screen.getByLabelText('Display name')).toHaveValue('Nora Typed');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    expect(screen.queryByText('User name updated')).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      displayName: 'Nora Typed',
      profileVersion: 'v-1',
    });

    await user.click(reload);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Nora Nurse');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 999-0000');
    await waitFor(() => expect(screen.getByLabelText('Display name')).toHaveFocus());

    // Saved on the reloaded values with their version; the next save goes on from the version this one made.
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Nora Typed');
    await user.click(screen.getByRole('button', { name: 'Save Display name' }));
    expect(await screen.findByText('User name updated')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '2015550199');
    await user.click(screen.getByRole('button', { name: 'Save Phone' }));
    expect(await screen.findByText('User phone updated')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo).map((c) => c.body)).toEqual([
      expect.anything(),
      { email: 'nurse@meadowbrook.test', displayName: 'Nora Typed', profileVersion: 'v-admin' },
      { email: 'nurse@meadowbrook.test', phone: '2015550199', profileVersion: 'v-2' },
    ]);
    expect(api.server.user).toMatchObject({ displayName: 'Nora Typed', phone: '2015550199' });
  });

  it('saves the name and then the phone when Save Phone is pressed while the name is on its way, with no false conflict', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Nora Typed');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '2015550199');
    const answer = holdRequests(ENDPOINTS.editUserInfo);
    await user.click(screen.getByRole('button', { name: 'Save Display name' }));
    await user.click(screen.getByRole('button', { name: 'Save Phone' }));
    answer();
    expect(await screen.findByText('User name updated')).toBeInTheDocument();
    expect(await screen.findByText('User phone updated')).toBeInTheDocument();
    // The phone went once the name's answer had come, with the version that save gave: both were the user's own.
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo).map((c) => c.body)).toEqual([
      { email: 'nurse@meadowbrook.test', displayName: 'Nora Typed', profileVersion: 'v-1' },
      { email: 'nurse@meadowbrook.test', phone: '2015550199', profileVersion: 'v-2' },
    ]);
    expect(screen.queryByText(USER_MESSAGES.profileChangedSince)).not.toBeInTheDocument();
    expect(api.server.user).toMatchObject({ displayName: 'Nora Typed', phone: '2015550199' });
  });

  it('toggles beta and says so with the email', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const beta = screen.getByRole('switch', { name: /Beta user/ });
    expect(beta).not.toBeChecked();
    await user.click(beta);
    expect(await screen.findByText('Activated nurse@meadowbrook.test as Beta User')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: /Beta user/ })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Beta user/ }));
    expect(await screen.findByText('Deactivated nurse@meadowbrook.test as Beta User')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo).map((c) => c.body)).toEqual([
      { email: 'nurse@meadowbrook.test', betaUser: true },
      { email: 'nurse@meadowbrook.test', betaUser: false },
    ]);
  });

  it('changes the password with the current one, showing each validation message', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText(USER_ADMIN_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(await within(form).findByText('Password is required')).toBeInTheDocument();
    expect(await within(form).findByText('Confirm password is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Current password/), 'wrong-password');
    await user.type(within(form).getByLabelText(/^New password/), 'short');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(
      await within(form).findByText('Password must include a minimum of 8 characters'),
    ).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^New password/));
    await user.type(within(form).getByLabelText(/^New password/), 'a-new-password');
    await user.clear(within(form).getByLabelText(/^Confirm new password/));
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'another-password');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Confirm new password/));
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText('Current password is not correct')).toBeInTheDocument();
    // The refused field takes the focus, so a screen reader reads why at the field to correct.
    await waitFor(() => expect(within(form).getByLabelText(/^Current password/)).toHaveFocus());

    await user.clear(within(form).getByLabelText(/^Current password/));
    await user.type(within(form).getByLabelText(/^Current password/), 'old-password');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('User password updated')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo).at(-1)?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      password: 'a-new-password',
      currentPassword: 'old-password',
    });
  });

  it('says at New password that it must differ from the current one, with no call', async () => {
    const api = fakeApi().install();
    const { user } = await openAccount();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText(/^Current password/), 'the-same-password');
    await user.type(within(form).getByLabelText(/^New password/), 'the-same-password');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'the-same-password');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText(USER_ADMIN_MESSAGES.passwordUnchanged)).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(/^New password/)).toHaveFocus());
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)).toHaveLength(0);
  });
});
