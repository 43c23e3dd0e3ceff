import {
  ENDPOINTS,
  PHARMACY_KEY_MESSAGES,
  PharmaciesAnswerSchema,
  PharmacyKeysAnswerSchema,
} from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

function install() {
  return new FakeApi()
    .signedIn('tok', pharmacist())
    .on('GET', ENDPOINTS.pharmacyKeys, () => ok(PharmacyKeysAnswerSchema, { keys: [] }))
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
    .install();
}

describe('CreateKeyForm', () => {
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
