import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
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

// A reminder contact at Meadowbrook Care Center, for the facility settings' contact row and its dialogs (the demo
// world has none).
beforeAll(async () => {
  const token = await apiToken(portal.url, 'sysadmin@pharmacy.test');
  const response = await fetch(`${portal.url}/api/facilitysetting`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ FaciId: '101', WidgetName: 'highCost', ContactInfo: { Email: CONTACT } }),
  });
  expect(response.status).toBe(200);
});

/** One screen, or one state of it (a dialog or menu open), as a finger finds it once it has loaded. */
interface Screen {
  name: string;
  path: string;
  /** What the screen loads after its heading (table rows, files), as a selector to wait for. */
  ready?: string;
  /** Brings the screen into the state to judge (opens a dialog) once it has loaded. */
  open?: (page: Page) => Promise<void>;
  /** `open` changes the page itself (a tab, a row in edit), not only what lies over it: the next screen loads anew. */
  changesPage?: boolean;
  /** The screen starts from a page below its address too (a folder under /files), where the last one left it. */
  below?: boolean;
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

/** A dialog opened from the page, once its `ready` content (a field, a table) is there. */
async function openDialog(
  page: Page,
  trigger: Locator,
  name: string | RegExp,
  ready?: (dialog: Locator) => Locator,
) {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name });
  await (ready ? ready(dialog) : dialog.getByRole('button').last()).waitFor();
}

/** A row menu's item that opens a dialog: `row` names the row's Actions button. */
function rowMenuDialog(
  name: string,
  path: string,
  row: string,
  item: string,
  dialog: string | RegExp,
): Screen {
  return {
    name,
    path,
    ready: ROWS,
    open: async (page) => {
      await openMenu(page, `Actions for ${row}`);
      await openDialog(page, page.getByRole('menuitem', { name: item }), dialog);
    },
  };
}

/** The first alert's Actions/Discussions tab, in its dialog or on its page (`scope`). */
async function openDiscussions(scope: Page | Locator) {
  await scope.getByRole('tab', { name: /^Actions\/Discussions/ }).click();
  await scope
    .getByRole('region', { name: 'Discussion' })
    .or(scope.getByText('No recorded actions'))
    .first()
    .waitFor();
}

/** An action button's dialog over the first alert of a widget page (spec 1, section 5). */
function actionDialog(button: string, widgetPath: string): Screen {
  return {
    name: `${button} dialog`,
    path: widgetPath,
    ready: ROWS,
    open: async (page) => {
      await openFirstAlert(page);
      await openDialog(
        page,
        page.getByRole('dialog').getByRole('button', { name: button, exact: true }),
        button,
      );
    },
  };
}

/** A dialog's select field with its options shown. */
async function openPicker(page: Page, label: string | RegExp) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('listbox').getByRole('option').first().waitFor();
}

/**
 * Files, in the Policies folder of Meadowbrook Care Center (a facility folder holds files every role may edit), unless
 * the last screen left the page there.
 */
async function openPolicies(page: Page) {
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  if ((await breadcrumb.getByRole('link', { name: 'Policies', exact: true }).count()) > 0) return;
  if (new URL(page.url()).pathname !== '/files') {
    await page.goto(`${portal.url}/files`);
    await page.locator(FILE_ITEMS).first().waitFor();
  }
  for (const name of ['Facilities', 'Meadowbrook Care Center (101)', 'Policies']) {
    await page.getByRole('main').getByRole('button', { name, exact: true }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).waitFor();
  }
  await page.locator(FILE_ITEMS).first().waitFor();
}

function fileDialog(name: string, open: (page: Page) => Promise<void>): Screen {
  return {
    name,
    path: '/files',
    below: true,
    ready: FILE_ITEMS,
    open: async (page) => {
      await openPolicies(page);
      await open(page);
    },
  };
}

