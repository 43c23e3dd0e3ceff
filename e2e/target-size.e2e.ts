import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, settleAnimations, undersizedTargets, VIEWPORTS } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

/** One screen, or one state of it (a dialog or menu open), as a finger finds it once it has loaded. */
interface Screen {
  name: string;
  path: string;
  /** What the screen loads after its heading (table rows, files), as a selector to wait for. */
  ready?: string;
  /** Brings the screen into the state to judge (opens a dialog) once it has loaded. */
  open?: (page: Page) => Promise<void>;
}

async function openMenu(page: Page, button: string | RegExp) {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('menu').waitFor();
}

/** A list's first row menu open. */
function rowMenu(name: string, path: string): Screen {
  return { name, path, ready: ROWS, open: (page) => openMenu(page, /^Actions for /) };
}

async function openFirstAlert(page: Page) {
  await page.locator('main table tbody tr[tabindex]').first().click();
  await page.getByRole('dialog').getByRole('tab').first().waitFor();
}

async function openFirstTote(page: Page) {
  const tote = page.getByRole('main').getByRole('table').getByRole('row').nth(1).getByRole('button');
  const toteID = (await tote.textContent()) ?? '';
  await tote.click();
  await page
    .getByRole('dialog', { name: `Tote ${toteID}` })
    .getByAltText(`Barcode ${toteID}`)
    .waitFor();
}

const ROWS = 'main table tbody tr';
const FILE_ITEMS = 'main [aria-label^="Actions for"]';

// The page the shell's menus and drawer open on: the same on every page, so on the lightest (the dashboard draws
// eleven tables).
const SHELL = '/info/versions';

