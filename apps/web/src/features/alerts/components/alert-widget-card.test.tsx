import { WIDGETS, widgetByKey } from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
      expect(patients()).toEqual([
        'Unread, Bob (unread)',
        'Unread, Dee (unread)',
        'Read, Ann',
        'Unmarkable, Cy',
      ]),
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
    // A failed list has no count: '0' would tell a nurse there is nothing to answer.
    expect(within(broken).queryByLabelText('0 alerts')).not.toBeInTheDocument();
    const working = screen.getByRole('region', { name: 'NON-COVERED' });
    expect(await within(working).findByText('Works, Fine')).toBeInTheDocument();
    // Read out by its name (a label on a plain element is not).
    expect(within(working).getByRole('img', { name: '1 alerts' })).toBeInTheDocument();
  }, 30_000);

  it('polls the first page of a paged widget every 30 seconds and puts new rows on top', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const refill = widgetByKey('refillTooSoon');
    const old = alertFixture({ patName: 'Old, Olive', rxGuid: 'old' });
    const fresh = alertFixture({ patName: 'New, Nina', rxGuid: 'new' });
    let answers = [old];
    const settings = {
      ...Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false])),
      widget_refillTooSoon_Show: true,
    };
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse({ userSettings: settings })))
      .on('GET', refill.listCall, () => listAnswer(refill, answers))
      .install();
    renderApp('/dashboard', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    const table = await screen.findByRole('table', { name: 'REFILL TOO SOON alerts' });
    await within(table).findByText('Old, Olive');
    const before = api.callsTo('GET', refill.listCall).length;
    answers = [fresh, old];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_500);
    });
    const card = screen.getByRole('region', { name: 'REFILL TOO SOON' });
    await waitFor(() => {
      const names = within(card)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
      expect(names).toEqual(['New, Nina', 'Old, Olive']);
    });
    expect(api.callsTo('GET', refill.listCall).length).toBe(before + 1);
    expect(within(card).getByLabelText('2 alerts')).toBeInTheDocument();
  });

  it("keeps the poll's new row and total when 'Show N more...' loads the next page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const refill = widgetByKey('refillTooSoon');
    const first = Array.from({ length: 3 }, (_, i) =>
      alertFixture({ patName: `First ${i}`, rxGuid: `f${i}` }),
    );
    const second = [alertFixture({ patName: 'Second 0', rxGuid: 's0' })];
    const fresh = alertFixture({ patName: 'New, Nina', rxGuid: 'new' });
    let firstPage = first;
    let count = 4;
    const settings = {
      ...Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false])),
      widget_refillTooSoon_Show: true,
    };
    withOrganisations(new FakeApi().signedIn('tok', nurse({ userSettings: settings })))
      .on('GET', refill.listCall, (call) =>
        call.query.get('cursor') === 'page-2'
          ? listAnswer(refill, second, count)
          : listAnswer(refill, firstPage, count, 'page-2'),
      )
      .install();
    const { user } = renderApp('/dashboard', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    const card = await screen.findByRole('region', { name: 'REFILL TOO SOON' });
    await within(card).findByText('First 0');
    // A new alert lands on the first page; the poll brings it.
    firstPage = [first[0], fresh, first[1]].filter((a) => a !== undefined);
    count = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_500);
    });
    await within(card).findByText('New, Nina');
    expect(within(card).getByLabelText('5 alerts')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Show 1 more/ }));
    await within(card).findByText('Second 0');
    expect(within(card).getByText('New, Nina')).toBeInTheDocument();
    expect(within(card).getByLabelText('5 alerts')).toBeInTheDocument();
    vi.useRealTimers();
  });
});
