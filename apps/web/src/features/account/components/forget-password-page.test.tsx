import { ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { renderApp } from '@/test/render-app.tsx';

const SENT =
  'If an account exists for this email, a password reset link is on its way. It works for one hour.';

describe('/forget-password', () => {
  it('is linked from the sign-in page as "Forgot password?"', async () => {
    new FakeApi().install();
    const { user } = renderApp('/account/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
  });

  it('validates the email, then sends it as username and shows the one answer', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.passwordReset, () => ok(MessageAnswerSchema, { message: SENT }))
      .install();
    const { user } = renderApp('/forget-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email is required');
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Invalid email');
    expect(api.callsTo('POST', ENDPOINTS.passwordReset)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'Nurse@Meadowbrook.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.passwordReset)[0]?.body).toEqual({
      username: 'nurse@meadowbrook.test',
    });
  });

  it('says Internal Server Error on a 500', async () => {
    new FakeApi().on('POST', ENDPOINTS.passwordReset, () => fail(500, 'boom', 'INTERNAL')).install();
    const { user } = renderApp('/forget-password');
    await user.type(await screen.findByLabelText(/^Email/), 'nurse@meadowbrook.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
  });
});
