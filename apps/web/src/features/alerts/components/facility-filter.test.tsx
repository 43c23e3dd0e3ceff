import { ENDPOINTS, FacilitiesAnswerSchema, TOKEN_STORAGE_KEY, widgetByKey } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequests } from '@/lib/early-requests.ts';
import { reloadTokenFromStorage } from '@/lib/session-store.ts';
import { alertFixture, facilityFixture, listAnswer, withOrganisations } from '@/test/alert-fixtures.ts';
import { FakeApi as Api, type FakeApi, type FakeCall, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';
import { narrowingSearch, withFacilityFilter } from './facility-filter.tsx';

const authorization = widgetByKey('highCost');

const allRows = Array.from({ length: 100 }, (_, i) => alertFixture({ patName: `All, ${i}` }));
const moreRows = Array.from({ length: 30 }, (_, i) => alertFixture({ patName: `More, ${i}` }));
const eastRow = alertFixture({ patName: 'East, Eve', facID: 102, facName: 'Meadowbrook East' });

/** The list as the server narrows it: 130 alerts at all facilities, one at 102 alone. */
function serveList(api: FakeApi): FakeApi {
  return api.on('GET', authorization.listCall, (call) => {
    const ids = call.query.getAll('facilityIds');
    if (ids.join() === '102') return listAnswer(authorization, [eastRow]);
    if (ids.length > 0) return listAnswer(authorization, []);
    return call.query.get('cursor') === 'page-2'
      ? listAnswer(authorization, moreRows, 130)
      : listAnswer(authorization, allRows, 130, 'page-2');
  });
}

/** A nurse whose session names two facilities, as withOrganisations answers (101 and 102). */
const nurseOfTwo = () =>
  nurse({
    entityTypeAndRole: [
      { facid: 101, userRole: 'Nursing' },
      { facid: 102, userRole: 'Nursing' },
    ],
  });

const listCalls = (api: FakeApi): FakeCall[] => api.callsTo('GET', authorization.listCall);
const askedFacilities = (api: FakeApi) =>
  listCalls(api).map((call) => call.query.getAll('facilityIds').join());
const filterInput = () => screen.getByLabelText('Facilities', { selector: 'input' });
const chosen = () => [...document.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);

/** Holds narrowed list calls (not yet answered nor recorded) until `release`; `held` counts them. */
function holdNarrowedLists() {
  const answer = globalThis.fetch;
  const hold = { held: 0, release: () => {} };
  const released = new Promise<void>((resolve) => {
    hold.release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('facilityIds=')) {
      hold.held += 1;
      await released;
    }
    return answer(input, init);
  });
  return hold;
}

afterEach(() => {
  window.localStorage.clear();
  reloadTokenFromStorage();
});

