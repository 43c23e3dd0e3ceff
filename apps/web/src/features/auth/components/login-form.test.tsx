import { ENDPOINTS, LoginAnswerSchema, TokenAnswerSchema, tooManyAttemptsMessage } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

describe('sign-in', () => {
  it("toasts 'Error 401: Unauthorized' with the server's message on bad credentials", async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.login, () => fail(401, 'Invalid credentials', 'UNAUTHORIZED'))
      .install();
    const app = renderApp('/account/login');

    await app.user.type(await screen.findByLabelText('Email'), 'nurse@meadowbrook.test');
    await app.user.type(screen.getByLabelText('Password'), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Error 401: Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/account/login');
  });

  it('shows only the latest failure when sign-in is tried again and again', async () => {
    let attempts = 0;
    new FakeApi()
      .on('POST', ENDPOINTS.login, () => {
        attempts += 1;
        return attempts < 5
          ? fail(401, 'Invalid credentials', 'UNAUTHORIZED')
          : fail(429, tooManyAttemptsMessage(900), 'TOO_MANY_REQUESTS');
      })
      .install();
    const app = renderApp('/account/login');
    await app.user.type(await screen.findByLabelText('Email'), 'nurse@meadowbrook.test');
    await app.user.type(screen.getByLabelText('Password'), 'wrong-password');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(attempts).toBe(attempt));
    }
    // Four refusals, one toast: a stack of them would cover the Register link on a tablet.
    await waitFor(() => expect(screen.getAllByText('Invalid credentials')).toHaveLength(1));

    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Error 429: Too Many Requests')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Invalid credentials')).not.toBeInTheDocument());
    expect(screen.getAllByText(/^Error \d{3}:/)).toHaveLength(1);
  });

  it('shows the server field errors on the inputs', async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.login, () =>
        fail(400, 'Invalid request', 'VALIDATION_FAILED', { email: 'Invalid email' }),
      )
      .install();
    const app = renderApp('/account/login');
    await app.user.type(await screen.findByLabelText('Email'), 'a@b.cd');
    await app.user.type(screen.getByLabelText('Password'), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Error 400: Bad Request')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email');
  });

  it('asks for both fields before calling the server', async () => {
    const api = new FakeApi().install();
    const app = renderApp('/account/login');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.login)).toHaveLength(0);
    // The cursor goes to the first field to fix, whose message a screen reader then reads with it.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    await app.user.type(screen.getByLabelText('Email'), 'nurse@meadowbrook.test');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it("puts the focus on the first page's heading once signed in, not on the body the form left", async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.login, () => ok(LoginAnswerSchema, { token: 'session-1', userInfo: nurse() }))
      .signedIn('session-1', nurse())
      .install();
    const app = renderApp('/account/login');
    await app.user.type(await screen.findByLabelText('Email'), 'nurse@meadowbrook.test');
    await app.user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('exchanges a ?token= link for a session and opens the dashboard', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.loginWithToken, () => ok(TokenAnswerSchema, { token: 'session-9' }))
      .signedIn('session-9', nurse())
      .install();
    const app = renderApp('/account/login?token=one-time');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/dashboard');
    expect(api.callsTo('POST', ENDPOINTS.loginWithToken)[0]?.authorization).toBe('Bearer one-time');
  });

  it('shows why a ?token= link failed and offers the form', async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.loginWithToken, () =>
        fail(401, 'This sign-in link is invalid or has expired.', 'UNAUTHORIZED'),
      )
      .install();
    renderApp('/account/login?token=bad');
    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    const app = renderApp('/account/login', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/dashboard');
  });
});
