import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { expectAccessible, newPage, VIEWPORTS, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

// AUTHORIZATION (highCost): the demo world has live and archived alerts of it at both 101 and 102.
const PAGE = '/alerts/authorization';
const LIST_PATH = '/api/highCost';

/** The Total of the AUTHORIZATION list as this user's server answers it (query: facilityIds, archived). */
async function total(email: string, query = ''): Promise<number> {
  const token = await apiToken(portal.url, email);
  const response = await fetch(`${portal.url}${LIST_PATH}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${LIST_PATH}${query}: ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/** The list calls of the AUTHORIZATION page from now on, as their query strings. */
function watchListCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === LIST_PATH) calls.push(url.search);
  });
  return calls;
}

async function signedIn(email: string, viewport: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport);
  const errors = watchConsole(page);
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  return { context, page, errors };
}

const tableText = async (page: Page) => (await page.locator('main table').textContent()) ?? '';
const chosen = (page: Page) => page.locator('main .mantine-Pill-label').allInnerTexts();

describe('the facility filter of a widget page', () => {
  it('lets a facility admin of 101 and 102 narrow a widget page to 102, keep it over a reload, and clear it', async () => {
    const email = 'admin@meadowbrook.test';
    const [all, at102, archivedAt102] = await Promise.all([
      total(email),
      total(email, '?facilityIds=102'),
      total(email, '?facilityIds=102&archived=true'),
    ]);
    expect(at102).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(at102);
    // At tablet width: the filter fits beside the Total and the page does not scroll sideways.
    const { context, page, errors } = await signedIn(email, VIEWPORTS.tablet);
    await page.goto(`${portal.url}${PAGE}`);
    await page.getByText(`Total: ${all}`, { exact: true }).waitFor();
    expect(await tableText(page)).toContain('Meadowbrook Care Center');

    // By keyboard: type to search, arrow to the facility, Enter to choose.
    const filter = page.getByRole('combobox', { name: 'Facilities' });
    await filter.focus();
    await page.keyboard.type('East');
    await page.getByRole('option', { name: 'Meadowbrook East (102)' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByText(`Total: ${at102}`, { exact: true }).waitFor();
    await waitForPath(page, PAGE);
    expect(new URL(page.url()).search).toBe('?facilityIds=102');
    expect(await chosen(page)).toEqual(['Meadowbrook East (102)']);
    expect(await tableText(page)).toContain('Meadowbrook East');
    expect(await tableText(page)).not.toContain('Meadowbrook Care Center');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectAccessible(page, 'widget page narrowed to 102');

    // A reload keeps it, and the list answered inside the page's HTML (the sign-in set the session cookie:
    // platform/navigation-data.ts) is the narrowed one: the page asks for no list, and never shows all facilities'
    // rows. (boot.e2e.ts checks the boot script's own early list, without the cookie.)
    const calls = watchListCalls(page);
    await page.reload();
    await page.getByText(`Total: ${at102}`, { exact: true }).waitFor();
    expect(await chosen(page)).toEqual(['Meadowbrook East (102)']);
    expect(await tableText(page)).not.toContain('Meadowbrook Care Center');
    expect(calls).toEqual([]);

    // The archive keeps it.
    await page.getByRole('link', { name: 'Archive' }).click();
    await waitForPath(page, `${PAGE}/archive`);
    expect(new URL(page.url()).search).toBe('?facilityIds=102');
    await page.getByText(`Total: ${archivedAt102}`, { exact: true }).waitFor();
    expect(await tableText(page)).not.toContain('Meadowbrook Care Center');
    await page.getByRole('link', { name: 'Current' }).click();
    await waitForPath(page, PAGE);
    await page.getByText(`Total: ${at102}`, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'All facilities' }).click();
    await page.getByText(`Total: ${all}`, { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await chosen(page)).toEqual([]);
    expect(await tableText(page)).toContain('Meadowbrook Care Center');
    await expect.poll(() => filter.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('drops a facility the user cannot see from the address and shows all of theirs', async () => {
    const email = 'admin@meadowbrook.test';
    const all = await total(email);
    const { context, page, errors } = await signedIn(email, VIEWPORTS.desktop);
    await page.goto(`${portal.url}${PAGE}?facilityIds=201&facilityIds=junk`);
    await page.getByText(`Total: ${all}`, { exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await chosen(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows no filter to a nurse of one facility', async () => {
    const email = 'nurse@meadowbrook.test';
    const all = await total(email);
    const { context, page, errors } = await signedIn(email, VIEWPORTS.tablet);
    // Without the session cookie, so the page asks for its facilities itself and the wait below sees them come.
    await context.clearCookies();
    const facilities = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/facilities',
    );
    await page.goto(`${portal.url}${PAGE}`);
    await facilities;
    await page.getByText(`Total: ${all}`, { exact: true }).waitFor();
    // The facilities are in (the filter decides on them): the page has settled without one.
    await page.getByRole('heading', { level: 1, name: 'AUTHORIZATION' }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await page.getByRole('combobox', { name: 'Facilities' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'All facilities' }).count()).toBe(0);
    await expectAccessible(page, 'widget page of a nurse of one facility');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is on the page from the first frame with rows, so the table never moves down under the reader', async () => {
    const { context, page, errors } = await signedIn('admin@meadowbrook.test', VIEWPORTS.desktop);
    // Watches every frame from the document's start: where the table was when it first showed rows, and whether
    // the filter was there then.
    await page.addInitScript(() => {
      const watch = () => {
        const table = document.querySelector('main table');
        if (table?.querySelector('tbody tr')) {
          const seen = window as unknown as { firstRows?: { top: number; filter: boolean } };
          seen.firstRows = {
            top: table.getBoundingClientRect().top,
            filter: [...document.querySelectorAll('main label')].some(
              (label) => label.textContent === 'Facilities',
            ),
          };
          return;
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(`${portal.url}${PAGE}`);
    await page.getByText(/^Total: \d+$/).waitFor();
    await page.getByRole('combobox', { name: 'Facilities' }).waitFor();
    await page.waitForTimeout(500);
    const first = await page.evaluate(
      () => (window as unknown as { firstRows?: { top: number; filter: boolean } }).firstRows,
    );
    const top = await page.locator('main table').evaluate((table) => table.getBoundingClientRect().top);
    expect(first).toEqual({ top, filter: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
