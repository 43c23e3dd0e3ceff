import { ENDPOINTS, MessageAnswerSchema, tooManyAttemptsMessage } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const LINK = '/confirm?email=new%40example.test&token=abc123';
const CONFIRMED = 'Your email address is confirmed. You can now sign in.';
const WRONG_PASSWORD =
  "This is not the password chosen when registering with this link. If you registered more than once, each email's link goes with the password chosen that time.";

describe('/confirm', () => {
  it('asks for the password chosen at registration, confirms the link with it and offers the way to sign in', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.confirmEmail, () => ok(MessageAnswerSchema, { message: CONFIRMED }))
      .install();
    const { user } = renderApp(LINK);
    const form = await screen.findByRole('form', { name: 'Confirm your account' });
    expect(form).toHaveTextContent(
      'To confirm new@example.test, enter the password you chose when you registered.',
    );
    // Nothing is sent until the password is given: the link alone confirms nothing.
    expect(api.callsTo('POST', ENDPOINTS.confirmEmail)).toHaveLength(0);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription('The one you chose when you registered');

    // By keyboard: past the skip link, Tab reaches the field; type, Enter.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.tab();
    expect(password).toHaveFocus();
    await user.keyboard('my-chosen-pass{Enter}');
    expect(await screen.findByText(CONFIRMED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/login');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.confirmEmail).map((c) => c.body)).toEqual([
      { email: 'new@example.test', token: 'abc123', password: 'my-chosen-pass' },
    ]);
  });

  it('says the password is required without calling the server', async () => {
    const api = new FakeApi().install();
    const { user } = renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Confirm account' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(api.callsTo('POST', ENDPOINTS.confirmEmail)).toHaveLength(0);
  });

  it('shows a wrong password under the field, with the cursor in it, and confirms on the next try', async () => {
    let calls = 0;
    const api = new FakeApi()
      .on('POST', ENDPOINTS.confirmEmail, () =>
        calls++ === 0
          ? fail(400, WRONG_PASSWORD, 'BAD_REQUEST', { password: WRONG_PASSWORD })
          : ok(MessageAnswerSchema, { message: CONFIRMED }),
      )
      .install();
    const { user } = renderApp(LINK);
    const password = await screen.findByLabelText(/^Password/);
    await user.type(password, 'a-wrong-guess');
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));
    expect(await screen.findByText(WRONG_PASSWORD)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(expect.stringContaining(WRONG_PASSWORD));
    expect(password).toHaveFocus();
    // Said once, at the field: no second copy above the form.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'the-right-one{Enter}');
    expect(await screen.findByText(CONFIRMED)).toBeInTheDocument();
    expect(
      api.callsTo('POST', ENDPOINTS.confirmEmail).map((c) => (c.body as { password: string }).password),
    ).toEqual(['a-wrong-guess', 'the-right-one']);
  });

  it("shows the server's refusal of a used or expired link, with the way to register again", async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.confirmEmail, () =>
        fail(400, 'This confirmation link is invalid, expired or already used.', 'BAD_REQUEST'),
      )
      .install();
    const { user, router } = renderApp('/confirm?email=new%40example.test&token=used');
    await user.type(await screen.findByLabelText(/^Password/), 'my-chosen-pass{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid, expired or already used.',
    );
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Register again' }));
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    expect(currentPath(router)).toBe('/register');
  });

  it('says when there were too many wrong passwords, as confirmation attempts, with the way round: a reset', async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.confirmEmail, () =>
        fail(429, tooManyAttemptsMessage(900, 'confirmation'), 'TOO_MANY_REQUESTS'),
      )
      .install();
    const { user, router } = renderApp(LINK);
    await user.type(await screen.findByLabelText(/^Password/), 'my-chosen-pass{Enter}');
    const alert = await screen.findByRole('alert');
    // The throttle is the sign-in one, on purpose; but a password reset also confirms the account, and says so.
    expect(alert).toHaveTextContent(
      /^Too many confirmation attempts\. Try again in 15 minutes\. A password reset also confirms your account\. Reset your password$/,
    );
    // Not a refused link: no way to register again, and the password can be tried once the wait is over.
    expect(screen.queryByRole('link', { name: 'Register again' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    // The way to the reset, in the message, by keyboard.
    const reset = screen.getByRole('link', { name: 'Reset your password' });
    expect(alert).toContainElement(reset);
    reset.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    expect(currentPath(router)).toBe('/forget-password');
  });

  it('says an incomplete link is incomplete, without asking for a password or calling the server', async () => {
    const api = new FakeApi().install();
    renderApp('/confirm?email=new%40example.test');
    expect(await screen.findByText(/This confirmation link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.confirmEmail)).toHaveLength(0);
  });
});
