import { ENDPOINTS, LoginAnswerSchema, TOKEN_STORAGE_KEY } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

describe('RequireAuth', () => {
  it('sends a visitor without a token to sign-in with the origin, and back there after signing in', async () => {
    const user = nurse();
    new FakeApi()
      .on('POST', ENDPOINTS.login, () => ok(LoginAnswerSchema, { token: 'tok-1', userInfo: user }))
      .signedIn('tok-1', user)
      .install();
    const app = renderApp('/facility-users?q=ann');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(
      `/account/login?from=${encodeURIComponent('/facility-users?q=ann')}`,
    );

    await app.user.type(screen.getByLabelText('Email'), 'nurse@meadowbrook.test');
    await app.user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Facility Users' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/facility-users?q=ann');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(await screen.findByText('User Logged In')).toBeInTheDocument();
  });

  it('signs out to sign-in when tokeninfo answers 401', async () => {
    const api = new FakeApi()
      .on('GET', ENDPOINTS.tokenInfo, () => fail(401, 'Sign in to continue.', 'UNAUTHORIZED'))
      .install();
    const app = renderApp('/files/12', { token: 'expired' });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(`/account/login?from=${encodeURIComponent('/files/12')}`);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)[0]?.authorization).toBe('Bearer expired');
    expect(await screen.findByText('Error 401: Unauthorized')).toBeInTheDocument();
  });

  it('shows the shell with the user name for a valid token', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    renderApp('/dashboard', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('user-display-name')).toHaveTextContent('Nora Nurse');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard | Care Portal'));
  });
});
