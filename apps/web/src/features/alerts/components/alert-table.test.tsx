import { MantineProvider } from '@mantine/core';
import { WIDGETS, type WidgetKey, widgetByKey } from '@portal/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { AlertTable } from './alert-table.tsx';

const refill = widgetByKey('refillTooSoon');

// widgets.md, "Table columns": the chat bubble's header is 'Discussion' (read by screen readers, not shown), and
// priorAuth's "status badge" is its PA Status column.
const PLAIN = ['Patient', 'Facility', 'Drug', 'Discussion', 'Status', 'Alerted On'];
const SPEC_COLUMNS: Record<WidgetKey, string[]> = {
  highCost: ['Patient', 'Facility', 'Drug', 'Cost', 'Discussion', 'Pharm Stat', 'Status', 'Alerted On'],
  highCostAlerts: ['Patient', 'Facility', 'Drug', 'Cost', 'Discussion', 'Stage', 'Status', 'Alerted On'],
  openBatch: PLAIN,
  nonCovered: PLAIN,
  priorAuth: ['Patient', 'Facility', 'Drug', 'Discussion', 'PA Status', 'Status', 'Alerted On'],
  theraInt: PLAIN,
  patMissing: PLAIN,
  admissionMeds: [
    'Patient',
    'Facility',
    'Admission Date',
    'Total Meds',
    'Grand Total',
    'Discussion',
    'Alerted On',
  ],
  refillTooSoon: [...PLAIN, 'Due Date'],
  pumpPickup: [...PLAIN, 'Serial Number'],
  narcoticsRefill: [...PLAIN, 'Prescriber'],
};

/** The table of these rows (or of `count` refill alerts), labelled '{title} alerts'. */
function renderTable(
  count: number,
  onOpen = vi.fn(),
  widget = refill,
  rows = Array.from({ length: count }, (_, i) => alertFixture({ patName: `Patient ${i}` })),
) {
  render(
    <MantineProvider env="test">
      <AlertTable
        widget={widget}
        rows={rows}
        sort={null}
        onSortChange={() => {}}
        onOpen={onOpen}
        label={`${widget.title} alerts`}
        height={560}
      />
    </MantineProvider>,
  );
  return { onOpen, rows };
}

