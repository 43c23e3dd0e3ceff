import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

async function landOn(path: string, user = nurse()) {
  new FakeApi().signedIn('tok', user).install();
  const app = renderApp(path, { token: 'tok' });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('route table', () => {
  it('lands an alias path like /alerts/PharmacyAlerts/RefillTooSoon on the refill widget page', async () => {
    const app = await landOn('/alerts/PharmacyAlerts/RefillTooSoon');
    expect(await screen.findByRole('heading', { level: 1, name: 'REFILL TOO SOON' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/alerts/refilltoosoon');
  });

  it("keeps an alias link's facility narrowing and hash when it lands on the widget's own path", async () => {
    const app = await landOn('/alerts/pharmacyalerts/refilltoosoon?facilityIds=101#top');
    expect(await screen.findByRole('heading', { level: 1, name: 'REFILL TOO SOON' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/alerts/refilltoosoon?facilityIds=101');
    expect(app.router.state.location.hash).toBe('#top');
  });

  it('opens a widget archive whatever the case of its path', async () => {
    const app = await landOn('/alerts/NONCOVERED/archive');
    expect(screen.getByRole('heading', { level: 1, name: 'NON-COVERED Archive' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/alerts/noncovered/archive');
  });

  it('sends an unknown widget to the dashboard', async () => {
    const app = await landOn('/alerts/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/dashboard');
  });

  it('sends an unknown path to the dashboard', async () => {
    const app = await landOn('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/dashboard');
  });

  it('sends / to the dashboard and /settings to the account tab', async () => {
    const app = await landOn('/');
    expect(currentPath(app.router)).toBe('/dashboard');
    await app.router.navigate('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Info' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/settings/account');
  });

  it('opens an alert detail page by its identifier', async () => {
    await landOn('/clarifications/RX123');
    expect(screen.getByRole('heading', { level: 1, name: 'CLARIFICATIONS RX123' })).toBeInTheDocument();
  });

  it('keeps pharmacy-only pages from facility users', async () => {
    const app = await landOn('/pharmacy-users');
    expect(currentPath(app.router)).toBe('/dashboard');
    await app.router.navigate('/files/recycling-bin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/files');
  });

  it('opens the recycling bin for a super admin, as the server lets them use it', async () => {
    const app = await landOn(
      '/files/recycling-bin',
      nurse({ userType: 'SuperAdmin', userRole: 'SuperAdmin' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Recycling Bin' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/files/recycling-bin');
  });

  it('keeps paths under the recycling bin to the bin’s rule: no folder of the tree behind it', async () => {
    const facility = await landOn('/files/recycling-bin/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toBeInTheDocument();
    expect(currentPath(facility.router)).toBe('/files');
  });

  it('opens pharmacy-only pages for pharmacy users', async () => {
    const app = await landOn('/pharmacy-users', pharmacist());
    expect(screen.getByRole('heading', { level: 1, name: 'Pharmacy Users' })).toBeInTheDocument();
    await app.router.navigate('/files/recycling-bin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recycling Bin' })).toBeInTheDocument();
  });

  it('marks screens of later releases clearly', async () => {
    await landOn('/frameworkVision');
    expect(screen.getByRole('heading', { level: 1, name: 'Framework Vision' })).toBeInTheDocument();
    expect(screen.getByTestId('coming-later')).toHaveTextContent('Coming in a later release');
  });
});
