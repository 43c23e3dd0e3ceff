import { ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const LINK = '/reset-password?email=nurse%40meadowbrook.test&token=tok123';

async function choose(user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password', () => {
  it.each([
    ['/reset-password?token=tok123', 'no email'],
    ['/reset-password?email=nurse%40meadowbrook.test', 'no token'],
  ])('sends %s (%s) to sign-in', async (path) => {
    new FakeApi().install();
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(currentPath(router)).toBe('/account/login');
  });

  it('sends a signed-in user to the dashboard', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    const { router } = renderApp(LINK, { token: 'tok' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('shows the email and checks the new password with the spec messages', async () => {
    const api = new FakeApi().install();
    const { user } = renderApp(LINK);
    expect(await screen.findByText('nurse@meadowbrook.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    await choose(user, 'short');
    expect(await screen.findByText('Password must include a minimum of 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await choose(user, 'long-enough-1', 'long-enough-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.resetPassword)).toHaveLength(0);
  });

  it('sets the password with the link and offers sign-in', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.resetPassword, () =>
        ok(MessageAnswerSchema, { message: 'Your password has been reset. Sign in with your new password.' }),
      )
      .install();
    const { user } = renderApp(LINK);
    await screen.findByText('nurse@meadowbrook.test');
    await choose(user, 'brand-new-pass');
    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.resetPassword)[0]?.body).toEqual({
      email: 'nurse@meadowbrook.test',
      token: 'tok123',
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
  });

  it('shows why a used link is refused and offers a new one', async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.resetPassword, () =>
        fail(400, 'This password reset link is invalid, expired or already used.', 'BAD_REQUEST', {
          token: 'This password reset link is invalid, expired or already used.',
        }),
      )
      .install();
    const { user, router } = renderApp(LINK);
    await screen.findByText('nurse@meadowbrook.test');
    await choose(user, 'brand-new-pass');
    expect(
      await screen.findByText('This password reset link is invalid, expired or already used.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/forget-password');
  });

  it('offers no new link when only the server failed', async () => {
    new FakeApi().on('POST', ENDPOINTS.resetPassword, () => fail(500, 'boom', 'INTERNAL')).install();
    const { user } = renderApp(LINK);
    await screen.findByText('nurse@meadowbrook.test');
    await choose(user, 'brand-new-pass');
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
  });
});