describe('AlertTable', () => {
  it('keeps a small DOM for ten thousand rows', async () => {
    renderTable(10_000);
    const table = screen.getByRole('table', { name: 'REFILL TOO SOON alerts' });
    await within(table).findByText('Patient 0');
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(table.querySelectorAll('tbody tr[tabindex]').length).toBeLessThan(60);
  });

  it('moves the focus between rows with the arrow keys, Home and End', async () => {
    renderTable(12);
    const table = screen.getByRole('table', { name: 'REFILL TOO SOON alerts' });
    const row = async (name: string) => (await within(table).findByText(name)).closest('tr');
    const user = userEvent.setup();
    (await row('Patient 0'))?.focus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(async () => expect(await row('Patient 1')).toHaveFocus());
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await vi.waitFor(async () => expect(await row('Patient 0')).toHaveFocus());
    await user.keyboard('{End}');
    await vi.waitFor(async () => expect(await row('Patient 11')).toHaveFocus());
    await user.keyboard('{Home}');
    await vi.waitFor(async () => expect(await row('Patient 0')).toHaveFocus());
  });

  it('is one tab stop: the row last focused, moved by the arrow keys; Tab leaves the table', async () => {
    renderTable(12);
    const table = screen.getByRole('table', { name: 'REFILL TOO SOON alerts' });
    const row = async (name: string) => (await within(table).findByText(name)).closest('tr') as HTMLElement;
    const stops = () => [...table.querySelectorAll<HTMLElement>('tbody tr[tabindex="0"]')];
    await row('Patient 0');
    expect(stops()).toEqual([await row('Patient 0')]);
    const user = userEvent.setup();
    (await row('Patient 0')).focus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(async () => expect(await row('Patient 1')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(async () => expect(await row('Patient 2')).toHaveFocus());
    expect(stops()).toEqual([await row('Patient 2')]);
    await user.tab();
    expect(table.contains(document.activeElement)).toBe(false);
    // Shift+Tab comes back to the row it left, not the first.
    await user.tab({ shift: true });
    expect(await row('Patient 2')).toHaveFocus();
  });

  it('names its headers, marks the default sort and adds the widget column', () => {
    renderTable(1);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Patient',
      'Facility',
      'Drug',
      'Discussion',
      'Status',
      'Alerted On',
      'Due Date',
    ]);
    expect(screen.getByRole('columnheader', { name: /Alerted On/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it.each(WIDGETS.map((widget) => [widget.key, widget] as const))(
    'shows the %s columns widgets.md lists, in order, each a sort button but the Discussion',
    (key, widget) => {
      renderTable(0, vi.fn(), widget);
      const headers = screen.getAllByRole('columnheader');
      expect(headers.map((header) => header.textContent)).toEqual(SPEC_COLUMNS[key]);
      for (const header of headers) {
        const sorts = within(header).queryByRole('button') !== null;
        expect(sorts, `${header.textContent} sorts`).toBe(header.textContent !== 'Discussion');
      }
    },
  );

  it("gives each row its display state and says a deleted alert's drug is deleted, not by a line alone", async () => {
    const highCostAlerts = widgetByKey('highCostAlerts');
    const flat = { posted: false, deleted: false, profileOnly: false, highCostAlertsId: 1 };
    const rows = [
      alertFixture({ patName: 'Deleted, Dee', srxStatus: 'approve' }, { ...flat, deleted: true }),
      alertFixture({ patName: 'Approved, Al', srxStatus: 'approve' }, flat),
      alertFixture({ patName: 'Asked, Ann', srxStatus: 'ask', readByFaci: false }, flat),
      alertFixture({ patName: 'New, Ned', readByFaci: false }, flat),
      alertFixture({ patName: 'Old, Olga', readByFaci: true }, flat),
    ];
    renderTable(rows.length, vi.fn(), highCostAlerts, rows);
    const table = screen.getByRole('table', { name: 'HIGH COST ALERTS alerts' });
    const row = async (patient: string) =>
      (await within(table).findByText(patient)).closest('tr') as HTMLElement;
    const states = await Promise.all(
      ['Deleted, Dee', 'Approved, Al', 'Asked, Ann', 'New, Ned', 'Old, Olga'].map(async (patient) =>
        (await row(patient)).getAttribute('data-state'),
      ),
    );
    expect(states).toEqual(['deleted', 'approved', 'asked', 'new', 'old']);
    const deleted = await row('Deleted, Dee');
    const drugCell = within(deleted).getAllByRole('cell')[2];
    expect(drugCell).toHaveTextContent('Apixaban 5 mg tablet (deleted)');
    expect(within(drugCell as HTMLElement).getByRole('deletion')).toHaveTextContent('Apixaban 5 mg tablet');
    expect(within(await row('Approved, Al')).getAllByRole('cell')[2]).toHaveTextContent(
      /^Apixaban 5 mg tablet$/,
    );
    // No Status column here: the answer (shown by the row's edge colour) and unread (bold) are said in words too.
    const firstCell = async (patient: string) => within(await row(patient)).getAllByRole('cell')[0];
    expect(await firstCell('Approved, Al')).toHaveTextContent(/^Approved, Al \(answered: Approved\)$/);
    expect(await firstCell('Asked, Ann')).toHaveTextContent(/^Asked, Ann \(unread, answered: ask\)$/);
    expect(await firstCell('New, Ned')).toHaveTextContent(/^New, Ned \(unread\)$/);
    expect(await firstCell('Old, Olga')).toHaveTextContent(/^Old, Olga$/);
    expect(await firstCell('Deleted, Dee')).toHaveTextContent(/^Deleted, Dee$/);
  });

  it('gives text a cell may cut the whole value as its tooltip, read once by screen readers', async () => {
    const drug =
      'Hydrocodone/acetaminophen 5-325 mg tablet, 1 tablet by mouth every 6 hours as needed for pain';
    const rows = [alertFixture({ patName: 'Long, Lena', drugLabelName: drug })];
    renderTable(1, vi.fn(), refill, rows);
    const row = (await screen.findByText('Long, Lena')).closest('tr') as HTMLElement;
    const drugCell = within(row).getAllByRole('cell')[2] as HTMLElement;
    expect(within(drugCell).getByText(drug)).toHaveAttribute('title', drug);
    expect(drugCell).toHaveAccessibleName(drug);
    expect(within(row).getByText('Long, Lena')).toHaveAttribute('title', 'Long, Lena');
    expect(within(row).getByText('Meadowbrook Care Center')).toHaveAttribute(
      'title',
      'Meadowbrook Care Center',
    );
  });

  it("gives a deleted alert's struck-through drug its whole name as the tooltip", async () => {
    const highCostAlerts = widgetByKey('highCostAlerts');
    const flat = { posted: false, deleted: true, profileOnly: false, highCostAlertsId: 1 };
    const rows = [
      alertFixture({ patName: 'Deleted, Dee', drugLabelName: 'Sacubitril/valsartan 49-51 mg tablet' }, flat),
    ];
    renderTable(1, vi.fn(), highCostAlerts, rows);
    const row = (await screen.findByText('Deleted, Dee')).closest('tr') as HTMLElement;
    const deletion = within(row).getByRole('deletion');
    expect(deletion.closest('[title]')).toHaveAttribute('title', 'Sacubitril/valsartan 49-51 mg tablet');
  });

  it('leaves the answer to the Status column where the table has one', async () => {
    const rows = [alertFixture({ patName: 'Denied, Dan', srxStatus: 'deny', readByFaci: false })];
    renderTable(1, vi.fn(), refill, rows);
    const cells = within((await screen.findByText('Denied, Dan')).closest('tr') as HTMLElement).getAllByRole(
      'cell',
    );
    expect(cells[0]).toHaveTextContent(/^Denied, Dan \(unread\)$/);
    expect(cells[4]).toHaveTextContent(/^Denied$/);
  });

  it('opens a row with Enter from the keyboard', async () => {
    const { onOpen, rows } = renderTable(3);
    const user = userEvent.setup();
    const row = (await screen.findByText('Patient 1')).closest('tr');
    row?.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });
});
