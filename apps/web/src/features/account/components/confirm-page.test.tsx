import { ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('/confirm', () => {
  it('confirms the link once and offers the way to sign in', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.confirmEmail, () =>
        ok(MessageAnswerSchema, { message: 'Your email address is confirmed. You can now sign in.' }),
      )
      .install();
    renderApp('/confirm?email=new%40example.test&token=abc123');
    expect(
      await screen.findByText('Your email address is confirmed. You can now sign in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/login');
    expect(api.callsTo('POST', ENDPOINTS.confirmEmail).map((c) => c.body)).toEqual([
      { email: 'new@example.test', token: 'abc123' },
    ]);
  });

  it("shows the server's refusal of a used or expired link", async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.confirmEmail, () =>
        fail(400, 'This confirmation link is invalid, expired or already used.', 'BAD_REQUEST'),
      )
      .install();
    renderApp('/confirm?email=new%40example.test&token=used');
    expect(
      await screen.findByText('This confirmation link is invalid, expired or already used.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says an incomplete link is incomplete, without calling the server', async () => {
    const api = new FakeApi().install();
    renderApp('/confirm?email=new%40example.test');
    expect(await screen.findByText(/This confirmation link is incomplete/)).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.confirmEmail)).toHaveLength(0);
  });
});