describe('the facility filter of a widget page', () => {
  it('narrows the list, its Total, refresh and the address to the facilities chosen, and starts paging over', async () => {
    const api = serveList(withOrganisations(new Api().signedIn('tok', nurse()))).install();
    const app = renderApp('/alerts/authorization', { token: 'tok' });
    await screen.findByText('Total: 130');
    await app.user.click(await screen.findByRole('button', { name: 'Show 30 more...' }));
    await screen.findByText('End of alerts');
    expect(filterInput()).toHaveAttribute('placeholder', 'All facilities');
    expect(screen.queryByRole('button', { name: 'All facilities' })).not.toBeInTheDocument();

    await app.user.click(filterInput());
    const options = await screen.findAllByRole('option');
    // Each facility by name and id, as the facility pickers elsewhere show them.
    expect(options.map((option) => option.textContent)).toEqual([
      'Meadowbrook Care Center (101)',
      'Meadowbrook East (102)',
    ]);
    const hold = holdNarrowedLists();
    await app.user.click(screen.getByRole('option', { name: 'Meadowbrook East (102)' }));
    // Other facilities' rows and Total are not kept on screen while 102's load.
    await waitFor(() => expect(hold.held).toBe(1));
    expect(screen.queryByText(/^All, 0/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
    hold.release();
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'AUTHORIZATION alerts' });
    expect(within(table).getByText(/^East, Eve/)).toBeInTheDocument();
    expect(within(table).queryByText(/^(All|More), /)).not.toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/alerts/authorization?facilityIds=102');
    // The choice replaces the history entry, as the open alert does: Back leaves the page.
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(chosen()).toEqual(['Meadowbrook East (102)']);
    expect(askedFacilities(api).at(-1)).toBe('102');

    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(3));
    expect(askedFacilities(api).at(-1)).toBe('102');

    await app.user.click(screen.getByRole('button', { name: 'All facilities' }));
    expect(await screen.findByText('Total: 130')).toBeInTheDocument();
    expect(currentPath(app.router)).toBe('/alerts/authorization');
    // The first page again, not the 130 rows loaded before the narrowing.
    expect(await screen.findByRole('button', { name: 'Show 30 more...' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'AUTHORIZATION alerts' })).toHaveAttribute(
      'aria-rowcount',
      '101',
    );
    expect(filterInput()).toHaveFocus();
  });

  it('works by keyboard: type to search, arrow to the facility, Enter to choose', async () => {
    const api = serveList(withOrganisations(new Api().signedIn('tok', nurse()))).install();
    const app = renderApp('/alerts/authorization', { token: 'tok' });
    await screen.findByText('Total: 130');
    filterInput().focus();
    await app.user.keyboard('102');
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await app.user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    expect(askedFacilities(api).at(-1)).toBe('102');
    expect(currentPath(app.router)).toBe('/alerts/authorization?facilityIds=102');
  });

  it('shows no filter to a viewer of one facility', async () => {
    serveList(withOrganisations(new Api().signedIn('tok', nurse())))
      .on('GET', ENDPOINTS.facilities, () =>
        ok(FacilitiesAnswerSchema, { facilities: [facilityFixture(101)] }),
      )
      .install();
    renderApp('/alerts/authorization', { token: 'tok' });
    await screen.findByText('Total: 130');
    await waitFor(() => expect(screen.queryByText('Loading')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Facilities')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'All facilities' })).not.toBeInTheDocument();
  });

  it.each([
    ['a facility the viewer cannot see and junk', '?facilityIds=201&facilityIds=abc&facilityIds=102', '102'],
    ['only a facility the viewer cannot see', '?facilityIds=201', ''],
    ['a number past any id', '?facilityIds=99999999999', ''],
  ])('drops %s from the address, and never asks for them', async (_name, search, kept) => {
    const api = serveList(withOrganisations(new Api().signedIn('tok', nurse()))).install();
    const app = renderApp(`/alerts/authorization${search}`, { token: 'tok' });
    expect(await screen.findByText(kept ? 'Total: 1' : 'Total: 130')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentPath(app.router)).toBe(`/alerts/authorization${kept ? `?facilityIds=${kept}` : ''}`),
    );
    expect(new Set(askedFacilities(api))).toEqual(new Set([kept]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps its place while the facilities load, so it never pushes rows already shown down', async () => {
    serveList(withOrganisations(new Api().signedIn('tok', nurseOfTwo()))).install();
    const answer = globalThis.fetch;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith(ENDPOINTS.facilities)) await released;
      return answer(input, init);
    });
    renderApp('/alerts/authorization', { token: 'tok' });
    // The rows do not wait for the facilities; the field is there, not yet usable.
    expect(await screen.findByText(/^All, 0/)).toBeInTheDocument();
    expect(screen.getByText('Total: 130')).toBeInTheDocument();
    expect(filterInput()).toBeDisabled();
    expect(filterInput()).toHaveAttribute('placeholder', 'Loading facilities...');
    release();
    await waitFor(() => expect(filterInput()).toBeEnabled());
    expect(filterInput()).toHaveAttribute('placeholder', 'All facilities');
  });

  it('keeps no place for a nurse of one facility while the facilities load', async () => {
    // The fixture nurse's session names one facility (101).
    serveList(withOrganisations(new Api().signedIn('tok', nurse()))).install();
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith(ENDPOINTS.facilities)) await new Promise(() => {});
      return answer(input, init);
    });
    renderApp('/alerts/authorization', { token: 'tok' });
    expect(await screen.findByText(/^All, 0/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Facilities')).not.toBeInTheDocument();
  });

  it('gives its place back when the facilities call fails, without waiting for its retries', async () => {
    serveList(new Api().signedIn('tok', nurseOfTwo()))
      .on('GET', ENDPOINTS.facilities, () => fail(503, 'Service unavailable', 'UNAVAILABLE'))
      .install();
    renderApp('/alerts/authorization', { token: 'tok' });
    expect(await screen.findByText(/^All, 0/)).toBeInTheDocument();
    // The query's retries wait 1 s, then 2 s: the place goes before the first of them.
    await waitFor(() => expect(screen.queryByLabelText('Facilities')).not.toBeInTheDocument(), {
      timeout: 900,
    });
  });

  it('takes the narrowed list the boot script started for its address, and asks nothing more', async () => {
    const api = serveList(withOrganisations(new Api().signedIn('tok', nurse()))).install();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    startEarlyRequests('/alerts/authorization', '?facilityIds=102');
    // Asked at boot, before the app runs.
    expect(askedFacilities(api)).toEqual(['102']);
    renderApp('/alerts/authorization?facilityIds=102', { token: 'tok' });
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    expect(await screen.findByText(/^East, Eve/)).toBeInTheDocument();
    expect(askedFacilities(api)).toEqual(['102']);
    expect(api.callsTo('GET', ENDPOINTS.facilities)).toHaveLength(1);
  });
});

describe('the address of a narrowing', () => {
  it('names each facility once per parameter and keeps the other parameters', () => {
    expect(narrowingSearch([102, 101])).toBe('?facilityIds=102&facilityIds=101');
    expect(narrowingSearch([])).toBe('');
    const next = withFacilityFilter(new URLSearchParams('alert=7&facilityIds=101,abc'), [102]);
    expect(next.toString()).toBe('alert=7&facilityIds=102');
    expect(withFacilityFilter(next, []).toString()).toBe('alert=7');
  });
});
