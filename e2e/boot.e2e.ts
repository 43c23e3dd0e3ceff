import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { newPage, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

/** The API GETs the page's next document sends (path and query). */
function watchApiGets(page: Page): string[] {
  const gets: string[] = [];
  // Only the next document's: the page before it may still be fetching what it prefetches when idle.
  let isNextDocument = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) isNextDocument = true;
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isNextDocument && request.method() === 'GET' && url.pathname.startsWith('/api/'))
      gets.push(`${url.pathname}${url.search}`);
  });
  return gets;
}

/** Puts another session's token in the page's storage (as if storage and cookie disagreed). */
async function storeToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('portal.token', value), token);
}

/** Every dashboard card has its first page (rows, or an empty list): none is still loading or asking. */
async function dashboardLoaded(page: Page): Promise<void> {
  await page.getByTestId('dashboard-widgets').locator('section tbody tr').first().waitFor();
  await page.waitForFunction(
    () => document.querySelector('[role="status"][aria-label^="Loading "]') === null,
  );
}

/** A fresh page signed in through the form, on its dashboard with every card loaded. */
/**
 * Holds the app's main chunk back until `settle` is called, then lets it through or fails it as a dropped
 * connection would: until then the server's drawn page is all the user has.
 */
async function holdMainChunk(page: Page, outcome: 'load' | 'fail') {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await settled;
    await (outcome === 'load' ? route.continue() : route.abort('connectionreset'));
  });
  return settle;
}

async function signedInDashboard(email: string) {
  const { context, page } = await newPage(browser);
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  await dashboardLoaded(page);
  return { context, page };
}

