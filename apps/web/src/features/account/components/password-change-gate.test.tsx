import { EditUserInfoAnswerSchema, ENDPOINTS, type UserInfo } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

function fakeApi(start: UserInfo) {
  let user = start;
  return new FakeApi()
    .on('GET', ENDPOINTS.tokenInfo, () => ({ status: 200, body: { userInfo: user } }))
    .on('POST', ENDPOINTS.editUserInfo, () => {
      user = { ...user, mustChangePassword: false };
      return ok(EditUserInfoAnswerSchema, { message: 'User password updated', userInfo: user });
    });
}

async function choosePassword(user: ReturnType<typeof renderApp>['user']) {
  // The gate loads its form on demand, after its heading.
  await user.type(await screen.findByLabelText(/^Current password/), 'set-by-admin');
  await user.type(screen.getByLabelText(/^New password/), 'my-own-password');
  await user.type(screen.getByLabelText(/^Confirm new password/), 'my-own-password');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('forced password change', () => {
  it('holds back the page until a new password is chosen, then continues there', async () => {
    const api = fakeApi(nurse({ mustChangePassword: true })).install();
    const { user, router } = renderApp('/settings/account', { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account Info' })).not.toBeInTheDocument();
    await choosePassword(user);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Account Info' });
    expect(currentPath(router)).toBe('/settings/account');
    // The gate's button is gone with it: the focus goes to the page let through, not the body.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.callsTo('POST', ENDPOINTS.editUserInfo)[0]?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      password: 'my-own-password',
      currentPassword: 'set-by-admin',
    });
  });

  it('puts the focus on its heading on arrival, as a page reached by navigation does', async () => {
    fakeApi(nurse({ mustChangePassword: true })).install();
    renderApp('/settings/account', { token: 'tok' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The form loads after the heading and leaves the focus where it is.
    await screen.findByLabelText(/^Current password/);
    expect(heading).toHaveFocus();
  });

  it('appears when any call answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
    fakeApi(nurse())
      .on('GET', ENDPOINTS.facilities, () =>
        fail(403, 'Your password was set by an administrator.', 'PASSWORD_CHANGE_REQUIRED'),
      )
      .install();
    renderApp('/facilities', { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
  });
});
