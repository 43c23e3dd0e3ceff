import { ENDPOINTS, FacilitiesAnswerSchema, PharmaciesAnswerSchema } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pharmacyFixture } from '@/test/alert-fixtures.ts';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

function install() {
  const facilities = [
    settableFacility(),
    settableFacility({ facID: 102, facName: 'Meadowbrook East', permissions: {} }),
    settableFacility({ facID: 99, facName: 'Zephyr Hall', pharmID: 'alrx' }),
  ];
  new FakeApi()
    .signedIn('tok', nurse())
    .on('GET', ENDPOINTS.facilities, () => ok(FacilitiesAnswerSchema, { facilities }))
    .install();
}

/** A pharmacy user at sprx whose own pharmacy role grants these keys. */
function installPharmacyUser(userPermissions: string[]) {
  new FakeApi()
    .signedIn('tok', pharmacist())
    .on('GET', ENDPOINTS.facilities, () =>
      ok(FacilitiesAnswerSchema, { facilities: [settableFacility({ userRole: 'Manager' })] }),
    )
    .on('GET', ENDPOINTS.pharmacies, () =>
      ok(PharmaciesAnswerSchema, { pharmacies: [pharmacyFixture(userPermissions, 'Manager')] }),
    )
    .install();
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('FacilitiesPage', () => {
  it('sorts by name ascending, flips on a second click, and searches by name', async () => {
    install();
    const { user } = renderApp('/facilities', { token: 'tok' });
    await screen.findByText('Zephyr Hall', {}, { timeout: 5000 });
    expect(names()).toEqual(['Meadowbrook Care Center', 'Meadowbrook East', 'Zephyr Hall']);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual(['Zephyr Hall', 'Meadowbrook East', 'Meadowbrook Care Center']);
    await user.click(screen.getByRole('button', { name: /^ID/ }));
    expect(names()).toEqual(['Zephyr Hall', 'Meadowbrook Care Center', 'Meadowbrook East']);
    await user.type(screen.getByLabelText('Search facilities'), 'east');
    expect(names()).toEqual(['Meadowbrook East']);
  });

  it('shows the viewer’s role by its label, as the role pickers name it', async () => {
    install();
    renderApp('/facilities', { token: 'tok' });
    const row = await screen.findByRole('row', { name: /Meadowbrook Care Center/ }, { timeout: 5000 });
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(/^Facility Admin$/);
  });

  it('heads the row-menu column Actions for everyone, as Facility Users and Pharmacy Users do', async () => {
    install();
    renderApp('/facilities', { token: 'tok' });
    await screen.findByText('Zephyr Hall', {}, { timeout: 5000 });
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    // The word is the header's own text, not one kept for screen readers and hidden from sight.
    expect(within(header).getByText('Actions')).toBe(header);
  });

  it('offers Facility Settings only where the facility allows setting them', async () => {
    install();
    const { user } = renderApp('/facilities', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Meadowbrook Care Center' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Facility Settings' })).toHaveAttribute(
      'href',
      '/facility/facilitySettings/101',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Meadowbrook East' }));
    await screen.findByRole('menuitem', { name: 'View Users' });
    expect(screen.queryByRole('menuitem', { name: 'Facility Settings' })).not.toBeInTheDocument();
  });

  it('opens Add User as a modal for a facility the viewer manages', async () => {
    install();
    const { user } = renderApp('/facilities', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Meadowbrook Care Center' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add Facility User to Meadowbrook Care Center',
    });
    // The facility is fixed, so the dialog opens in its first field, Role.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Role/, { selector: 'input' })).toHaveFocus());
  });

  it('offers a pharmacy user only the roles their pharmacy role may manage, and no Add User without any', async () => {
    installPharmacyUser(['user_EditNursing', 'user_EditDON']);
    const { user, unmount } = renderApp('/facilities', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Meadowbrook Care Center' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add Facility User to Meadowbrook Care Center',
    });
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Nursing', 'DON']);
    unmount();

    installPharmacyUser([]);
    const second = renderApp('/facilities', { token: 'tok' });
    await second.user.click(
      await screen.findByRole('button', { name: 'Actions for Meadowbrook Care Center' }, { timeout: 5000 }),
    );
    const addUser = await screen.findByRole('menuitem', { name: 'Add User' });
    expect(addUser).toBeDisabled();
  });
});
