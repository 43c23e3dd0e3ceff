import {
  type AnyAlert,
  DATE_RANGE_MESSAGES,
  ENDPOINTS,
  LoginAnswerSchema,
  widgetByKey,
} from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PrintDocument } from '@/features/print';
import { alertFixture, listAnswer, withDetail, withOrganisations } from '@/test/alert-fixtures.ts';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const refill = widgetByKey('refillTooSoon');
const authorization = widgetByKey('highCost');
const pumpPickup = widgetByKey('pumpPickup');

// The documents the list PDF buttons make, instead of PDFs.
const printed = vi.hoisted(() => [] as PrintDocument[]);
vi.mock('@/features/print/pdf/render-pdf.tsx', () => ({
  renderPdf: async (doc: PrintDocument) => {
    printed.push(doc);
    return new Blob(['%PDF-']);
  },
}));

describe('WidgetPage', () => {
  it.each([
    ['the nurse', nurse(), /^Unread, Una \(unread\)$/],
    ['a pharmacy user', pharmacist(), /^Unread, Una \(unread at the facility\)$/],
  ])(
    "says an unread row is unread in %s's words: the read state is the facility's",
    async (_who, user, words) => {
      withOrganisations(new FakeApi().signedIn('tok', user))
        .on('GET', refill.listCall, () =>
          listAnswer(refill, [alertFixture({ patName: 'Unread, Una', readByFaci: false })]),
        )
        .install();
      renderApp('/alerts/refilltoosoon', { token: 'tok' });
      const table = await screen.findByRole('table', { name: 'REFILL TOO SOON alerts' });
      expect((await within(table).findByText(/^Unread, Una/)).closest('td')).toHaveTextContent(words);
    },
  );

  // Authorization: no refresh schedule, so only the click refreshes it.
  it('turns its own Refresh yellow from 12 minutes instead of showing a second one, and back once refreshed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () =>
        listAnswer(authorization, [alertFixture({ patName: 'Stale, Sam' })]),
      )
      .install();
    const app = renderApp('/alerts/authorization', { token: 'tok', advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Stale, Sam');
    const refreshButtons = () => screen.getAllByRole('button', { name: /Refresh/ });
    expect(refreshButtons()).toHaveLength(1);
    expect(refreshButtons()[0]).not.toHaveAttribute('data-stale');
    await act(async () => {
      vi.setSystemTime(Date.now() + 13 * 60_000);
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(await screen.findByText('Updated 13 minutes')).toBeInTheDocument();
    expect(refreshButtons()).toHaveLength(1);
    expect(refreshButtons()[0]).toHaveAttribute('data-stale', 'true');
    const before = api.callsTo('GET', authorization.listCall).length;
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh' })).not.toHaveAttribute('data-stale'),
    );
    expect(api.callsTo('GET', authorization.listCall).length).toBe(before + 1);
    expect(screen.getByText('Updated under 1 minute')).toBeInTheDocument();
  });

  it("adds the next page with 'Show N more...' and ends with 'End of alerts'", async () => {
    const first = Array.from({ length: 100 }, (_, i) => alertFixture({ patName: `First ${i}` }));
    const second = Array.from({ length: 30 }, (_, i) => alertFixture({ patName: `Second ${i}` }));
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', refill.listCall, (call) =>
        call.query.get('cursor') === 'page-2'
          ? listAnswer(refill, second, 130)
          : listAnswer(refill, first, 130, 'page-2'),
      )
      .install();
    const app = renderApp('/alerts/refilltoosoon', { token: 'tok' });
    expect(await screen.findByText('Total: 130')).toBeInTheDocument();
    await app.user.click(await screen.findByRole('button', { name: 'Show 30 more...' }));
    expect(await screen.findByText('End of alerts')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'REFILL TOO SOON alerts' });
    expect(table).toHaveAttribute('aria-rowcount', '131');
    expect(api.callsTo('GET', refill.listCall).map((c) => c.query.get('cursor'))).toContain('page-2');
  });

  it('says on the list PDF that it holds only the rows loaded, while the list has more', async () => {
    const first = Array.from({ length: 100 }, (_, i) => alertFixture({ patName: `Pump ${i}` }));
    withOrganisations(new FakeApi().signedIn('tok', pharmacist()))
      .on('GET', pumpPickup.listCall, () => listAnswer(pumpPickup, first, 179, 'page-2'))
      .install();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pumps'), revokeObjectURL: vi.fn() }),
    );
    const app = renderApp('/alerts/pumpPickup', { token: 'tok' });
    await screen.findByText('Total: 179');
    await app.user.click(screen.getByRole('button', { name: 'Download PDF: PUMP PICKUP list' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(printed[0]?.rows).toHaveLength(100);
    expect(printed[0]?.totals).toEqual([{ label: 'Total pumps', value: '100 of 179' }]);
    expect(printed[0]?.facts[0]?.label).toBe('Not printed');
  });

  it("puts the focus on the first row 'Show N more...' added", async () => {
    const first = Array.from({ length: 5 }, (_, i) => alertFixture({ patName: `Early ${i}` }));
    const second = Array.from({ length: 3 }, (_, i) => alertFixture({ patName: `Later ${i}` }));
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', refill.listCall, (call) =>
        call.query.get('cursor') === 'page-2'
          ? listAnswer(refill, second, 8)
          : listAnswer(refill, first, 8, 'page-2'),
      )
      .install();
    const app = renderApp('/alerts/refilltoosoon', { token: 'tok' });
    const more = await screen.findByRole('button', { name: 'Show 3 more...' });
    more.focus();
    await app.user.keyboard('{Enter}');
    expect(await screen.findByText('End of alerts')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Later 0').closest('tr')).toHaveFocus());
  });

  it("puts the focus on the first row 'Show N more...' added as shown: an added unread row goes above the read", async () => {
    const first = [
      alertFixture({ patName: 'Early, Unread', readByFaci: false }),
      alertFixture({ patName: 'Early, Read' }),
    ];
    const second = [
      alertFixture({ patName: 'Later, Read' }),
      alertFixture({ patName: 'Later, Unread', readByFaci: false }),
    ];
    withOrganisations(new FakeApi().signedIn('tok', pharmacist()))
      .on('GET', refill.listCall, (call) =>
        call.query.get('cursor') === 'page-2'
          ? listAnswer(refill, second, 4)
          : listAnswer(refill, first, 4, 'page-2'),
      )
      .install();
    const app = renderApp('/alerts/refilltoosoon', { token: 'tok' });
    const more = await screen.findByRole('button', { name: 'Show 2 more...' });
    more.focus();
    await app.user.keyboard('{Enter}');
    expect(await screen.findByText('End of alerts')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'REFILL TOO SOON alerts' });
    const patients = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(patients).toEqual([
      'Early, Unread (unread at the facility)',
      'Later, Unread (unread at the facility)',
      'Early, Read',
      'Later, Read',
    ]);
    await waitFor(() => expect(screen.getByText(/^Later, Unread/).closest('tr')).toHaveFocus());
  });

  it('sorts on the server when a header is clicked and marks the header with aria-sort', async () => {
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () => listAnswer(authorization, [alertFixture()]))
      .install();
    const app = renderApp('/alerts/authorization', { token: 'tok' });
    const table = await screen.findByRole('table', { name: 'AUTHORIZATION alerts' });
    await app.user.click(within(table).getByRole('button', { name: /Patient/ }));
    await app.user.click(within(table).getByRole('button', { name: /Patient/ }));
    expect(within(table).getByRole('columnheader', { name: /Patient/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const sorts = api
      .callsTo('GET', authorization.listCall)
      .map((c) => `${c.query.get('sort')} ${c.query.get('sortOrder')}`);
    expect(sorts).toContain('patName asc');
    expect(sorts).toContain('patName desc');
  });

  it('puts the sort in its address in place of the history entry, the default order as a clean address, and Back from the archive finds it', async () => {
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () => listAnswer(authorization, [alertFixture({ facID: 101 })]))
      .install();
    const app = renderApp('/alerts/authorization?facilityIds=101', { token: 'tok' });
    const table = await screen.findByRole('table', { name: 'AUTHORIZATION alerts' });
    const header = (name: RegExp) => within(table).getByRole('columnheader', { name });
    await app.user.click(within(table).getByRole('button', { name: /Facility/ }));
    await app.user.click(within(table).getByRole('button', { name: /Facility/ }));
    await waitFor(() =>
      expect(currentPath(app.router)).toBe(
        '/alerts/authorization?facilityIds=101&sort=facName&sortOrder=desc',
      ),
    );
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(header(/Facility/)).toHaveAttribute('aria-sort', 'descending');

    // Back from the archive: the address carries the sort.
    fireEvent.click(screen.getByRole('link', { name: 'Archive' }));
    await screen.findByRole('heading', { level: 1, name: 'AUTHORIZATION Archive' });
    // The archive starts from its own default order (its ascending is newest first): the sort is not carried.
    expect(currentPath(app.router)).toBe('/alerts/authorization/archive?facilityIds=101');
    await act(() => app.router.navigate(-1));
    const back = await screen.findByRole('table', { name: 'AUTHORIZATION alerts' });
    expect(within(back).getByRole('columnheader', { name: /Facility/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // The default order again (Alerted On, ascending): nothing of the sort is left in the address.
    await app.user.click(within(back).getByRole('button', { name: /Alerted On/ }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/alerts/authorization?facilityIds=101'));
    expect(within(back).getByRole('columnheader', { name: /Alerted On/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it.each([
    ['/alerts/authorization?sort=facName&sortOrder=desc', 'facName desc'],
    ['/alerts/authorization?sortOrder=desc', 'dateCreated desc'],
    ['/alerts/authorization/archive?sort=patName', 'patName asc'],
  ])('opens %s sorted as its address says, asking for that list alone', async (path, expected) => {
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () => listAnswer(authorization, [alertFixture()]))
      .install();
    const app = renderApp(path, { token: 'tok' });
    const table = await screen.findByRole('table', { name: /^AUTHORIZATION/ });
    const [column = '', order] = expected.split(' ');
    const name = { facName: /Facility/, dateCreated: /Alerted On/, patName: /Patient/ }[column];
    expect(within(table).getByRole('columnheader', { name })).toHaveAttribute(
      'aria-sort',
      order === 'desc' ? 'descending' : 'ascending',
    );
    const asked = api
      .callsTo('GET', authorization.listCall)
      .map((c) => `${c.query.get('sort')} ${c.query.get('sortOrder')}`);
    expect(asked).toEqual([expected]);
    // Written the one way the page writes it, column and order both.
    await waitFor(() => expect(currentPath(app.router)).toContain(`sort=${column}&sortOrder=${order}`));
  });

  it.each([
    '?sort=nope&sortOrder=desc&facilityIds=101',
    '?sort=toString&facilityIds=101',
    '?sort=patName&sortOrder=sideways&facilityIds=101',
    '?sort=dateCreated&sortOrder=asc&facilityIds=101',
  ])(
    'reads the sort of %s as the default order, without an error, and cleans it from the address',
    async (search) => {
      const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
        .on('GET', authorization.listCall, () => listAnswer(authorization, [alertFixture({ facID: 101 })]))
        .install();
      const app = renderApp(`/alerts/authorization${search}`, { token: 'tok' });
      const table = await screen.findByRole('table', { name: 'AUTHORIZATION alerts' });
      expect(within(table).getByRole('columnheader', { name: /Alerted On/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await waitFor(() => expect(currentPath(app.router)).toBe('/alerts/authorization?facilityIds=101'));
      for (const call of api.callsTo('GET', authorization.listCall)) {
        expect([call.query.get('sort'), call.query.get('sortOrder')]).toEqual([null, null]);
      }
    },
  );

  it.each([
    ['/alerts/authorization', 'AUTHORIZATION alerts'],
    ['/alerts/authorization/archive', 'AUTHORIZATION archived alerts'],
  ])(
    'on %s puts unread rows first after a column sort too, in the sorted order within each',
    async (path, name) => {
      const alerts = [
        alertFixture({ patName: 'Adams, Ann', readByFaci: true }),
        alertFixture({ patName: 'Baker, Bob', readByFaci: false }),
        alertFixture({ patName: 'Cole, Cy', readByFaci: null }),
        alertFixture({ patName: 'Dunn, Dee', readByFaci: false }),
      ];
      withOrganisations(new FakeApi().signedIn('tok', nurse()))
        .on('GET', authorization.listCall, (call) =>
          listAnswer(authorization, call.query.get('sortOrder') === 'desc' ? [...alerts].reverse() : alerts),
        )
        .install();
      const app = renderApp(path, { token: 'tok' });
      const table = await screen.findByRole('table', { name });
      const patients = () =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
      await waitFor(() =>
        expect(patients()).toEqual(['Baker, Bob (unread)', 'Dunn, Dee (unread)', 'Adams, Ann', 'Cole, Cy']),
      );
      await app.user.click(within(table).getByRole('button', { name: /Patient/ }));
      await app.user.click(within(table).getByRole('button', { name: /Patient/ }));
      await waitFor(() =>
        expect(patients()).toEqual(['Dunn, Dee (unread)', 'Baker, Bob (unread)', 'Cole, Cy', 'Adams, Ann']),
      );
    },
  );

  it('narrows to the facility a reminder email links to, keeps it on the archive, and shows all again', async () => {
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () => listAnswer(authorization, [alertFixture({ facID: 101 })]))
      .install();
    const app = renderApp('/alerts/authorization?facilityIds=101', { token: 'tok' });
    await screen.findByText('Total: 1');
    await screen.findByLabelText('Facilities', { selector: 'input' });
    const chosen = () =>
      [...document.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(chosen()).toEqual(['Meadowbrook Care Center (101)']);
    const asked = () => api.callsTo('GET', authorization.listCall).at(-1)?.query.getAll('facilityIds');
    expect(asked()).toEqual(['101']);

    fireEvent.click(screen.getByRole('link', { name: 'Archive' }));
    await screen.findByRole('heading', { level: 1, name: 'AUTHORIZATION Archive' });
    await waitFor(() =>
      expect(api.callsTo('GET', authorization.listCall).at(-1)?.query.get('archived')).toBe('true'),
    );
    expect(asked()).toEqual(['101']);
    expect(currentPath(app.router)).toBe('/alerts/authorization/archive?facilityIds=101');

    await app.user.click(screen.getByRole('button', { name: 'All facilities' }));
    await waitFor(() => expect(asked()).toEqual([]));
    expect(currentPath(app.router)).toBe('/alerts/authorization/archive');
    expect(chosen()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'All facilities' })).not.toBeInTheDocument();
    // The button went with the narrowing: the focus stays in the filter.
    expect(screen.getByLabelText('Facilities', { selector: 'input' })).toHaveFocus();
  });

  it('refuses an archive range with From after To, or To in the future, without asking the server', async () => {
    const api = withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () =>
        listAnswer(authorization, [alertFixture({ archiveDtTm: '2025-01-05T00:00:00Z' })]),
      )
      .install();
    renderApp('/alerts/authorization/archive', { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AUTHORIZATION Archive' }),
    ).toBeInTheDocument();
    await screen.findByText('Total: 1');
    const calls = () => api.callsTo('GET', authorization.listCall).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    await screen.findByText('Total: 1');
    const before = calls();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-10' } });
    expect(await screen.findByText(DATE_RANGE_MESSAGES.fromAfterTo)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2999-01-01' } });
    expect(await screen.findByText(DATE_RANGE_MESSAGES.toInFuture)).toBeInTheDocument();
    expect(calls()).toBe(before);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-15' } });
    await screen.findByText('Total: 1');
    const last = api.callsTo('GET', authorization.listCall).at(-1);
    expect(last?.query.get('archived')).toBe('true');
    expect(last?.query.get('from')).toBe('2025-03-10');
    expect(last?.query.get('to')).toBe('2025-03-15');
    // The server takes them as days of the user's own time zone.
    expect(last?.query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(last?.query.get('tz')).toBeTruthy();
  });

  it("hides the last valid range's rows and Total while From/To are refused, and loads the range once fixed", async () => {
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, (call) =>
        listAnswer(authorization, [
          alertFixture({ patName: call.query.get('from') ? 'February, Fay' : 'Any, Andy' }),
        ]),
      )
      .install();
    renderApp('/alerts/authorization/archive', { token: 'tok' });
    const table = () => screen.queryByRole('table', { name: 'AUTHORIZATION archived alerts' });
    const notice = 'Correct the From and To dates to see alerts.';
    await screen.findByText('Any, Andy');
    const liveRegion = screen.getAllByRole('status').find((region) => region.textContent === '');
    expect(liveRegion).toBeDefined();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-10' } });

    expect(await screen.findByText(notice)).toBeInTheDocument();
    // Said as it appears: the notice is in a live region that was there before it.
    expect(screen.getByText(notice).closest('[role="status"]')).toBe(liveRegion);
    expect(table()).not.toBeInTheDocument();
    expect(screen.queryByText('Any, Andy')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
    expect(screen.queryByText('No alerts')).not.toBeInTheDocument();
    // The message stays the picker's own, read out with it.
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(DATE_RANGE_MESSAGES.fromAfterTo);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    expect(await within(await screen.findByRole('table')).findByText('February, Fay')).toBeInTheDocument();
    expect(screen.getByText('Total: 1')).toBeInTheDocument();
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });

  it('shows no rows and no Total for a range the server refuses after a valid one', async () => {
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, (call) =>
        call.query.get('to')
          ? fail(400, 'The date range is not valid.', 'VALIDATION', { to: 'To cannot be in the future' })
          : listAnswer(authorization, [alertFixture({ patName: 'Any, Andy' })]),
      )
      .install();
    renderApp('/alerts/authorization/archive', { token: 'tok' });
    await screen.findByText('Any, Andy');
    const liveRegion = screen.getAllByRole('status').find((region) => region.textContent === '');
    expect(liveRegion).toBeDefined();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    expect(await screen.findByText('To cannot be in the future')).toBeInTheDocument();
    expect(screen.getByText('Correct the From and To dates to see alerts.')).toBeInTheDocument();
    expect(screen.queryByText('Any, Andy')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
  });

  it("shows a refusal that is not about the date range as the list's error state", async () => {
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () =>
        fail(400, 'The query is not valid.', 'VALIDATION', { 'facilityIds.0': 'Invalid input' }),
      )
      .install();
    renderApp('/alerts/authorization?facilityIds=99999999999', { token: 'tok' });
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Could not load alerts');
    expect(error).toHaveTextContent('The query is not valid.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
  });

  it('shows the server refusing the date range at the pickers, not as an error state', async () => {
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', authorization.listCall, () =>
        fail(400, 'The date range is not valid.', 'VALIDATION', { to: 'To cannot be in the future' }),
      )
      .install();
    renderApp('/alerts/authorization/archive', { token: 'tok' });
    expect(await screen.findByText('To cannot be in the future')).toBeInTheDocument();
    expect(screen.queryByText('Could not load alerts')).not.toBeInTheDocument();
  });
});

describe('the alert its address names (?alert=)', () => {
  const linked = alertFixture({ _internalID: 4321, rxNo: 'RX4321', patName: 'Linked, Lin' });
  const listed = alertFixture({ rxNo: 'RX55', patName: 'Listed, Lou' });
  const detailPath = (identifier: string) =>
    ENDPOINTS.alertDetail.replace(':key', refill.key).replace(':identifier', identifier);

  /** A refill list of one row and more to come (the linked alert is not among the rows loaded). */
  function serve(api: FakeApi, detail: AnyAlert | null = linked) {
    const withList = withOrganisations(api).on('GET', refill.listCall, () =>
      listAnswer(refill, [listed], 250, 'page-2'),
    );
    // A link knows only the alert's number: it names the alert by it in the detail call's path too.
    return withDetail(withDetail(withList, refill, '4321', detail), refill, 'RX55', listed).install();
  }

  /** Holds the detail calls' answers until the function it returns is called. */
  function holdDetailAnswers(): () => void {
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes(`/alerts/${refill.key}/`)) await held;
      return answer(input, init);
    });
    return release;
  }

  it('opens it though it is not among the rows loaded, and shows nothing of it before the server answers', async () => {
    const api = serve(new FakeApi().signedIn('tok', nurse()));
    const answer = holdDetailAnswers();
    renderApp('/alerts/refilltoosoon?alert=4321', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'REFILL TOO SOON' });
    expect(await screen.findByText('Total: 250')).toBeInTheDocument();
    expect(within(dialog).getByText('Loading Settings...')).toBeInTheDocument();
    expect(within(dialog).queryAllByText(/Linked, Lin/)).toEqual([]);
    answer();
    expect(await within(dialog).findAllByText(/Linked, Lin/)).not.toEqual([]);
    expect(api.callsTo('GET', detailPath('4321')).map((call) => call.query.get('internalId'))).toEqual([
      '4321',
    ]);
  });

  it("says 'No Active Alert Found' for an alert the server does not show this user, over their own rows", async () => {
    serve(new FakeApi().signedIn('tok', nurse()), null);
    renderApp('/alerts/refilltoosoon?alert=4321', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'REFILL TOO SOON' });
    expect(await within(dialog).findByText('No Active Alert Found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(
      await within(screen.getByRole('table', { hidden: true })).findByText(/Listed, Lou/),
    ).toBeInTheDocument();
  });

  it("says 'No Active Alert Found' for a value that is not an alert's number, without asking the server", async () => {
    const api = serve(new FakeApi().signedIn('tok', nurse()));
    renderApp('/alerts/refilltoosoon?alert=0x10', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'REFILL TOO SOON' });
    expect(within(dialog).getByText('No Active Alert Found')).toBeInTheDocument();
    await screen.findByText('Total: 250');
    expect(api.calls.filter((call) => call.path.startsWith(`/alerts/${refill.key}/`))).toEqual([]);
  });

  it('closes into the page: the alert leaves the address without a history entry, focus goes to the heading', async () => {
    serve(new FakeApi().signedIn('tok', nurse()));
    const app = renderApp('/alerts/refilltoosoon/archive', { token: 'tok' });
    await screen.findByRole('heading', { level: 1, name: 'REFILL TOO SOON Archive' });
    await app.router.navigate('/alerts/refilltoosoon?facilityIds=101&alert=4321');
    const dialog = await screen.findByRole('dialog', { name: 'REFILL TOO SOON' });
    await within(dialog).findAllByText(/Linked, Lin/);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(app.router)).toBe('/alerts/refilltoosoon?facilityIds=101');
    expect(app.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    // Back leaves the page; it does not open the alert again.
    await app.router.navigate(-1);
    expect(currentPath(app.router)).toBe('/alerts/refilltoosoon/archive');
  });

  it('puts a row it opens in the address by a new entry, shows the row at once, and hands focus back to the row', async () => {
    serve(new FakeApi().signedIn('tok', nurse()));
    const app = renderApp('/alerts/refilltoosoon', { token: 'tok' });
    const table = await screen.findByRole('table', { name: 'REFILL TOO SOON alerts' });
    await app.user.click(await within(table).findByText(/Listed, Lou/));
    const dialog = await screen.findByRole('dialog', { name: 'REFILL TOO SOON' });
    expect(within(dialog).getAllByText(/Listed, Lou/)).not.toEqual([]);
    expect(currentPath(app.router)).toBe(`/alerts/refilltoosoon?alert=${listed._internalID}`);
    // An entry of its own, so Back closes it; closing goes back from that entry rather than adding another.
    expect(app.router.state.historyAction).toBe('PUSH');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(app.router)).toBe('/alerts/refilltoosoon');
    expect(app.router.state.historyAction).toBe('POP');
    await waitFor(() =>
      expect(
        within(table)
          .getByText(/Listed, Lou/)
          .closest('tr'),
      ).toHaveFocus(),
    );
  });

  it('brings a signed-out visitor through sign-in back to the alert', async () => {
    const user = nurse();
    serve(
      new FakeApi()
        .on('POST', ENDPOINTS.login, () => ok(LoginAnswerSchema, { token: 'tok', userInfo: user }))
        .signedIn('tok', user),
    );
    const app = renderApp('/alerts/refilltoosoon?alert=4321');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Email'), 'nurse@meadowbrook.test');
    await app.user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'REFILL TOO SOON' });
    expect(await within(dialog).findAllByText(/Linked, Lin/)).not.toEqual([]);
    expect(currentPath(app.router)).toBe('/alerts/refilltoosoon?alert=4321');
  });
});