const ROWS = 'main table tbody tr';
const FILE_ITEMS = 'main [aria-label^="Actions for"]';
const TABS = 'main [role="tab"]';
const POLICY = 'Medication Pass Policy.pdf';
// Demo people and places (the demo world's reference): the nurse and pharmacist as rows of the user lists.
const NURSE_NAME = 'Maria Alvarez';
const PHARMACIST_NAME = 'Priya Raman';
const FACILITY = 'Meadowbrook Care Center';
/** A reminder contact of Meadowbrook Care Center's AUTHORIZATION settings, added before the sweep. */
const CONTACT = 'reminders.targets@meadowbrook.test';
const CREDENTIALS_LINK = 'Set SpecialtyRx Now credentials';

/**
 * A demo alert's Rx number at Meadowbrook Care Center: its widget's id and sequence (1-99 live, 100-102 archived; 3
 * and 100 have a discussion).
 */
function rxNo(widgetId: number, seq: number): string {
  return String(101 * 100_000 + widgetId * 1000 + seq);
}

/** A dialog the address opens, once its content is there. */
async function inDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button').last().waitFor();
  await expect.poll(() => page.getByRole('dialog').locator('.mantine-Loader').count()).toBe(0);
}

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
    changesPage: true,
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
  {
    name: "alert dialog's actions and discussions",
    path: '/alerts/authorization',
    ready: ROWS,
    open: async (page) => {
      await openFirstAlert(page);
      await openDiscussions(page.getByRole('dialog'));
    },
  },
  // The detail pages of widgets.md (a live alert, an archived one, the high cost and admission review layouts).
  { name: 'alert page', path: `/authorization/${rxNo(1, 3)}`, ready: TABS },
  {
    name: "alert page's actions and discussions",
    path: `/authorization/${rxNo(1, 3)}`,
    ready: TABS,
    open: (page) => openDiscussions(page.getByRole('main')),
    changesPage: true,
  },
  { name: 'archived alert page', path: `/authorization/${rxNo(1, 100)}`, ready: TABS },
  { name: 'high cost alert page', path: `/highcostalerts/${rxNo(7, 1)}`, ready: TABS },
  { name: 'admission review page', path: `/admission-medication-review/ADM-${rxNo(6, 1)}`, ready: TABS },
  fileDialog('file info dialog', (page) =>
    openDialog(
      page,
      page.getByRole('main').getByRole('button', { name: POLICY, exact: true }),
      'File/Folder Info',
    ),
  ),
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
  actionDialog('Approve', '/alerts/authorization'),
  actionDialog('Deny', '/alerts/authorization'),
  actionDialog('Limit Days', '/alerts/authorization'),
  actionDialog('Approve Once', '/alerts/authorization'),
  actionDialog('Discuss', '/alerts/authorization'),
  actionDialog('Do Not Send', '/alerts/openBatch'),
  actionDialog('Approve until Refill Date', '/alerts/refilltoosoon'),
  // Saving the settings unchanged still asks whether to sign out now to apply them; Later leaves them as they were.
  {
    name: 'dashboard configuration, apply question',
    path: '/settings/userSettings',
    ready: ROWS,
    open: async (page) => {
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page
        .getByRole('dialog', { name: 'Apply the new dashboard settings?' })
        .getByRole('button', { name: 'Later' })
        .waitFor();
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
  {
    name: 'version editor',
    path: '/info/versions',
    open: (page) =>
      openDialog(page, page.getByRole('button', { name: 'Add version' }), 'Add version', (dialog) =>
        dialog.getByRole('textbox').first(),
      ),
  },
  {
    name: "a user's facilities with the facility picker open",
    path: '/facility-users',
    ready: ROWS,
    open: async (page) => {
      await openMenu(page, `Actions for ${NURSE_NAME}`);
      await openDialog(
        page,
        page.getByRole('menuitem', { name: 'View / Edit Facilities' }),
        /^Facilities of/,
        (dialog) => dialog.getByRole('table'),
      );
      await openPicker(page, 'Add facility');
    },
  },
  {
    name: 'create facility user dialog with the facility picker open',
    path: '/facility-users',
    ready: ROWS,
    open: async (page) => {
      await openDialog(page, page.getByRole('button', { name: 'Add Facility User' }), 'Create Facility User');
      await openPicker(page, /^Facility/);
    },
  },
  rowMenuDialog('reset password dialog', '/facility-users', NURSE_NAME, 'Reset Password', /^Reset Password/),
  rowMenuDialog('edit profile dialog', '/facility-users', NURSE_NAME, 'Edit Name and Phone', /^Edit Profile/),
  rowMenuDialog(
    'edit user settings dialog',
    '/facility-users',
    NURSE_NAME,
    'Edit User Settings',
    /^Edit settings/,
  ),
  rowMenuDialog('delete user dialog', '/facility-users', NURSE_NAME, 'Delete User', 'Delete User'),
  rowMenuDialog('add facility user dialog', '/facilities', FACILITY, 'Add User', /^Add Facility User to/),
  rowMenuDialog("a facility's users", '/facilities', FACILITY, 'View Users', /^Users of/),
  { name: "a pharmacy's facilities", path: '/pharmacies?pharmID=sprx', open: inDialog },
  { name: "a pharmacy's users", path: '/pharmacies?pharmID=sprx&users=true', open: inDialog },
  { name: "a pharmacy facility's forms", path: '/pharmacies?pharmID=sprx&faciID=101', open: inDialog },
  { name: "a facility's secure forms", path: '/secureForms?faciID=101', open: inDialog },
  {
    name: 'restore location picker',
    path: '/files/recycling-bin',
    ready: FILE_ITEMS,
    open: async (page) => {
      await openMenu(page, /^Actions for /);
      await openDialog(page, page.getByRole('menuitem', { name: 'Restore' }), /^Restore /);
    },
  },
  {
    name: 'reminder contact in edit',
    path: '/facility/facilitySettings/101',
    open: async (page) => {
      await page.getByRole('button', { name: `Edit ${CONTACT}` }).click();
      await page.getByRole('textbox', { name: `Edit ${CONTACT}` }).waitFor();
    },
    changesPage: true,
  },
  {
    name: 'delete reminder contact question',
    path: '/facility/facilitySettings/101',
    open: (page) =>
      openDialog(page, page.getByRole('button', { name: `Delete ${CONTACT}` }), 'Delete reminder contact'),
  },
  { name: 'API keys', path: '/pharmacy-keys' },
  fileDialog('create folder dialog', async (page) => {
    await openMenu(page, 'Add New');
    await openDialog(page, page.getByRole('menuitem', { name: 'Create Folder' }), 'Create Folder');
  }),
  fileDialog('upload dialog', async (page) => {
    await openMenu(page, 'Add New');
    await openDialog(page, page.getByRole('menuitem', { name: 'Upload File' }), 'Upload File');
  }),
  fileDialog('rename dialog', async (page) => {
    await openMenu(page, `Actions for ${POLICY}`);
    await openDialog(page, page.getByRole('menuitem', { name: 'Rename' }), /^Rename /);
  }),
  fileDialog('delete question', async (page) => {
    await openMenu(page, `Actions for ${POLICY}`);
    await openDialog(page, page.getByRole('menuitem', { name: 'Delete' }), /^Delete/);
  }),
];

// Pharmacy staff only (a SuperAdmin is sent from these to the dashboard).
const PHARMACY_STAFF: Screen[] = [
  { name: 'pharmacy users', path: '/pharmacy-users', ready: ROWS },
  rowMenu('pharmacy user menu', '/pharmacy-users'),
  { name: 'audit trail', path: '/audit', ready: ROWS },
  {
    name: 'reply box',
    path: '/alerts/authorization',
    ready: ROWS,
    open: async (page) => {
      await openFirstAlert(page);
      await openDiscussions(page.getByRole('dialog'));
      await page.getByRole('dialog').getByRole('button', { name: 'Send Reply' }).waitFor();
    },
  },
  {
    name: 'add pharmacy user dialog',
    path: '/pharmacy-users',
    ready: ROWS,
    open: (page) =>
      openDialog(page, page.getByRole('button', { name: 'Add Pharmacy User' }), 'Add Pharmacy User'),
  },
  rowMenuDialog(
    "a pharmacy user's pharmacies",
    '/pharmacy-users',
    PHARMACIST_NAME,
    'View / Edit Pharmacies',
    /^Pharmacies of/,
  ),
  rowMenuDialog(
    'pharmacy user password dialog',
    '/pharmacy-users',
    PHARMACIST_NAME,
    'Reset Password',
    /^Reset Password/,
  ),
  rowMenuDialog(
    'pharmacy user profile dialog',
    '/pharmacy-users',
    PHARMACIST_NAME,
    'Edit Name and Phone',
    /^Edit Profile/,
  ),
  rowMenuDialog(
    'pharmacy user settings dialog',
    '/pharmacy-users',
    PHARMACIST_NAME,
    'Edit User Settings',
    /^Edit settings/,
  ),
  rowMenuDialog(
    'delete pharmacy user dialog',
    '/pharmacy-users',
    PHARMACIST_NAME,
    'Delete User',
    'Delete User',
  ),
];

/** The screens in runs of one address (in the order each address first comes), so each run loads its page once. */
function byAddress(screens: Screen[]): Screen[] {
  const order = [...new Set(screens.map((screen) => screen.path))];
  return order.flatMap((path) => screens.filter((screen) => screen.path === path));
}

const USERS: [string, Screen[]][] = [
  ['nurse@meadowbrook.test', NURSE],
  ['sysadmin@pharmacy.test', [...ADMIN, ...PHARMACY_STAFF]],
  ['super@portal.test', ADMIN],
  // Without messaging credentials: the alert's red notice and its link instead of the action buttons.
  [
    'pharmacist@pharmacy.test',
    [
      {
        name: 'alert dialog without credentials',
        path: '/alerts/authorization',
        ready: ROWS,
        open: async (page) => {
          await openFirstAlert(page);
          await page.getByRole('dialog').getByRole('link', { name: CREDENTIALS_LINK }).waitFor();
        },
      },
      {
        name: 'alert page without credentials',
        path: `/authorization/${rxNo(1, 3)}`,
        ready: TABS,
        open: (page) => page.getByRole('main').getByRole('link', { name: CREDENTIALS_LINK }).waitFor(),
      },
    ],
  ],
];

/** Whether the last screen changed its page itself, so the next one on the same address loads it anew. */
let pageChanged = false;

/**
 * Closes what the last screen opened over its page (dialogs, menus), a layer per Escape, from the top: a screen on
 * the same address then opens its own dialog without loading the page again.
 */
async function closeOverlays(page: Page) {
  const overlays = page.locator('[role="dialog"], [role="menu"]');
  for (let layer = 0; layer < 4 && (await overlays.count()) > 0; layer++) {
    await page.keyboard.press('Escape');
    await settleAnimations(page);
  }
}

/**
 * Opens the screen and waits until it has loaded: its heading, its rows, no loader left, transitions ended. A
 * screen at the address the page is on already (the dialogs of one list, one after the other) reuses it.
 */
async function visit(page: Page, screen: Screen) {
  const path = screen.path.split('?')[0] ?? screen.path;
  await closeOverlays(page);
  const target = `${portal.url}${screen.path}`;
  const here = page.url() === target || (screen.below === true && page.url().startsWith(`${target}/`));
  if (pageChanged || !here) {
    await page.goto(`${portal.url}${screen.path}`);
    await waitForPath(page, path);
  }
  await page.locator('h1').first().waitFor();
  // Still there once it has drawn: a screen this user may not open sends them elsewhere.
  if (!screen.below) expect(new URL(page.url()).pathname).toBe(path);
  if (screen.ready) await page.locator(screen.ready).first().waitFor();
  await expect.poll(() => page.locator('.mantine-Loader').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
  // Until it has opened: one that failed half way leaves the page in no known state.
  pageChanged = true;
  await screen.open?.(page);
  pageChanged = screen.changesPage ?? false;
  await settleAnimations(page);
}

// On a wide screen the SuperAdmin's and pharmacist's screens are the SysAdmin's again; the tablet, where the finger
// is, has them all.
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

    it.each(byAddress(screens).map((screen) => [screen.name, screen] as const))(
      'are 24 x 24 px or more: %s',
      async (_name, screen) => {
        await visit(page, screen);
        expect(await undersizedTargets(page.locator('body'))).toEqual([]);
      },
    );
  });
});

