import {
  AUDIT_MESSAGES,
  type AuditEvent,
  AuditPageSchema,
  ENDPOINTS,
  FacilitiesAnswerSchema,
} from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-11-02T14:58:11.204Z',
  userId: 7,
  actor: 'nurse@meadowbrook.test',
  kind: 'alert.view',
  recordType: 'highCost',
  recordId: String(1000 + id),
  facId: 101,
  facName: 'Meadowbrook Care Center',
  ip: '10.0.0.12',
  outcome: 'success',
  detail: {},
  ...overrides,
});

function install() {
  const api = new FakeApi()
    .signedIn('tok', pharmacist())
    .on('GET', ENDPOINTS.facilities, () =>
      ok(FacilitiesAnswerSchema, {
        facilities: [settableFacility(), settableFacility({ facID: 102, facName: 'Meadowbrook East' })],
      }),
    )
    .on('GET', ENDPOINTS.audit, (call) => {
      if (call.query.get('format') === 'csv') return { status: 200, body: 'id,at\n' };
      if (call.query.get('cursor') === '2')
        return ok(AuditPageSchema, {
          events: [event(1, { actor: 'older@meadowbrook.test' })],
          nextCursor: null,
        });
      return ok(AuditPageSchema, {
        events: [event(3, { detail: { readByFaci: true }, kind: 'alert.read' }), event(2)],
        nextCursor: '2',
      });
    });
  api.install();
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('AuditPage', () => {
  it('lists events newest first and shows more by cursor', async () => {
    const api = install();
    const user = userEvent.setup();
    renderApp('/audit', { token: 'tok' });
    const table = await screen.findByRole('table', { name: 'Audit events' }, { timeout: 5000 });
    const first = (await within(table).findByText('alert.read')).closest('tr') as HTMLElement;
    expect(within(first).getByText('highCost 1003')).toBeInTheDocument();
    expect(within(first).getByText('{"readByFaci":true}')).toBeInTheDocument();
    expect(within(first).getByText('Meadowbrook Care Center')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByText('older@meadowbrook.test')).toBeInTheDocument();
    expect(api.callsTo('GET', ENDPOINTS.audit).at(-1)?.query.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shortens a long text in the detail (a file name of 255 characters), keeping the rest whole', async () => {
    const long = `Care plan ${'x'.repeat(241)}.pdf`;
    install().on('GET', ENDPOINTS.audit, () =>
      ok(AuditPageSchema, {
        events: [
          event(4, {
            kind: 'file.update',
            detail: { name: 'Policies', fields: ['name'], renamed: true, previousName: long },
          }),
        ],
        nextCursor: null,
      }),
    );
    renderApp('/audit', { token: 'tok' });
    const table = await screen.findByRole('table', { name: 'Audit events' }, { timeout: 5000 });
    const row = (await within(table).findByText('file.update')).closest('tr') as HTMLElement;
    const shown = `{"name":"Policies","fields":["name"],"renamed":true,"previousName":"${long.slice(0, 119)}…"}`;
    expect(within(row).getByText(shown)).toBeInTheDocument();
  });

  it('turns the filter form into the query: only given filters, times as ISO instants', async () => {
    const api = install();
    const user = userEvent.setup({ delay: null });
    renderApp('/audit', { token: 'tok' });
    await screen.findByRole('table', { name: 'Audit events' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('User (email or id)'), ' nurse@meadowbrook.test ');
    await screen.findByRole('option', { name: 'Meadowbrook East (102)' });
    await user.selectOptions(screen.getByLabelText('Facility'), '102');
    await user.selectOptions(screen.getByLabelText('Kind'), 'auth.');
    await user.type(screen.getByLabelText('Record type'), 'user');
    await user.type(screen.getByLabelText('Record id'), '42');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01T08:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02T17:30' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo('GET', ENDPOINTS.audit).at(-1)?.query.get('kind')).toBe('auth.'));
    const query = Object.fromEntries(api.callsTo('GET', ENDPOINTS.audit).at(-1)?.query ?? []);
    expect(query).toEqual({
      user: 'nurse@meadowbrook.test',
      facId: '102',
      kind: 'auth.',
      recordType: 'user',
      recordId: '42',
      from: new Date('2026-11-01T08:00').toISOString(),
      to: new Date('2026-11-02T17:30').toISOString(),
    });

    // The export asks for the same applied filters as CSV, with the session's bearer.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET', ENDPOINTS.audit).at(-1)?.query.get('format')).toBe('csv'));
    const exported = api.callsTo('GET', ENDPOINTS.audit).at(-1);
    expect(exported?.authorization).toBe('Bearer tok');
    expect(Object.fromEntries(exported?.query ?? [])).toEqual({ ...query, format: 'csv' });

    // Clear empties the form (and shows the unfiltered list again, from the cache).
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('User (email or id)')).toHaveValue('');
    expect(screen.getByLabelText('Kind')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('says at the field what is wrong with the filters, and sends nothing, rather than failing the whole list', async () => {
    const api = install();
    const user = userEvent.setup({ delay: null });
    renderApp('/audit', { token: 'tok' });
    await screen.findByRole('table', { name: 'Audit events' }, { timeout: 5000 });
    const before = api.callsTo('GET', ENDPOINTS.audit).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05T08:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01T08:00' } });
    await user.type(screen.getByLabelText('Record id'), '42');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    // The server's 400 named the field, but the page showed only 'Could not load the audit trail' and lost the list.
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(AUDIT_MESSAGES.fromAfterTo);
    expect(screen.getByLabelText('Record id')).toHaveAccessibleDescription(AUDIT_MESSAGES.recordIdNeedsType);
    await waitFor(() => expect(screen.getByLabelText('Record id')).toHaveFocus());
    expect(api.callsTo('GET', ENDPOINTS.audit)).toHaveLength(before);
    expect(screen.queryByText(AUDIT_MESSAGES.loadFailed)).not.toBeInTheDocument();

    // Put right, the filters apply and the messages go.
    await user.type(screen.getByLabelText('Record type'), 'user');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-06T08:00' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo('GET', ENDPOINTS.audit).length).toBe(before + 1));
    expect(screen.queryByText(AUDIT_MESSAGES.fromAfterTo)).not.toBeInTheDocument();
  });

  it('is in the menu for a SysAdmin', async () => {
    install();
    renderApp('/audit', { token: 'tok' });
    expect(await screen.findByRole('link', { name: 'Audit Trail' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/audit',
    );
  });

  it('sends a nurse back to the dashboard', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    const { router } = renderApp('/audit', { token: 'tok' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'), { timeout: 5000 });
    expect(screen.queryByText('Audit Trail')).not.toBeInTheDocument();
  });
});
