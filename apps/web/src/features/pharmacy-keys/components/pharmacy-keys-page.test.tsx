import {
  CreatedPharmacyKeySchema,
  ENDPOINTS,
  PHARMACY_KEY_MESSAGES,
  PharmaciesAnswerSchema,
  type PharmacyKey,
  PharmacyKeySchema,
  PharmacyKeysAnswerSchema,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const SECRET = 'cpk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdWXYZ';

function install() {
  const keys: PharmacyKey[] = [
    {
      id: 1,
      pharmID: 'sprx',
      name: 'Dispensing system',
      last4: 'q9Zk',
      createdBy: 'Sam Sysadmin',
      createdAt: '2026-11-01T10:00:00Z',
      revokedAt: null,
    },
  ];
  const api = new FakeApi()
    .signedIn('tok', pharmacist())
    .on('GET', ENDPOINTS.pharmacyKeys, () => ok(PharmacyKeysAnswerSchema, { keys }))
    .on('GET', ENDPOINTS.pharmacies, () =>
      ok(PharmaciesAnswerSchema, {
        pharmacies: [
          {
            pharmID: 'sprx',
            pharmName: 'SpecialtyRx',
            pharmState: 'NJ',
            userRole: 'SysAdmin',
            facilities: [],
            userPermissions: {},
            pharmPermissions: {},
          },
        ],
      }),
    )
    .on('POST', ENDPOINTS.pharmacyKeys, (call) => {
      const body = call.body as { pharmID: string; name: string };
      const key = {
        ...body,
        id: 2,
        last4: SECRET.slice(-4),
        createdBy: 'Sam Sysadmin',
        createdAt: '2026-11-02T10:00:00Z',
        revokedAt: null,
      };
      keys.unshift(key);
      return { status: 201, body: CreatedPharmacyKeySchema.parse({ key, secret: SECRET }) };
    })
    .on('DELETE', ENDPOINTS.pharmacyKey.replace(':id', '1'), () => {
      const revoked = { ...keys[keys.length - 1], revokedAt: '2026-11-02T11:00:00Z' } as PharmacyKey;
      keys[keys.length - 1] = revoked;
      return ok(PharmacyKeySchema, revoked);
    });
  api.install();
  return api;
}

describe('PharmacyKeysPage', () => {
  it('lists keys by their last four characters only', async () => {
    install();
    renderApp('/pharmacy-keys', { token: 'tok' });
    const row = (await screen.findByRole('cell', { name: 'Dispensing system' }, { timeout: 5000 })).closest(
      'tr',
    );
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('…q9Zk')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Active')).toBeInTheDocument();
  });

  it('creates a key, shows it once with a copy button and the warning, and names a missing name', async () => {
    const api = install();
    const { user } = renderApp('/pharmacy-keys', { token: 'tok' });
    await screen.findByRole('cell', { name: 'Dispensing system' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(PHARMACY_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByPlaceholderText('Select a pharmacy'));
    await user.click(await screen.findByRole('option', { name: 'SpecialtyRx (sprx)' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Nightly export');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(PHARMACY_KEY_MESSAGES.shownOnce)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      pharmID: 'sprx',
      name: 'Nightly export',
    });
    await screen.findByRole('cell', { name: 'Nightly export' });

    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('revokes a key only after confirmation', async () => {
    const api = install();
    const { user } = renderApp('/pharmacy-keys', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Revoke Dispensing system' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps focus on the page when the notice or a Revoke button goes: the next key, else the heading', async () => {
    install();
    const { user } = renderApp('/pharmacy-keys', { token: 'tok' });
    await screen.findByRole('cell', { name: 'Dispensing system' }, { timeout: 5000 });
    await user.click(screen.getByPlaceholderText('Select a pharmacy'));
    await user.click(await screen.findByRole('option', { name: 'SpecialtyRx (sprx)' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Nightly export');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await user.click(await screen.findByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Pharmacy API Keys' })).toHaveFocus(),
    );

    await user.click(await screen.findByRole('button', { name: 'Revoke Dispensing system' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke Nightly export' })).toHaveFocus());
  });

  it('sends a nurse back to the dashboard', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    const { router } = renderApp('/pharmacy-keys', { token: 'tok' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'), { timeout: 5000 });
    expect(screen.queryByText('Pharmacy API Keys')).not.toBeInTheDocument();
  });

  it('puts the cursor in the first field to fix, its message read with it', async () => {
    install();
    const { user } = renderApp('/pharmacy-keys', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Create key' }, { timeout: 5000 }));
    const pharmacy = screen.getByLabelText(/^Pharmacy/, { selector: 'input' });
    await waitFor(() => expect(pharmacy).toHaveFocus());
    expect(pharmacy).toHaveAccessibleDescription(PHARMACY_KEY_MESSAGES.pharmacyRequired);

    await user.click(pharmacy);
    await user.click(await screen.findByRole('option', { name: 'SpecialtyRx (sprx)' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const name = screen.getByLabelText(/^Name/, { selector: 'input' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining(PHARMACY_KEY_MESSAGES.nameRequired) as unknown as string,
    );
  });
});
