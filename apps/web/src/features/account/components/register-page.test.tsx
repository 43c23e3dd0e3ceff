import { ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { renderApp } from '@/test/render-app.tsx';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], confirm = 'a-good-password') {
  await user.type(screen.getByLabelText(/^Full name/), 'New Nurse');
  await user.type(screen.getByLabelText(/^Email/), 'new.nurse@example.test');
  await user.type(screen.getByLabelText(/^Password/), 'a-good-password');
  await user.type(screen.getByLabelText(/^Confirm password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('/register', () => {
  it('is linked from the sign-in page', async () => {
    new FakeApi().install();
    const { user } = renderApp('/account/login');
    await user.click(await screen.findByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  });

  it('checks every field with its message before calling the server', async () => {
    const api = new FakeApi().install();
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    await fillAndSubmit(user, 'something-else');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.register)).toHaveLength(0);
  });

  it("clears a field's message as soon as the field is put right", async () => {
    new FakeApi().install();
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Full name/), 'New Nurse');
    await waitFor(() => expect(screen.queryByText('Full name is required')).not.toBeInTheDocument());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it("puts the server's message for a field under that field", async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.register, () =>
        fail(400, 'Email is already registered', 'BAD_REQUEST', { email: 'Email is already registered' }),
      )
      .install();
    const { user } = renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });
    await fillAndSubmit(user);
    const email = screen.getByLabelText(/^Email/);
    await screen.findAllByText('Email is already registered');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is already registered');
  });

  it('registers and says to check the email', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.register, () =>
        ok(MessageAnswerSchema, { message: 'Check your email for a link to confirm your account.' }),
      )
      .install();
    const { user } = renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });
    await fillAndSubmit(user);
    expect(
      await screen.findByText('Check your email for a link to confirm your account.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.register)[0]).toMatchObject({
      authorization: null,
      body: { fullname: 'New Nurse', email: 'new.nurse@example.test', password: 'a-good-password' },
    });
  });

  it.each([
    [500, 'Something broke', 'Internal Server Error'],
    [401, 'Sign in to continue.', 'Invalid credentials'],
  ])('answers %i with "%s" replaced by "%s"', async (status, serverMessage, shown) => {
    new FakeApi().on('POST', ENDPOINTS.register, () => fail(status, serverMessage, 'X')).install();
    const { user } = renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });
    await fillAndSubmit(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByText(serverMessage)).not.toBeInTheDocument();
  });
});
