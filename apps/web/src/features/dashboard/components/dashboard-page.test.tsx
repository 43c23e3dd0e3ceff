import { WIDGETS } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it("says 'No widgets' when every widget is hidden", async () => {
    const hidden = Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false]));
    new FakeApi().signedIn('tok', nurse({ userSettings: hidden })).install();
    renderApp('/dashboard', { token: 'tok' });
    expect(await screen.findByText('No widgets')).toBeInTheDocument();
  });
});