// The boot script (apps/web/src/boot.ts) is its own small chunk, loaded ahead of the main chunk: it starts
// tokeninfo and the first list pages, and the app, once its main chunk runs, takes those answers instead of asking
// again (lib/early-requests.ts).
describe('boot script', () => {
  it('is loaded before the main chunk, as a file (no inline script)', async () => {
    const html = await (await fetch(`${portal.url}/dashboard`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/type="module" async crossorigin src="\/assets\/boot-[\w-]+\.js"/);
    expect(scripts[1]).toMatch(/src="\/assets\/index-[\w-]+\.js"/);
  });

  it('starts the dashboard lists once each, and the cards show them without asking again (no session cookie)', async () => {
    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const cards = page.getByTestId('dashboard-widgets').locator('section');
    await dashboardLoaded(page);

    // Without the cookie the navigation carries no session: the boot script asks for everything.
    await context.clearCookies();
    const gets = watchApiGets(page);
    await page.reload();
    await waitForPath(page, '/dashboard');
    await dashboardLoaded(page);
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(gets.filter((g) => g === '/api/tokeninfo')).toHaveLength(1);
    const firstPages = gets.filter((g) => g.endsWith('?limit=100'));
    expect(firstPages.length).toBe(count);
    expect(new Set(firstPages).size).toBe(firstPages.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a widget page list once, and the table shows it (no session cookie)', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    // The dashboard's own 11 lists must be done first, or a slow one is counted as the widget page's.
    await dashboardLoaded(page);
    await context.clearCookies();
    const gets = watchApiGets(page);
    await page.goto(`${portal.url}/alerts/authorization`);
    await page.locator('table tbody tr[tabindex]').first().waitFor();
    expect(gets.filter((g) => g === '/api/tokeninfo')).toHaveLength(1);
    expect(gets.filter((g) => g.endsWith('?limit=100'))).toHaveLength(1);
    // Its facilities (the facility filter's) are started with it, and taken.
    await expect.poll(() => gets.filter((g) => g === '/api/facilities')).toHaveLength(1);
    await context.close();
  });

  it('starts a narrowed widget page’s list narrowed, once, and never the list of all facilities', async () => {
    const { context, page } = await signedInDashboard('admin@meadowbrook.test');
    await context.clearCookies();
    const gets = watchApiGets(page);
    await page.goto(`${portal.url}/alerts/authorization?facilityIds=102`);
    await page.locator('table tbody tr[tabindex]').first().waitFor();
    await page.getByText(/^Total: \d+$/).waitFor();
    expect(gets.filter((g) => g.startsWith('/api/highCost'))).toEqual([
      '/api/highCost?limit=100&facilityIds=102',
    ]);
    expect(gets.filter((g) => g === '/api/facilities')).toHaveLength(1);
    await context.close();
  });

  it('starts a sorted widget page’s list sorted, once, and never the list in the default order', async () => {
    const { context, page } = await signedInDashboard('admin@meadowbrook.test');
    await context.clearCookies();
    const gets = watchApiGets(page);
    await page.goto(`${portal.url}/alerts/authorization?sort=facName&sortOrder=desc`);
    await page.locator('table tbody tr[tabindex]').first().waitFor();
    await page.getByText(/^Total: \d+$/).waitFor();
    expect(gets.filter((g) => g.startsWith('/api/highCost'))).toEqual([
      '/api/highCost?sort=facName&sortOrder=desc&limit=100',
    ]);
    await context.close();
  });

  // The signed-in area's modules are one chunk (apps/web/vite.chunks.ts), named in index.html and preloaded by the
  // boot script: the dashboard comes in a handful of files instead of ~60.
  it('loads the dashboard in a handful of script files, preloaded by the boot script', async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await page.getByTestId('dashboard-widgets').locator('section tbody tr').first().waitFor();
    const named = await page.evaluate(() =>
      (document.querySelector('meta[name="portal-signed-in-scripts"]')?.getAttribute('content') ?? '').split(
        ' ',
      ),
    );
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    );
    expect(named.some((file) => /^\/assets\/signed-in-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of named.filter((f) => f.endsWith('.js'))) expect(preloaded).toContain(file);
    // Each file once (a preload and the import it serves are one fetch), and few of them: the entries, the sign-in
    // and signed-in chunks, and what loads after the first render (live updates, the alert detail's chunks).
    expect(new Set(scripts).size).toBe(scripts.length);
    expect(scripts.length).toBeLessThanOrEqual(20);
    await context.close();
  });

  it("gets the build's brotli copies of the scripts and styles", async () => {
    const { context, page } = await newPage(browser);
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/assets\/(index|sign-in|signed-in)-[\w-]+\.(js|css)$/.test(path))
        encodings.set(path, response.headers()['content-encoding'] ?? 'none');
    });
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('dashboard-widgets').locator('section tbody tr').first().waitFor();
    const files = [...encodings.keys()];
    for (const name of ['index', 'sign-in', 'signed-in'])
      expect(files.some((f) => f.startsWith(`/assets/${name}-`) && f.endsWith('.js'))).toBe(true);
    expect([...new Set(encodings.values())]).toEqual(['br']);
    await context.close();
  });

  it('does not preload the signed-in scripts for a signed-out visitor', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.url}/account/login`);
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).href),
    );
    expect(preloaded.some((href) => href.includes('/signed-in-'))).toBe(false);
    await context.close();
  });

  // The alert detail (tabs, fields, action dialogs) is a chunk of its own; a table fetches it when the page is
  // idle or a pointer reaches it, so opening a row does not wait for a script.
  it('fetches the alert detail after the first render, before any row is opened', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const detailChunk = page.waitForRequest((request) =>
      /\/assets\/alert-detail-content-[\w-]+\.js$/.test(request.url()),
    );
    await page.reload();
    await page.getByTestId('dashboard-widgets').locator('section tbody tr').first().waitFor();
    await detailChunk;
    await page.getByTestId('dashboard-widgets').locator('section tbody tr[tabindex]').first().click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Detail' }).waitFor();
    await context.close();
  });
});

// Signing in sets a session cookie beside the stored token (apps/server/src/platform/navigation-data.ts): a load of
// the dashboard or a widget page then comes with its first calls answered inside the HTML.
describe('a page load with the session cookie', () => {
  it('sets the cookie HttpOnly and SameSite=Strict at sign-in, and clears it at sign-out', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const navigation = (await context.cookies()).find((cookie) => cookie.name === 'portal_nav');
    expect(navigation).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // The page's scripts see only the cookies they keep themselves (locale and time zone; the window's size and
    // fitted heights), never the session.
    const seen = async () =>
      (await page.evaluate(() => document.cookie))
        .split('; ')
        .map((pair) => pair.split('=')[0])
        .sort();
    await expect.poll(seen).toEqual(['portal_fill', 'portal_zone']);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/account/login');
    await expect
      .poll(async () => (await context.cookies()).filter((cookie) => cookie.name === 'portal_nav').length)
      .toBe(0);
    await context.close();
  });

  it('shows the dashboard with no call for tokeninfo or any list, and leaves no answer in the markup', async () => {
    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await dashboardLoaded(page);
    const titles = await page.getByTestId('dashboard-widgets').locator('section h2').allTextContents();
    const gets = watchApiGets(page);
    await page.reload();
    await waitForPath(page, '/dashboard');
    await dashboardLoaded(page);
    expect(await page.getByTestId('dashboard-widgets').locator('section h2').allTextContents()).toEqual(
      titles,
    );
    expect(gets.filter((g) => g === '/api/tokeninfo' || g.includes('limit='))).toEqual([]);
    expect(await page.locator('script[data-early-url]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a widget page narrowed by its address with no list call, and only the facility it names', async () => {
    const { context, page } = await signedInDashboard('admin@meadowbrook.test');
    const gets = watchApiGets(page);
    await page.goto(`${portal.url}/alerts/authorization?facilityIds=102`);
    await page.getByText(/^Total: \d+$/).waitFor();
    const table = (await page.locator('table tbody').textContent()) ?? '';
    expect(table).toContain('Meadowbrook East');
    expect(table).not.toContain('Meadowbrook Care Center');
    expect(gets.filter((g) => g.startsWith('/api/highCost') || g === '/api/facilities')).toEqual([]);
    await context.close();
  });

  it("takes nothing from a page made for another session: a stale cookie's page is asked for again", async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    // The stored token is another session's than the cookie's (as if storage and cookie disagreed).
    await storeToken(page, await apiToken(portal.url, 'nurse@meadowbrook.test'));
    const gets = watchApiGets(page);
    await page.reload();
    await dashboardLoaded(page);
    expect(gets.filter((g) => g === '/api/tokeninfo')).toHaveLength(1);
    expect(gets.filter((g) => g.endsWith('?limit=100')).length).toBeGreaterThan(0);
    await context.close();
  });
});

/** Marks the first server-drawn row as the parser leaves it, before any script runs, and notes warnings. */
async function watchServerRows(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const row = document.querySelector('#root[data-server-rendered] tbody tr');
      if (row) (row as HTMLElement).dataset.drawnByServer = 'true';
    });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  return warnings;
}

// The signed-in dashboard is drawn by the server from the answers the page carries (apps/web/src/ssr), shown before
// the scripts have run, then hydrated by the app (apps/web/src/app/hydration.ts).
describe('a dashboard the server draws', () => {
  it('comes with its rows in the HTML, then the app takes over those same rows without drawing them again', async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    const names = await page.getByTestId('dashboard-widgets').locator('tbody tr').allTextContents();
    const warnings = await watchServerRows(page);
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<div id="root" data-server-rendered data-drawn-view="1920x1080');
    expect(html).toContain('data-testid="dashboard-widgets"');
    expect(html).toContain(names[0]?.slice(0, 12));
    await dashboardLoaded(page);
    // Hydrated: the row the parser made is still in the page, and the root no longer says the server drew it.
    await page.waitForSelector('#root:not([data-server-rendered])');
    expect(await page.locator('tbody tr[data-drawn-by-server="true"]').count()).toBe(1);
    expect(warnings).toEqual([]);
    // And it is the app's: a row opens its alert.
    await page.getByTestId('dashboard-widgets').locator('tbody tr').first().click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });

  it('keeps a click on a drawn row made before the app has run, and opens that alert once the app has taken over', async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    // The main chunk held back until the test lets it through: the drawn page is all the nurse has meanwhile.
    const letThrough = await holdMainChunk(page, 'load');
    await page.reload({ waitUntil: 'commit' });
    const row = page
      .locator('#root[data-server-rendered] [data-testid="dashboard-widgets"] tbody tr')
      .first();
    // The first cell's name, without the words said only to screen readers ('(unread)').
    const patient = ((await row.locator('td').first().textContent()) ?? '').replace(/\s*\(.*\)$/, '');
    expect(patient).toMatch(/\w+, \w+/);
    await row.click();
    // Nothing could open it yet; the pointer says the click is waiting.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.cursor)).toBe('progress');
    letThrough();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.locator('#root[data-server-rendered]').count()).toBe(0);
    // The dialog opens on 'Loading Settings...' and fills in once its settings and alert have come.
    await dialog.getByText(patient, { exact: false }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.style.cursor)).toBe('');
    // Once: closing the alert leaves the dashboard as it was, with no second dialog.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('gives the pointer back when the app cannot load, instead of holding a click for good', async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    const cutOff = await holdMainChunk(page, 'fail');
    await page.reload({ waitUntil: 'commit' });
    await page
      .locator('#root[data-server-rendered] [data-testid="dashboard-widgets"] tbody tr')
      .first()
      .click();
    expect(await page.evaluate(() => document.documentElement.style.cursor)).toBe('progress');
    cutOff();
    await page.waitForFunction(() => document.documentElement.style.cursor === '');
    // The drawn rows are still there to read.
    expect(await page.locator('#root[data-server-rendered] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('shows the rows with no script at all', async () => {
    const { context: signedIn, page } = await signedInDashboard('nurse@meadowbrook.test');
    const cookies = await signedIn.cookies();
    expect(cookies.map((c) => c.name).sort()).toEqual(['portal_fill', 'portal_nav', 'portal_zone']);
    const names = await page.getByTestId('dashboard-widgets').locator('tbody tr').allTextContents();
    const box = await page.getByTestId('dashboard-widgets').locator('tbody tr').first().boundingBox();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    await context.addCookies(cookies);
    const bare = await context.newPage();
    await bare.goto(`${portal.url}/dashboard`);
    expect(await bare.locator('[data-testid="dashboard-widgets"] section').count()).toBe(11);
    const bareRow = bare.locator('[data-testid="dashboard-widgets"] tbody tr').first();
    expect(await bareRow.textContent()).toBe(names[0]);
    // Styled as the app styles it (the signed-in pages' stylesheets are linked): the row sits where it will.
    expect(await bareRow.boundingBox()).toEqual(box);
    await context.close();
    await signedIn.close();
  });

  it("throws away a page drawn for another session than the browser's own, and shows the browser's", async () => {
    // The cookie is the nurse's, the stored token the other tenant's director's (as if they disagreed).
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    const nurseRows = await page.getByTestId('dashboard-widgets').locator('tbody tr').allTextContents();
    await storeToken(page, await apiToken(portal.url, 'don@lakeside.test'));
    await watchServerRows(page);
    await page.reload();
    await dashboardLoaded(page);
    await page.waitForSelector('#root:not([data-server-rendered])');
    expect(await page.locator('[data-drawn-by-server]').count()).toBe(0);
    const shown = (await page.getByTestId('dashboard-widgets').textContent()) ?? '';
    expect(shown).toContain('Lakeside');
    for (const row of nurseRows.slice(0, 5)) expect(shown).not.toContain(row);
    await context.close();
  });

  it("draws and hydrates a tablet's layout at a tablet's width", async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    await page.setViewportSize({ width: 900, height: 1100 });
    // The app reports the new window (a cookie) as it resizes; the server then draws the tablet's condensed
    // navigation itself.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'portal_fill')?.value)
      .toMatch(/^900x1100/);
    const warnings = await watchServerRows(page);
    const response = await page.reload();
    expect((await response?.text()) ?? '').toMatch(
      /data-testid="sidebar"[^>]*data-condensed="true"|data-condensed="true"[^>]*data-testid="sidebar"/,
    );
    await dashboardLoaded(page);
    await page.waitForSelector('#root:not([data-server-rendered])');
    expect(await page.locator('tbody tr[data-drawn-by-server="true"]').count()).toBe(1);
    // The condensed navigation of spec 2 (768 to 1028 px): icons only.
    await expect
      .poll(() => page.getByTestId('sidebar').evaluate((el) => el.getAttribute('data-condensed')))
      .toBe('true');
    expect(warnings).toEqual([]);
    await context.close();
  });
});

// A live widget page (/alerts/{path}, narrowed by its address or not) is drawn by the server as the dashboard is.
describe('a widget page the server draws', () => {
  const PAGE = '/alerts/authorization';

  /** The widget page's table has its rows and its Total: the first page is shown. */
  async function widgetPageLoaded(page: Page): Promise<void> {
    await page.locator('table tbody tr').first().waitFor();
    await page.getByText(/^Total: \d+$/).waitFor();
  }

  it('comes with its rows and total in the HTML, then the app takes over those rows and fills the window', async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    const warnings = await watchServerRows(page);
    const gets = watchApiGets(page);
    const response = await page.goto(`${portal.url}${PAGE}`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<div id="root" data-server-rendered data-drawn-view="1920x1080');
    expect(html).toContain('aria-label="AUTHORIZATION alerts"');
    const total = /Total: (\d+)/.exec(html)?.[1];
    expect(Number(total)).toBeGreaterThan(0);
    await widgetPageLoaded(page);
    await page.waitForSelector('#root:not([data-server-rendered])');
    expect(await page.locator('tbody tr[data-drawn-by-server="true"]').count()).toBe(1);
    expect(warnings).toEqual([]);
    expect(
      gets.filter((g) => g === '/api/tokeninfo' || g === '/api/facilities' || g.includes('limit=')),
    ).toEqual([]);
    expect(await page.getByText(/^Total: \d+$/).textContent()).toBe(`Total: ${total}`);
    // The first visit: the server drew the table's scroller at its least height (the page was never measured in
    // this window); once live the scroller takes the window's height below the page's header.
    expect(html).toContain('max-height:320px');
    await expect
      .poll(() =>
        page
          .locator('table')
          .evaluate((table) => Number.parseFloat(table.parentElement?.style.maxHeight ?? '')),
      )
      .toBeGreaterThan(500);
    // And it is the app's: a row opens its alert.
    await page.locator('tbody tr').first().click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });

  it('opens the alert its address names over the drawn page once the app has taken it over, with no warning', async () => {
    const { context, page } = await signedInDashboard('nurse@meadowbrook.test');
    await page.goto(`${portal.url}${PAGE}`);
    await widgetPageLoaded(page);
    await page.locator('tbody tr').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const subject = await dialog.getByTestId('alert-subject').textContent();
    expect(page.url()).toMatch(/\?alert=\d+$/);
    const warnings = await watchServerRows(page);
    const response = await page.reload();
    expect((await response?.text()) ?? '').toContain('data-server-rendered');
    await expect
      .poll(() => page.getByRole('dialog').getByTestId('alert-subject').textContent())
      .toBe(subject);
    await page.waitForSelector('#root:not([data-server-rendered])');
    expect(await page.locator('tbody tr[data-drawn-by-server="true"]').count()).toBe(1);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('draws the page narrowed by its address with only the facility it names', async () => {
    const { context, page } = await signedInDashboard('admin@meadowbrook.test');
    const warnings = await watchServerRows(page);
    const response = await page.goto(`${portal.url}${PAGE}?facilityIds=102`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('Meadowbrook East');
    const body = html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>'));
    expect(body).not.toContain('Meadowbrook Care Center');
    await widgetPageLoaded(page);
    await page.waitForSelector('#root:not([data-server-rendered])');
    expect(await page.locator('tbody tr[data-drawn-by-server="true"]').count()).toBe(1);
    expect(warnings).toEqual([]);
    expect(page.url()).toBe(`${portal.url}${PAGE}?facilityIds=102`);
    await context.close();
  });

  it('draws the page sorted by its address in the sort’s order, fetches its list once, and hydrates it as drawn', async () => {
    const { context, page } = await signedInDashboard('admin@meadowbrook.test');
    const warnings = await watchServerRows(page);
    const gets = watchApiGets(page);
    const sorted = `${PAGE}?facilityIds=101&facilityIds=102&sort=facName&sortOrder=desc`;
    const response = await page.goto(`${portal.url}${sorted}`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-server-rendered');
    // The Facility column carries the sort's arrow in the drawn page, and its rows come in the sort's order: the
    // API's own answer to the sorted call, unread rows first as it pages them.
    expect(html).toMatch(/aria-sort="descending"[^>]*>(?:(?!<\/th>).)*Facility/);
    const token = await page.evaluate(() => window.localStorage.getItem('portal.token'));
    const answer = (await (
      await fetch(
        `${portal.url}/api/highCost?sort=facName&sortOrder=desc&limit=100&facilityIds=101&facilityIds=102`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      )
    ).json()) as { highCostList: { patName: string; facName: string }[] };
    const facilities = answer.highCostList.map((alert) => alert.facName);
    // Both facilities, so the order is the sort's and not the default's by chance.
    expect(new Set(facilities).size).toBe(2);
    const body = html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>'));
    const first = answer.highCostList[0];
    expect(body.indexOf(first?.patName ?? '-')).toBeGreaterThan(-1);
    await widgetPageLoaded(page);
    await page.waitForSelector('#root:not([data-server-rendered])');
    // Hydrated, not drawn again: the parser's row is still there, with no warning of markup that did not match.
    expect(await page.locator('tbody tr[data-drawn-by-server="true"]').count()).toBe(1);
    expect(warnings).toEqual([]);
    const drawnFacilities = await page.locator('tbody tr[tabindex] td:nth-child(2)').allTextContents();
    expect(drawnFacilities).toEqual(facilities.slice(0, drawnFacilities.length));
    expect(await page.getByRole('columnheader', { name: 'Facility' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    // Its list was in the page: the app asked for no list, nor the session or the facilities.
    expect(
      gets.filter((g) => g === '/api/tokeninfo' || g === '/api/facilities' || g.includes('limit=')),
    ).toEqual([]);
    expect(page.url()).toBe(`${portal.url}${sorted}`);
    await context.close();
  });

  it('shows the rows with no script at all, where the app will show them', async () => {
    const { context: signedIn, page } = await signedInDashboard('nurse@meadowbrook.test');
    await page.goto(`${portal.url}${PAGE}`);
    await widgetPageLoaded(page);
    const first = page.locator('tbody tr').first();
    const text = await first.textContent();
    const box = await first.boundingBox();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    await context.addCookies(await signedIn.cookies());
    const bare = await context.newPage();
    await bare.goto(`${portal.url}${PAGE}`);
    const bareRow = bare.locator('tbody tr').first();
    expect(await bareRow.textContent()).toBe(text);
    expect(await bareRow.boundingBox()).toEqual(box);
    await context.close();
    await signedIn.close();
  });
});
