import {
  ENDPOINTS,
  MessageAnswerSchema,
  MfaEnrolStartAnswerSchema,
  MfaRecoveryCodesAnswerSchema,
  type MfaStatus,
  MfaStatusSchema,
} from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DD${String(i).padStart(2, '2')}`);
const OFF: MfaStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, isRequired: false };
const ON: MfaStatus = {
  enabled: true,
  enabledAt: '2026-11-02T15:00:00Z',
  recoveryCodesLeft: 10,
  isRequired: false,
};

function fakeApi(initial: MfaStatus, user = nurse()) {
  let status = initial;
  return new FakeApi()
    .on('GET', ENDPOINTS.tokenInfo, () => ({ status: 200, body: { userInfo: user } }))
    .on('GET', ENDPOINTS.mfa, () => ok(MfaStatusSchema, status))
    .on('POST', ENDPOINTS.mfaEnrol, () =>
      ok(MfaEnrolStartAnswerSchema, {
        secret: SECRET,
        otpauthUri: `otpauth://totp/Care%20Portal:nurse?secret=${SECRET}`,
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    )
    .on('POST', ENDPOINTS.mfaEnrolConfirm, (call) => {
      if ((call.body as { code: string }).code !== '123456')
        return fail(400, 'That code is not right.', 'BAD_REQUEST', { code: 'That code is not right.' });
      status = ON;
      user = { ...user, mfaEnabled: true, mfaEnrolmentRequired: false };
      return ok(MfaRecoveryCodesAnswerSchema, { message: 'Two-step sign-in is on', recoveryCodes: CODES });
    })
    .on('POST', ENDPOINTS.mfaDisable, () => {
      status = OFF;
      return ok(MessageAnswerSchema, { message: 'Two-step sign-in is off' });
    })
    .on('POST', ENDPOINTS.mfaRecoveryCodes, (call) => {
      if ((call.body as { currentPassword: string }).currentPassword !== 'portal-demo-1')
        return fail(400, 'Current password is incorrect', 'BAD_REQUEST', {
          currentPassword: 'Current password is incorrect',
        });
      return ok(MfaRecoveryCodesAnswerSchema, { message: 'New recovery codes made', recoveryCodes: CODES });
    });
}

async function enrolThroughCodes(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
  expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:/),
  );
  expect(screen.getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  await app.user.type(screen.getByLabelText(/^Code from the app/), '123456');
  await app.user.type(screen.getByLabelText(/^Current password/), 'portal-demo-1');
  await app.user.click(screen.getByRole('button', { name: 'Turn on' }));
  return screen.findByRole('list', { name: 'Recovery codes' });
}

describe('Settings > Two-step sign-in', () => {
  it('sets up with a QR code and the key as text, then shows the recovery codes until they are saved', async () => {
    const api = fakeApi(OFF).install();
    const app = renderApp('/settings/twoStep', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Two-step sign-in' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Off')).toBeInTheDocument();
    const list = await enrolThroughCodes(app);
    expect(list.querySelectorAll('li')).toHaveLength(10);
    // It is on from the accepted code, while the codes are still shown.
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.queryByText('Off')).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.mfaEnrolConfirm)[0]?.body).toEqual({
      code: '123456',
      currentPassword: 'portal-demo-1',
    });
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeEnabled();
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await app.user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await app.user.click(done);
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('shows a wrong code on its field and stays on the set-up', async () => {
    fakeApi(OFF).install();
    const app = renderApp('/settings/twoStep', { token: 'tok' });
    await app.user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await app.user.type(await screen.findByLabelText(/^Code from the app/), '999999');
    await app.user.type(screen.getByLabelText(/^Current password/), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByLabelText(/^Code from the app/)).toHaveAccessibleDescription(
      expect.stringContaining('That code is not right.'),
    );
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it("hides the wrong code's toast once a retry turns it on", async () => {
    fakeApi(OFF).install();
    const app = renderApp('/settings/twoStep', { token: 'tok' });
    await app.user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await app.user.type(await screen.findByLabelText(/^Code from the app/), '999999');
    await app.user.type(screen.getByLabelText(/^Current password/), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Error 400: Bad Request')).toBeInTheDocument();
    await app.user.clear(screen.getByLabelText(/^Code from the app/));
    await app.user.type(screen.getByLabelText(/^Code from the app/), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-step sign-in is on')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Error 400: Bad Request')).not.toBeInTheDocument());
  });

  it('turns off with the password and a code', async () => {
    const api = fakeApi(ON).install();
    const app = renderApp('/settings/twoStep', { token: 'tok' });
    await app.user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await app.user.type(screen.getByLabelText(/^Current password/), 'portal-demo-1');
    await app.user.type(screen.getByLabelText(/^Code from the app, or a recovery code/), '654321');
    await app.user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.mfaDisable)[0]?.body).toEqual({
      code: '654321',
      currentPassword: 'portal-demo-1',
    });
  });

  it('makes new recovery codes, showing a wrong password on its field first', async () => {
    fakeApi(ON).install();
    const app = renderApp('/settings/twoStep', { token: 'tok' });
    await app.user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await app.user.type(screen.getByLabelText(/^Current password/), 'wrong');
    await app.user.type(screen.getByLabelText(/^Code from the app, or a recovery code/), '654321');
    await app.user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByLabelText(/^Current password/)).toHaveAccessibleDescription(
      expect.stringContaining('Current password is incorrect'),
    );
    await app.user.clear(screen.getByLabelText(/^Current password/));
    await app.user.type(screen.getByLabelText(/^Current password/), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    // The wrong password's toast goes with the success: no stale error beside 'New recovery codes made'.
    await waitFor(() => expect(screen.queryByText('Error 400: Bad Request')).not.toBeInTheDocument());
  });

  it('offers no way to turn it off when the role requires it', async () => {
    fakeApi({ ...ON, isRequired: true }).install();
    renderApp('/settings/twoStep', { token: 'tok' });
    expect(await screen.findByText(/cannot be turned off/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});

describe('forced set-up (MFA_REQUIRED_FOR_ADMINS)', () => {
  it('holds the pages back until set up and the codes saved, then opens the page', async () => {
    fakeApi(OFF, { ...pharmacist(), mfaEnrolmentRequired: true }).install();
    const app = renderApp('/settings/account', { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeInTheDocument();
    await enrolThroughCodes(app);
    await app.user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await app.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('link', { name: 'Account Info' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set up two-step sign-in' })).not.toBeInTheDocument();
  });

  it('appears when a call answers 403 MFA_ENROLMENT_REQUIRED', async () => {
    fakeApi(OFF)
      .on('GET', ENDPOINTS.facilities, () =>
        fail(403, 'Your role needs two-step sign-in.', 'MFA_ENROLMENT_REQUIRED'),
      )
      .install();
    renderApp('/facilities', { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
  });
});
