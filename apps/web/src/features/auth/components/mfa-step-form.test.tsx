import { ENDPOINTS, LoginAnswerSchema, MFA_MESSAGES, MfaChallengeAnswerSchema } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const CHALLENGE = 'challenge-0123456789abcdef';

function twoStepApi() {
  return new FakeApi().on('POST', ENDPOINTS.login, () =>
    ok(MfaChallengeAnswerSchema, { mfaRequired: true, challenge: CHALLENGE }),
  );
}

async function passPasswordStep(app: ReturnType<typeof renderApp>) {
  await app.user.type(await screen.findByLabelText('Email'), 'nurse@meadowbrook.test');
  await app.user.type(screen.getByLabelText('Password'), 'portal-demo-1');
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('textbox', { name: 'Authentication code' });
}

describe('two-step sign-in', () => {
  it('asks for the code after the password, then opens the page the user was going to', async () => {
    const api = twoStepApi()
      .on('POST', ENDPOINTS.loginMfa, () =>
        ok(LoginAnswerSchema, { token: 'session-2', userInfo: nurse({ mfaEnabled: true }) }),
      )
      .signedIn('session-2', nurse({ mfaEnabled: true }))
      .install();
    const app = renderApp('/account/login?from=%2Fdashboard');
    const code = await passPasswordStep(app);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    // No session after the password alone.
    expect(currentPath(app.router)).toMatch(/^\/account\/login/);

    await app.user.type(code, '123 456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.loginMfa)[0]?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
    });
  });

  it("shows the server's message on the field for a wrong code and stays on the step", async () => {
    twoStepApi()
      .on('POST', ENDPOINTS.loginMfa, () =>
        fail(401, 'That code is not right. Check your authenticator app and try again.', 'UNAUTHORIZED'),
      )
      .install();
    const app = renderApp('/account/login');
    const code = await passPasswordStep(app);
    await app.user.type(code, '000000');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toHaveAccessibleDescription(
      expect.stringContaining('That code is not right'),
    );
    expect(currentPath(app.router)).toBe('/account/login');
  });

  it('says at the field that a code used once already was used, and a wrong code next that it is not right', async () => {
    let answer = fail(401, MFA_MESSAGES.codeUsed, 'UNAUTHORIZED');
    twoStepApi()
      .on('POST', ENDPOINTS.loginMfa, () => answer)
      .install();
    const app = renderApp('/account/login');
    const code = await passPasswordStep(app);
    await app.user.type(code, '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(MFA_MESSAGES.codeUsed)),
    );
    // Emptied, for the next code the app shows.
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(currentPath(app.router)).toBe('/account/login');

    answer = fail(401, MFA_MESSAGES.codeWrong, 'UNAUTHORIZED');
    await app.user.type(code, '654321');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(MFA_MESSAGES.codeWrong)),
    );
    expect(screen.queryByText(MFA_MESSAGES.codeUsed)).not.toBeInTheDocument();
  });

  it('takes a recovery code through the switch', async () => {
    const api = twoStepApi()
      .on('POST', ENDPOINTS.loginMfa, () =>
        fail(429, 'Too many attempts. Try again in 15 minutes.', 'TOO_MANY_REQUESTS'),
      )
      .install();
    const app = renderApp('/account/login');
    await passPasswordStep(app);
    await app.user.click(screen.getByRole('switch', { name: 'Use a recovery code' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(recovery).toHaveFocus();
    expect(recovery).not.toHaveAttribute('autocomplete', 'one-time-code');
    await app.user.type(recovery, 'ABCD-EFGH-JKLM-NPQR');
    await app.user.keyboard('{Enter}');
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.loginMfa)[0]?.body).toMatchObject({ code: 'ABCD-EFGH-JKLM-NPQR' });
  });

  it('goes back to the password step, saying why, when the challenge has expired', async () => {
    twoStepApi()
      .on('POST', ENDPOINTS.loginMfa, () =>
        fail(401, 'Your sign-in took too long. Please sign in again.', 'MFA_CHALLENGE_EXPIRED'),
      )
      .install();
    const app = renderApp('/account/login');
    await app.user.type(await passPasswordStep(app), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in took too long. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).not.toBeInTheDocument();
  });

  it('asks for a code before calling the server', async () => {
    const api = twoStepApi().install();
    const app = renderApp('/account/login');
    await passPasswordStep(app);
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter the code')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.loginMfa)).toHaveLength(0);
  });

  it('asks for the code after a ?token= link for a user with two-step sign-in', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.loginWithToken, () =>
        ok(MfaChallengeAnswerSchema, { mfaRequired: true, challenge: CHALLENGE }),
      )
      .on('POST', ENDPOINTS.loginMfa, () =>
        ok(LoginAnswerSchema, { token: 'session-3', userInfo: nurse({ mfaEnabled: true }) }),
      )
      .signedIn('session-3', nurse({ mfaEnabled: true }))
      .install();
    const app = renderApp('/account/login?token=one-time');
    await app.user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.loginMfa)[0]?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
    });
  });
});