// The public pages (spec 2 section 2), signed out: a reset or confirm link's page with made-up values, which it
// shows until the form is sent, and a packing slip's signed link as a facility sends it.
const PUBLIC: Screen[] = [
  { name: 'sign-in', path: '/account/login' },
  { name: 'register', path: '/register' },
  { name: 'confirm', path: '/confirm?email=new.nurse%40meadowbrook.test&token=made-up' },
  { name: 'forget-password', path: '/forget-password' },
  { name: 'reset-password', path: '/reset-password?email=nurse%40meadowbrook.test&token=made-up' },
];

/** A tote's public packing slip link, as its dialog gives it to a nurse (path and query). */
async function readPackingSlipLink(): Promise<string> {
  const { context, page } = await newPage(browser);
  await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
  await waitForPath(page, '/dashboard');
  await page.goto(`${portal.url}/packing-slips`);
  await page.locator(ROWS).first().waitFor();
  await openFirstTote(page);
  const link = new URL(await page.getByRole('dialog').getByLabel('Public link').inputValue());
  await context.close();
  return `${link.pathname}${link.search}`;
}

let packingSlipLink: Promise<string> | undefined;

describe.each([
  ['tablet', VIEWPORTS.tablet],
  ['desktop', VIEWPORTS.desktop],
])('pointer targets (WCAG 2.2, 2.5.8) of the public pages at %s size', (_size, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let slip: string;
  beforeAll(async () => {
    packingSlipLink ??= readPackingSlipLink();
    slip = await packingSlipLink;
    ({ context, page } = await newPage(browser, viewport));
  });
  afterAll(() => context.close());

  it.each(PUBLIC.map((screen) => [screen.name, screen] as const))(
    'are 24 x 24 px or more: %s',
    async (_name, screen) => {
      await visit(page, screen);
      expect(await undersizedTargets(page.locator('body'))).toEqual([]);
    },
  );

  it('are 24 x 24 px or more: packing slip', async () => {
    await visit(page, { name: 'packing slip', path: slip });
    expect(await undersizedTargets(page.locator('body'))).toEqual([]);
  });
});

// The layout setting's horizontal menu in the header instead of the sidebar (a SysAdmin's, with every group).
const TOP_NAVIGATION: Screen[] = [
  { name: 'top navigation', path: SHELL },
  {
    name: 'top navigation group',
    path: SHELL,
    open: async (page) => {
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: 'Alerts' })
        .click();
      await page.getByRole('menuitem', { name: 'PATIENT MISSING', exact: true }).waitFor();
    },
  },
];

describe.each([
  ['tablet', VIEWPORTS.tablet],
  ['desktop', VIEWPORTS.desktop],
])('pointer targets (WCAG 2.2, 2.5.8) of the top navigation at %s size', (_size, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, viewport));
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.evaluate(() => localStorage.setItem('portal.layout', JSON.stringify({ layout: 'topnav' })));
  });
  afterAll(() => context.close());

  it.each(TOP_NAVIGATION.map((screen) => [screen.name, screen] as const))(
    'are 24 x 24 px or more: %s',
    async (_name, screen) => {
      await visit(page, screen);
      await page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' }).waitFor();
      expect(await undersizedTargets(page.locator('body'))).toEqual([]);
    },
  );
});
