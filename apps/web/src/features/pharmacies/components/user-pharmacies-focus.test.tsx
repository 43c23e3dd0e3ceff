import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '@/test/fake-api.ts';
import { pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { openPharmaciesOf, withPendingUpny, withPharmacyAdmin, withUserPharmacies } from './test-fixtures.ts';

const T = { timeout: 5000 };

function install() {
  return withUserPharmacies(withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist()))).install();
}

describe('UserPharmaciesModal and its confirmations, by keyboard', () => {
  it('Escape in the Remove confirmation closes only it, and focus goes back to the Remove button', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await openPharmaciesOf(user, 'Pia Pharmacist');
    const remove = await within(dialog).findByRole('button', { name: 'Remove from sprx' }, T);
    await user.click(remove);
    expect(
      await screen.findByText('Remove Pia Pharmacist from SpecialtyRx Garden State?'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        screen.queryByText('Remove Pia Pharmacist from SpecialtyRx Garden State?'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Pharmacies of Pia Pharmacist' })).toBeInTheDocument();
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('Escape in the Unsaved pharmacies confirmation closes it once and leaves focus in the dialog', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await withPendingUpny(user, 'Pia Pharmacist');
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement;
    close.focus();
    await user.keyboard('{Escape}');
    const question = 'There are unsaved pending pharmacies. Leave page without saving?';
    expect(await screen.findByText(question)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(question)).not.toBeInTheDocument());
    // Not re-opened by the same key press, and the dialog under it is still there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(question)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pharmacies of Pia Pharmacist' })).toBeInTheDocument();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('keeps focus in the dialog when adding, discarding and saving pending pharmacies change its controls', async () => {
    install();
    const { user } = renderApp('/pharmacy-users', { token: 'tok' });
    const dialog = await openPharmaciesOf(user, 'Pia Pharmacist');
    await within(dialog).findByLabelText('Role at sprx', { selector: 'input' }, T);
    const picker = within(dialog).getByLabelText<HTMLInputElement>('Add pharmacy', { selector: 'input' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
    const role = within(dialog).getByLabelText('Role at upny', { selector: 'input' });
    await waitFor(() => expect(role).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Discard pending upny' }));
    await waitFor(() => expect(picker).toHaveFocus());
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Upstate Pharmacy NY (upny)' }));
    await user.click(within(dialog).getByLabelText('Role at upny', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save pharmacies' }));
    expect(await screen.findByText('User added to pharmacies')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        picker.disabled ? within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) : picker,
      ).toHaveFocus(),
    );
  });
});
