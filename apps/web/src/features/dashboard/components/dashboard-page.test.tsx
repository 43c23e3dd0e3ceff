import { ENDPOINTS, WIDGETS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withOrganisations } from '@/test/alert-fixtures.ts';
import { FakeApi } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('DashboardPage', () => {
  it("shows the user's visible widgets in their order", async () => {
    const hidden = Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false]));
    const settings = {
      ...hidden,
      widget_pumpPickup_Show: true,
      widget_pumpPickup_SortOrder: 1,
      widget_highCost_Show: true,
      widget_highCost_SortOrder: 2,
    };
    new FakeApi().signedIn('tok', nurse({ userSettings: settings })).install();
    renderApp('/dashboard', { token: 'tok' });
    const grid = await screen.findByTestId('dashboard-widgets');
    const titles = within(grid)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['PUMP PICKUP', 'AUTHORIZATION']);
  });

  it('fetches what an alert opened from it waits for (facilities, pharmacies) once idle, and once', async () => {
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse())).install();
    renderApp('/dashboard', { token: 'tok' });
    await screen.findByTestId('dashboard-widgets');
    // jsdom has no idle callback: the page's fallback runs 2 s after its first render.
    await waitFor(
      () => {
        expect(api.callsTo('GET', ENDPOINTS.facilities)).toHaveLength(1);
        expect(api.callsTo('GET', ENDPOINTS.pharmacies)).toHaveLength(1);
      },
      { timeout: 4_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('GET', ENDPOINTS.facilities)).toHaveLength(1);
  });

  it("says 'No widgets' when every widget is hidden", async () => {
    const hidden = Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false]));
    new FakeApi().signedIn('tok', nurse({ userSettings: hidden })).install();
    renderApp('/dashboard', { token: 'tok' });
    expect(await screen.findByText('No widgets')).toBeInTheDocument();
  });
});