// The signed-in screens of the route table (spec 2 section 2) and the states of them a finger meets: dialogs, menus,
// the navigation's groups. Each user opens those their role shows them.
const EVERYONE: Screen[] = [
  { name: 'alerts dashboard', path: '/dashboard', ready: ROWS },
  { name: 'alert dialog on the dashboard', path: '/dashboard', ready: ROWS, open: openFirstAlert },
  {
    name: 'account menu',
    path: SHELL,
    open: async (page) => {
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'navigation group',
    path: SHELL,
    open: async (page) => {
      // From the keyboard: on a pointer the condensed sidebar's menus also open on hover, which a click then toggles.
      await page.getByRole('navigation').getByRole('button', { name: 'Alerts' }).focus();
      await page.keyboard.press('Enter');
      // A pop-up menu beside the condensed sidebar, links opened in place in the full one.
      await page
        .getByRole('menuitem', { name: 'PATIENT MISSING', exact: true })
        .or(page.getByRole('navigation').getByRole('link', { name: 'PATIENT MISSING', exact: true }))
        .waitFor();
    },
  },
  {
    name: 'layout settings',
    path: SHELL,
    open: async (page) => {
      await page.getByRole('button', { name: 'Layout settings' }).click();
      await page.getByRole('dialog').getByRole('radio').first().waitFor();
    },
  },
  { name: 'widget page', path: '/alerts/authorization', ready: ROWS },
  { name: 'alert dialog on a widget page', path: '/alerts/authorization', ready: ROWS, open: openFirstAlert },
  { name: 'high cost widget page', path: '/alerts/highcostalerts', ready: ROWS },
  { name: 'widget archive', path: '/alerts/authorization/archive', ready: ROWS },
  { name: 'facilities', path: '/facilities', ready: ROWS },
  rowMenu('facility menu', '/facilities'),
  { name: 'facility users', path: '/facility-users', ready: ROWS },
  { name: 'pharmacies', path: '/pharmacies', ready: ROWS },
  { name: 'files', path: '/files', ready: FILE_ITEMS },
  { name: 'file menu', path: '/files', ready: FILE_ITEMS, open: (page) => openMenu(page, /^Actions for /) },
  {
    name: 'files as a list',
    path: '/files',
    ready: FILE_ITEMS,
    open: async (page) => {
      await page.getByText('List', { exact: true }).click();
      await page.getByRole('main').getByRole('table').waitFor();
    },
  },
  { name: 'totes', path: '/packing-slips', ready: ROWS },
  {
    name: 'ship-date picker',
    path: '/packing-slips',
    ready: ROWS,
    open: async (page) => {
      await page.getByRole('button', { name: /^Ship dates/ }).click();
      await page.getByRole('dialog', { name: 'Choose ship dates' }).waitFor();
    },
  },
  { name: 'tote dialog', path: '/packing-slips', ready: ROWS, open: openFirstTote },
  { name: 'secure forms', path: '/secureForms', ready: ROWS },
  { name: 'release notes', path: '/info/release-notes' },
  { name: 'versions', path: '/info/versions' },
  { name: 'account', path: '/settings/account' },
  { name: 'messaging-service credentials', path: '/settings/specialtyRxNow' },
  { name: 'dashboard configuration', path: '/settings/userSettings', ready: ROWS },
  { name: 'two-step sign-in', path: '/settings/twoStep' },
];

const NURSE: Screen[] = [
  ...EVERYONE,
  {
    name: 'reason for an action',
    path: '/alerts/openBatch',
    ready: ROWS,
    open: async (page) => {
      await openFirstAlert(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('dialog', { name: 'Send' }).getByRole('radio').first().waitFor();
    },
  },
];

// What an administrator across facilities (a pharmacy's SysAdmin, a SuperAdmin) opens besides.
const ADMIN: Screen[] = [
  ...EVERYONE,
  { name: 'widget page narrowed to a facility', path: '/alerts/authorization?facilityIds=101', ready: ROWS },
  rowMenu('facility user menu', '/facility-users'),
  {
    name: "a facility user's facilities",
    path: '/facility-users',
    ready: ROWS,
    open: async (page) => {
      await openMenu(page, /^Actions for /);
      await page.getByRole('menuitem', { name: 'View / Edit Facilities' }).click();
      await page.getByRole('dialog').getByRole('table').waitFor();
    },
  },
  { name: 'recycling bin', path: '/files/recycling-bin', ready: FILE_ITEMS },
  { name: 'facility settings', path: '/facility/facilitySettings/101' },
  {
    name: 'release note editor',
    path: '/info/release-notes',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add release note' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).waitFor();
      await expect.poll(() => page.getByRole('dialog').locator('.mantine-Loader').count()).toBe(0);
    },
  },
];

// Pharmacy staff only (a SuperAdmin is sent from these to the dashboard).
const PHARMACY_STAFF: Screen[] = [
  { name: 'pharmacy users', path: '/pharmacy-users', ready: ROWS },
  rowMenu('pharmacy user menu', '/pharmacy-users'),
  { name: 'audit trail', path: '/audit', ready: ROWS },
];

const USERS: [string, Screen[]][] = [
  ['nurse@meadowbrook.test', NURSE],
  ['sysadmin@pharmacy.test', [...ADMIN, ...PHARMACY_STAFF]],
  ['super@portal.test', ADMIN],
];

/** Opens the screen and waits until it has loaded: its heading, its rows, no loader left, transitions ended. */
async function visit(page: Page, screen: Screen) {
  const path = screen.path.split('?')[0] ?? screen.path;
  await page.goto(`${portal.url}${screen.path}`);
  await waitForPath(page, path);
  await page.locator('h1').first().waitFor();
  // Still there once it has drawn: a screen this user may not open sends them elsewhere.
  expect(new URL(page.url()).pathname).toBe(path);
  if (screen.ready) await page.locator(screen.ready).first().waitFor();
  await expect.poll(() => page.locator('.mantine-Loader').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
  await screen.open?.(page);
  await settleAnimations(page);
}

// On a wide screen the SuperAdmin's screens are the SysAdmin's again; the tablet, where the finger is, has all three.
describe.each([
  ['tablet', VIEWPORTS.tablet, USERS],
  ['desktop', VIEWPORTS.desktop, USERS.slice(0, 2)],
])('pointer targets (WCAG 2.2, 2.5.8) at %s size', (_size, viewport, users) => {
  describe.each(users)('as %s', (email, screens) => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await newPage(browser, viewport));
      await signInThroughForm(page, portal.url, email);
      await waitForPath(page, '/dashboard');
    });
    afterAll(() => context.close());

    it.each(screens.map((screen) => [screen.name, screen] as const))(
      'are 24 x 24 px or more: %s',
      async (_name, screen) => {
        await visit(page, screen);
        expect(await undersizedTargets(page.locator('body'))).toEqual([]);
      },
    );
  });
});
