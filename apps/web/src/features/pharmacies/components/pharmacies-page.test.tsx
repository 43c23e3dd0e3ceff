import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';
import { withPharmacyAdmin } from './test-fixtures.ts';

const T = { timeout: 5000 };

describe('PharmaciesPage', () => {
  it('lists pharmacies with their facility count, searches, and opens the facilities modal in the query', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    const { user, router } = renderApp('/pharmacies', { token: 'tok' });
    const sprx = await screen.findByRole('row', { name: /sprx/ }, T);
    expect(within(sprx).getAllByRole('cell')[2]).toHaveTextContent('2');
    await user.type(screen.getByLabelText('Search pharmacies'), 'upny');
    expect(screen.queryByRole('row', { name: /sprx/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Facilities of upny' }));
    expect(currentPath(router)).toBe('/pharmacies?pharmID=upny');
    const dialog = await screen.findByRole('dialog', { name: 'Facilities of upny' });
    expect(within(dialog).getByText('Lakeside Nursing Home')).toBeInTheDocument();
  });

  it('matches a search only on what each row shows, its id and its name', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    const { user } = renderApp('/pharmacies', { token: 'tok' });
    await screen.findByRole('row', { name: /sprx/ }, T);
    const search = screen.getByLabelText('Search pharmacies');
    for (const text of ['Upstate', 'garden state', 'upny']) {
      await user.clear(search);
      await user.type(search, text);
      const rows = screen.getAllByRole('row').slice(1);
      expect(rows, text).toHaveLength(1);
      expect((rows[0]?.textContent ?? '').toLowerCase(), text).toContain(text.toLowerCase());
    }
  });

  it('sorts the facilities modal by ID and name', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    const { user } = renderApp('/pharmacies?pharmID=sprx', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'Facilities of sprx' }, T);
    const names = () =>
      within(dialog)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(names()).toEqual(['Meadowbrook Care Center', 'Meadowbrook East']);
    await user.click(within(dialog).getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual(['Meadowbrook East', 'Meadowbrook Care Center']);
    await user.type(within(dialog).getByLabelText('Search facilities'), 'east');
    expect(names()).toEqual(['Meadowbrook East']);
  });

  it('opens the users modal with &users=true, showing users with a role in that pharmacy', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    renderApp('/pharmacies?pharmID=upny&users=true', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'Users of upny' }, T);
    expect(await within(dialog).findByText('sysadmin@pharmacy.test')).toBeInTheDocument();
    expect(within(dialog).queryByText('pharmacist@pharmacy.test')).not.toBeInTheDocument();
  });

  it('opens the forms modal with &faciID= for the pharmacy’s region', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    renderApp('/pharmacies?pharmID=sprx&faciID=101', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'Forms for Meadowbrook Care Center' }, T);
    const links = await within(dialog).findAllByRole('link');
    expect(links).toHaveLength(4);
    // sprx is in the NJ region; each card opens the forms service prefilled for facility 101, in a new tab.
    const outOnPass = within(dialog).getByRole('link', { name: /Out on Pass Medication/ });
    expect(outOnPass.getAttribute('href')).toContain('/NJ/out-on-pass');
    expect(outOnPass.getAttribute('href')).toContain('facilityName=');
    expect(outOnPass.getAttribute('target')).toBe('_blank');
  });

  it('opens a facility’s forms over the facilities modal and, closed, returns to it and to its Forms button', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    const { user, router } = renderApp('/pharmacies?pharmID=sprx', { token: 'tok' });
    const facilities = await screen.findByRole('dialog', { name: 'Facilities of sprx' }, T);
    await user.type(within(facilities).getByLabelText('Search facilities'), 'east');
    await user.click(within(facilities).getByRole('button', { name: 'Forms for Meadowbrook East' }));
    expect(currentPath(router)).toBe('/pharmacies?pharmID=sprx&faciID=102');
    const forms = await screen.findByRole('dialog', { name: 'Forms for Meadowbrook East' }, T);
    // The facility's modal is still there under the forms, as the user left it.
    expect(screen.getByRole('dialog', { name: 'Facilities of sprx', hidden: true })).toBeInTheDocument();
    await user.click(within(forms).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Forms for Meadowbrook East' })).not.toBeInTheDocument(),
    );
    expect(currentPath(router)).toBe('/pharmacies?pharmID=sprx');
    const back = screen.getByRole('dialog', { name: 'Facilities of sprx' });
    expect(within(back).getByLabelText('Search facilities')).toHaveValue('east');
    await waitFor(() =>
      expect(within(back).getByRole('button', { name: 'Forms for Meadowbrook East' })).toHaveFocus(),
    );
    // Escape then closes the facilities modal too, one at a time.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/pharmacies');
  });

  it('says so when the link names a pharmacy that is not among the viewer’s', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', pharmacist())).install();
    const { user, router } = renderApp('/pharmacies?pharmID=ohio&users=true', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'Pharmacy ohio' }, T);
    expect(within(dialog).getByText('No pharmacy ohio among yours')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(currentPath(router)).toBe('/pharmacies');
  });

  it('offers no users action to facility users', async () => {
    withPharmacyAdmin(new FakeApi().signedIn('tok', nurse())).install();
    renderApp('/pharmacies', { token: 'tok' });
    await screen.findByRole('button', { name: 'Facilities of sprx' }, T);
    expect(screen.queryByRole('button', { name: 'Users of sprx' })).not.toBeInTheDocument();
  });
});
