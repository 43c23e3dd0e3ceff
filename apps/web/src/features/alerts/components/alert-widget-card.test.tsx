import { WIDGETS, widgetByKey } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertFixture, listAnswer, withOrganisations } from '@/test/alert-fixtures.ts';
import { FakeApi, fail } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const authorization = widgetByKey('highCost');
const nonCovered = widgetByKey('nonCovered');
const onlyTwo = {
  ...Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false])),
  widget_highCost_Show: true,
  widget_nonCovered_Show: true,
};

describe('AlertWidgetCard', () => {
  it('puts unread rows first, counts the total and shows a red bubble for an unread Reply', async () => {
    const alerts = [
      alertFixture({ patName: 'Read, Ann', readByFaci: true }),
      alertFixture({ patName: 'Unread, Bob', readByFaci: false, hasUnreadReply: true }),
      alertFixture({ patName: 'Unmarkable, Cy', readByFaci: null }),
      alertFixture({ patName: 'Unread, Dee', readByFaci: false }),
    ];
    withOrganisations(new FakeApi().signedIn('tok', nurse({ userSettings: onlyTwo })))
      .on('GET', authorization.listCall, () => listAnswer(authorization, alerts))
      .on('GET', nonCovered.listCall, () => listAnswer(nonCovered, []))
      .install();
    renderApp('/dashboard', { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' });
    const table = await within(card).findByRole('table', { name: 'AUTHORIZATION alerts' });
    const patients = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    await waitFor(() =>
      expect(patients()).toEqual(['Unread, Bob', 'Unread, Dee', 'Read, Ann', 'Unmarkable, Cy']),
    );
    expect(within(card).getByLabelText('4 alerts')).toBeInTheDocument();
    const bob = within(table).getAllByRole('row')[1];
    expect(
      within(bob as HTMLElement).getByRole('img', { name: 'Unread reply from pharmacy' }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('img', { name: 'Unread reply from pharmacy' })).toHaveLength(1);
    expect(within(card).getByText('End of alerts')).toBeInTheDocument();
    expect(
      within(await screen.findByRole('region', { name: 'NON-COVERED' })).findByText('No alerts'),
    ).toBeTruthy();
  });

  it('shows an error state in a failing card while the others work', async () => {
    withOrganisations(new FakeApi().signedIn('tok', nurse({ userSettings: onlyTwo })))
      .on('GET', authorization.listCall, () => fail(500, 'Internal Server Error', 'INTERNAL'))
      .on('GET', nonCovered.listCall, () =>
        listAnswer(nonCovered, [alertFixture({ patName: 'Works, Fine' })]),
      )
      .install();
    renderApp('/dashboard', { token: 'tok' });
    const broken = await screen.findByRole('region', { name: 'AUTHORIZATION' });
    expect(
      await within(broken).findByText('Could not load alerts', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const working = screen.getByRole('region', { name: 'NON-COVERED' });
    expect(await within(working).findByText('Works, Fine')).toBeInTheDocument();
  }, 30_000);
});
