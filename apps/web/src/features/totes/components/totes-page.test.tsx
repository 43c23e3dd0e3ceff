import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ENDPOINTS,
  type PackingSlip,
  PackingSlipDetailsAnswerSchema,
  type PackingSlipHeader,
  PackingSlipHeadersAnswerSchema,
  PackingSlipOpenAnswerSchema,
  TOTES_MESSAGES,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import dayClasses from './totes-page.module.css';

const header = (over: Partial<PackingSlipHeader>): PackingSlipHeader => ({
  facID: 101,
  facName: 'Meadowbrook Care Center',
  pharmID: 'sprx',
  nsName: 'North',
  nsID: 'NS1',
  toteID: 'T101-1',
  shipDate: '2026-11-02T10:00:00.000Z',
  patCount: 2,
  rxCount: 3,
  psid: 'PAK0000001',
  ...over,
});

const slip: PackingSlip = {
  facID: 101,
  facName: 'Meadowbrook Care Center',
  toteID: 'T101-1',
  nsName: 'North',
  psid: 'PAK0000001',
  shipDate: '2026-11-02T10:00:00.000Z',
  facStreet1: '25 Meadowbrook Lane',
  facCity: 'Morristown',
  facState: 'NJ',
  facZip: '07960',
  deliveryRoute: 'Route 3',
  pharmName: 'SpecialtyRx Garden State',
  pharmStreet1: '410 Route 10 West',
  pharmCity: 'Whippany',
  pharmState: 'NJ',
  pharmZip: '07981',
  pharmPhone: '9735550142',
  legalHeader: 'Caution',
  showDeliveryInfo: true,
  deliveredBy: 'Luis Ortega',
  receivedBy: 'Ann Lee',
  receivedDateTime: '2026-11-02T12:00:00.000Z',
  signorTitle: 'RN',
  signature: 'iVBORw0KGgo=',
  patientDetails: [
    {
      patName: 'Doe, Jane',
      patID: 'P1',
      room: '101',
      bed: 'A',
      drugDetails: [
        {
          rxNo: '3123456',
          roNo: '1',
          deaClass: '',
          qty: '30',
          drugLabelName: 'Metformin 500 mg',
          phName: 'P. Raman, RPh',
          delivered: true,
          newRx: true,
          serialNo: '',
          packSlipMsg: 'Do not crush',
        },
      ],
    },
  ],
  auth: 'signed-token',
};

function install(headersFail = false, count?: number) {
  return new FakeApi()
    .signedIn('tok', nurse())
    .on('GET', ENDPOINTS.packingSlipHeaders, (call) =>
      headersFail
        ? fail(500, 'Internal Server Error', 'INTERNAL')
        : ok(PackingSlipHeadersAnswerSchema, {
            packingSlipHeadersList: call.query.get('SearchText')
              ? [header({ toteID: 'T101-9', facName: 'Found' })]
              : [
                  header({ toteID: 'T101-1' }),
                  header({ toteID: 'T102-1', facID: 102, facName: 'Alpha East' }),
                ],
            count: call.query.get('SearchText') ? 1 : (count ?? 2),
          }),
    )
    .on('GET', ENDPOINTS.packingSlipDetails, () => ok(PackingSlipDetailsAnswerSchema, { data: [slip] }))
    .on('GET', ENDPOINTS.packingSlipDetailsOpen, (call) => {
      if (!call.query.get('facID')) return fail(400, 'Invalid facID', 'VALIDATION', { facID: 'Required' });
      if (call.query.get('auth') === 'server-down') return fail(500, 'Something went wrong.', 'INTERNAL');
      return call.query.get('auth') === 'signed-token'
        ? ok(PackingSlipOpenAnswerSchema, { slips: [slip] })
        : fail(404, 'No such tote.', 'NOT_FOUND');
    })
    .install();
}

const facilityNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('TotesPage', () => {
  it('asks for the last 2 days in US format and sorts by facility name', async () => {
    const api = install();
    const { user } = renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Alpha East', {}, { timeout: 5000 });
    const [call] = api.callsTo('GET', ENDPOINTS.packingSlipHeaders);
    expect(call?.query.get('fdate')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(call?.query.get('edate')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // Days of the reader's own time zone.
    expect(call?.query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(facilityNames()).toEqual(['Alpha East', 'Meadowbrook Care Center']);
    await user.click(screen.getByRole('button', { name: /^Facility Name/ }));
    expect(facilityNames()).toEqual(['Meadowbrook Care Center', 'Alpha East']);
  });

  it('names the date picker’s dialog and month buttons, and keeps its greyed and weekend days readable', async () => {
    install();
    const { user } = renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Alpha East', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /^Ship dates/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose ship dates' });
    expect(within(picker).getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    // Mantine dims days outside the month (grey at half opacity) and reds weekends (red.6, 3.3:1): the picker's
    // own class overrides both with colours above 4.5:1 on white (checked by axe in e2e/totes-forms-notes).
    // A month showing both: early in a month its in-month weekend days may all lie after today, where the picker
    // allows no day and Mantine marks none as a weekend; an earlier month is wholly past.
    const dayOf = (selector: string) => picker.querySelector(selector);
    for (
      let back = 0;
      back < 3 && !(dayOf('[data-outside]') && dayOf('[data-weekend]:not([data-outside])'));
      back++
    ) {
      await user.click(within(picker).getByRole('button', { name: 'Previous month' }));
    }
    const outside = dayOf('[data-outside]');
    const weekend = dayOf('[data-weekend]:not([data-outside])');
    expect(dayClasses.day).toEqual(expect.any(String));
    expect(outside).toHaveClass(dayClasses.day as string);
    expect(weekend).toHaveClass(dayClasses.day as string);
    const dayCss = readFileSync(join(import.meta.dirname, 'totes-page.module.css'), 'utf8');
    const rules = dayCss.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(rules).toMatch(/\[data-weekend\][^{]*\{[^}]*color: var\(--mantine-color-red-9\)/);
    expect(rules).toMatch(/\[data-outside\][^{]*\{[^}]*color: var\(--mantine-color-dimmed\);[^}]*opacity: 1/);
  });

  it('gives the focus back to the field once a range is chosen by keyboard, and keeps the shown range when left half-chosen', async () => {
    install();
    const { user } = renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Alpha East', {}, { timeout: 5000 });
    const field = screen.getByRole('button', { name: /^Ship dates/ });
    const shown = field.textContent;
    expect(shown).not.toBe('');

    field.focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByRole('dialog', { name: 'Choose ship dates' });
    // The calendar puts the focus on a day: a range is two days chosen with Enter.
    await waitFor(() => expect(picker).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{ArrowLeft}{Enter}{ArrowLeft}{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose ship dates' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(field).toHaveFocus());
    const chosen = field.textContent;
    expect(chosen).not.toBe(shown);

    // One day chosen, then Escape: the field still names the range the table shows.
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Choose ship dates' });
    await user.keyboard('{ArrowLeft}{Enter}{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose ship dates' })).not.toBeInTheDocument(),
    );
    expect(field).toHaveTextContent(chosen ?? '');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('searches on Enter only', async () => {
    const api = install();
    const { user } = renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Alpha East', {}, { timeout: 5000 });
    await user.type(screen.getByPlaceholderText('Search TOT... PAK...'), 'T101-9');
    expect(api.calls.some((c) => c.query.get('SearchText'))).toBe(false);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Found')).toBeInTheDocument();
    expect(api.calls.some((c) => c.query.get('SearchText') === 'T101-9')).toBe(true);
  });

  it('says when the range holds more totes than the list, and not otherwise', async () => {
    install(false, 6861);
    renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Alpha East', {}, { timeout: 5000 });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing the newest 2 of 6,861 totes. Narrow the ship dates, or search by tote or packing slip ID',
    );
  });

  it('shows no such notice when the list holds every tote of the range', async () => {
    install();
    renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Alpha East', {}, { timeout: 5000 });
    expect(screen.queryByText(/^Showing the newest/)).not.toBeInTheDocument();
  });

  it('draws a long range 100 totes at a time, and Show more goes on at the first added tote', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      header({
        toteID: `T${String(i + 1).padStart(3, '0')}`,
        facName: `Home ${String(i + 1).padStart(3, '0')}`,
      }),
    );
    new FakeApi()
      .signedIn('tok', nurse())
      .on('GET', ENDPOINTS.packingSlipHeaders, () =>
        ok(PackingSlipHeadersAnswerSchema, { packingSlipHeadersList: many, count: many.length }),
      )
      .install();
    const { user } = renderApp('/packing-slips', { token: 'tok' });
    await screen.findByText('Home 001', {}, { timeout: 5000 });
    expect(screen.getAllByRole('row')).toHaveLength(1 + 100);
    expect(screen.getByText('Showing 100 of 150')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more...' }));
    expect(screen.getAllByRole('row')).toHaveLength(1 + 150);
    expect(screen.getByRole('button', { name: 'T101' })).toHaveFocus();
    expect(screen.queryByText(/^Showing \d/)).not.toBeInTheDocument();
  });

  it('logs a failed fetch and shows Nothing to show', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    install(true);
    renderApp('/packing-slips', { token: 'tok' });
    expect(await screen.findByText('Nothing to show', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('logs nothing when a tote is closed before its slips arrive: a cancelled request is no failure', async () => {
    install();
    // The slips' request stays open until it is cancelled, when it ends as the browser's fetch does.
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes(ENDPOINTS.packingSlipDetails)) return fakeFetch(input, init);
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    });
    const log = vi.spyOn(console, 'error');
    const { user } = renderApp('/packing-slips?facID=101&toteID=T101-1', { token: 'tok' });
    await screen.findByRole('dialog', { name: 'Tote T101-1' }, { timeout: 5000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await screen.findByRole('button', { name: 'T101-1' });
    expect(log.mock.calls.map((call) => String(call[0]))).not.toContain('Packing slips could not be loaded');
    log.mockRestore();
  });

  it('opens the tote modal from a click anywhere on its row, once, with facID and toteID in the query', async () => {
    install();
    const { user, router } = renderApp('/packing-slips', { token: 'tok' });
    await user.click(await screen.findByText('Alpha East', {}, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'Tote T102-1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?facID=102&toteID=T102-1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'T101-1' }));
    expect(await screen.findByRole('dialog', { name: 'Tote T101-1' })).toBeInTheDocument();
    // The Tote ID button sits inside the clickable row: one click, one history entry.
    expect(router.state.historyAction).toBe('PUSH');
    router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the tote modal from the query with barcodes, patients, delivery info and the public link', async () => {
    install();
    renderApp('/packing-slips?facID=101&toteID=T101-1', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', { name: 'Tote T101-1' }, { timeout: 5000 });
    expect(await within(dialog).findByAltText('Barcode T101-1')).toBeInTheDocument();
    expect(await within(dialog).findByAltText('Barcode 3123456')).toBeInTheDocument();
    expect(within(dialog).getByText(/Doe, Jane \(P1\) · Room 101 · Bed A/)).toBeInTheDocument();
    expect(within(dialog).getByText('Do not crush')).toBeInTheDocument();
    expect(within(dialog).getByAltText('Signature of Ann Lee')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect((within(dialog).getByLabelText('Public link') as HTMLInputElement).value).toContain(
      '/open-deposit-slip?facID=101&toteID=T101-1&auth=signed-token',
    );
    // Whoever copies the link learns how long it works.
    expect(within(dialog).getByLabelText('Public link')).toHaveAccessibleDescription(
      'Anyone with this link can open the slip for 14 days.',
    );
  });
});

describe('OpenSlipPage', () => {
  it('shows the slip without signing in, and nothing for a bad token', async () => {
    const api = install();
    renderApp('/open-deposit-slip?facID=101&toteID=T101-1&auth=signed-token');
    expect(await screen.findByText('25 Meadowbrook Lane', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByAltText('Barcode T101-1')).toBeInTheDocument();
    expect(api.callsTo('GET', ENDPOINTS.packingSlipDetailsOpen)[0]?.authorization).toBeNull();
  });

  it('says in words that a refused link (expired or forged: the server does not say which) is not valid', async () => {
    install();
    renderApp('/open-deposit-slip?facID=101&toteID=T101-1&auth=forged');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(TOTES_MESSAGES.linkRefused);
    expect(alert).toHaveTextContent('This packing slip link has expired or is not valid.');
    expect(screen.queryByText('Nothing to show')).not.toBeInTheDocument();
    expect(screen.queryByText('25 Meadowbrook Lane')).not.toBeInTheDocument();
  });

  it('says the same for a link missing its facility (a 400)', async () => {
    install();
    renderApp('/open-deposit-slip?toteID=T101-1&auth=signed-token');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      TOTES_MESSAGES.linkRefused,
    );
  });

  it('does not blame the link when the server fails: the failure is logged and nothing shown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    install();
    renderApp('/open-deposit-slip?facID=101&toteID=T101-1&auth=server-down');
    expect(await screen.findByText('Nothing to show', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
