import { ENDPOINTS, MediprocityAnswerSchema, MessageAnswerSchema, type UserInfo } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

function fakeApi() {
  let user: UserInfo = nurse({ mediprocityUser: false, mediprocityInfo: null });
  return new FakeApi()
    .on('GET', ENDPOINTS.tokenInfo, () => ({ status: 200, body: { userInfo: user } }))
    .on('POST', ENDPOINTS.loginMediprocity, (call) => {
      const body = call.body as { user: string };
      if (body.user === 'rejected')
        return fail(400, 'The messaging service did not accept these credentials', 'BAD_REQUEST');
      const mediprocityInfo = { user: body.user, hasPassword: true, hasEncryptionKey: true };
      user = { ...user, mediprocityUser: true, mediprocityInfo };
      return ok(MediprocityAnswerSchema, { message: 'Credentials successfully saved', mediprocityInfo });
    })
    .on('POST', ENDPOINTS.clearMediprocity, () => {
      user = { ...user, mediprocityUser: false, mediprocityInfo: null };
      return ok(MessageAnswerSchema, { message: 'Credentials removed' });
    });
}

async function fill(user: ReturnType<typeof renderApp>['user'], who: string) {
  await user.type(screen.getByLabelText(/^User/), who);
  await user.type(screen.getByLabelText(/^Password/), 'secret-1');
  await user.type(screen.getByLabelText(/^Encryption key/), 'key-1');
  await user.click(screen.getByRole('button', { name: 'Save credentials' }));
}

describe('SpecialtyRx Now credentials', () => {
  it('requires user, password and key before calling the server', async () => {
    const api = fakeApi().install();
    const { user } = renderApp('/settings/specialtyRxNow', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Save credentials' }));
    expect(await screen.findByText('User is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Encryption key is required')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.loginMediprocity)).toHaveLength(0);
  });

  it('shows the server message when the service refuses them, and keeps the form', async () => {
    fakeApi().install();
    const { user } = renderApp('/settings/specialtyRxNow', { token: 'tok' });
    await screen.findByRole('button', { name: 'Save credentials' });
    await fill(user, 'rejected');
    expect(
      await screen.findByText('The messaging service did not accept these credentials'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save credentials' })).toBeInTheDocument();
  });

  it('saves, shows the success card, and removes only after the confirmation', async () => {
    const api = fakeApi().install();
    const { user } = renderApp('/settings/specialtyRxNow', { token: 'tok' });
    await screen.findByRole('button', { name: 'Save credentials' });
    await fill(user, 'nora.srx');
    const card = await screen.findByRole('region', { name: 'Saved credentials' });
    expect(within(card).getByText('Credentials successfully saved')).toBeInTheDocument();
    expect(within(card).getByText('nora.srx')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.loginMediprocity)[0]?.body).toEqual({
      user: 'nora.srx',
      password: 'secret-1',
      encryptionKey: 'key-1',
    });

    await user.click(within(card).getByRole('button', { name: 'Remove credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove credentials' });
    expect(
      within(dialog).getByText('Remove SpecialtyRx Now credentials? This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', ENDPOINTS.clearMediprocity)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Remove credentials' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove credentials' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Save credentials' })).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.clearMediprocity)).toHaveLength(1);
    // The button that opened the confirmation went with the card: focus was left on the page's body.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'SpecialtyRx Now Credentials' })).toHaveFocus(),
    );
  });
});
