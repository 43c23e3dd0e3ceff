import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { expectAccessible, newPage, settleAnimations, VIEWPORTS, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

const NEW_EMAIL = 'casey.e2e@meadowbrook.test';

async function openUsers(page: Page, email = 'admin@meadowbrook.test') {
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  await page.goto(`${portal.url}/facility-users`);
  await page.getByRole('heading', { level: 1, name: 'Facility Users' }).waitFor();
  await page.getByRole('cell', { name: 'nurse@meadowbrook.test', exact: true }).waitFor();
}

async function login(email: string, password: string) {
  const response = await fetch(`${portal.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { token?: string } };
}

async function rowAction(page: Page, name: string, item: string) {
  // The menu's name goes on with the user's email in brackets, which tells two users of one name apart.
  await page.getByRole('button', { name: new RegExp(`^Actions for ${name} \\(`) }).click();
  await page.getByRole('menuitem', { name: item }).click();
  // The menu fades out after the click; wait until it is gone so only the modal is on screen.
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return page.getByRole('dialog');
}

describe('facility users', () => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['tablet', VIEWPORTS.tablet],
  ])('lists the users with a Self badge and no serious axe violation (%s)', async (name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchConsole(page);
    await openUsers(page);
    await page.getByText('Self', { exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'don@lakeside.test', exact: true }).count()).toBe(0);
    await expectAccessible(page, `/facility-users (${name})`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['tablet', VIEWPORTS.tablet],
    ['desktop', VIEWPORTS.desktop],
  ])(
    'keeps Add Facility User and the buttons of its dialog each on one line, in one row (%s)',
    async (_name, viewport) => {
      const { context, page } = await newPage(browser, viewport);
      const errors = watchConsole(page);
      await openUsers(page);
      // Where each button's box is, and how many lines its label takes.
      const layout = (button: ReturnType<Page['getByRole']>) =>
        button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const label = element.querySelector('.mantine-Button-label') ?? element;
          return {
            top: Math.round(box.top),
            height: Math.round(box.height),
            lines: label.getClientRects().length,
            clipped: label.scrollWidth > label.clientWidth,
          };
        });
      const open = page.getByRole('button', { name: 'Add Facility User' });
      expect(await layout(open)).toMatchObject({ height: 36, lines: 1, clipped: false });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Create Facility User' });
      await dialog.getByLabel('Display name').waitFor();
      await settleAnimations(page);
      const buttons = await Promise.all(
        ['Cancel', 'Create and Add Another', 'Create User'].map((name) =>
          layout(dialog.getByRole('button', { name, exact: true })),
        ),
      );
      const [cancel] = buttons;
      expect(buttons).toEqual(buttons.map(() => ({ ...cancel, lines: 1, clipped: false })));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('creates a user who must change the password, edits, resets and deletes them', async () => {
    const { context, page } = await newPage(browser);
    await openUsers(page);

    await page.getByRole('button', { name: 'Add Facility User' }).click();
    const create = page.getByRole('dialog', { name: 'Create Facility User' });
    await create.getByRole('button', { name: 'Create User' }).click();
    await create.getByText('Please select a facility', { exact: true }).waitFor();
    await create.getByText('Please enter a display name').waitFor();
    await expectAccessible(page, 'Create Facility User');
    await create.getByLabel('Facility').click();
    await page.getByRole('option', { name: 'Meadowbrook Care Center (101)' }).click();
    await create.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Nursing' }).click();
    await create.getByLabel('Display name').fill('Casey Journey');
    await create.getByLabel('Email').fill(NEW_EMAIL);
    await create.getByLabel('Title').fill('LPN');
    await create.getByLabel('Phone').fill('(555) 101-2020');
    await create.getByLabel(/^Password/).fill('first-pass-1');
    await create.getByLabel('Confirm password').fill('first-pass-1');
    await create.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('Facility user successfully created').waitFor();
    await page.getByRole('cell', { name: NEW_EMAIL, exact: true }).waitFor();

    // The new user signs in, but must replace the administrator's password before anything else.
    const first = await login(NEW_EMAIL, 'first-pass-1');
    expect(first.status).toBe(200);
    const blocked = await fetch(`${portal.url}/api/facilities`, {
      headers: { authorization: `Bearer ${first.body.token}` },
    });
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { code: string }).code).toBe('PASSWORD_CHANGE_REQUIRED');

    // In the browser the new user is stopped at 'Choose a new password', sets one, and reaches the dashboard.
    const own = await newPage(browser, VIEWPORTS.desktop);
    await signInThroughForm(own.page, portal.url, NEW_EMAIL, 'first-pass-1');
    const change = own.page.getByRole('form', { name: 'Change password' });
    await change.waitFor();
    await expectAccessible(own.page, 'Choose a new password');
    await change.getByLabel(/^Current password/).fill('first-pass-1');
    await change.getByLabel(/^New password/).fill('own-pass-11');
    await change.getByLabel(/^Confirm new password/).fill('own-pass-11');
    await change.getByRole('button', { name: 'Set new password' }).click();
    await own.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await own.context.close();
    expect((await login(NEW_EMAIL, 'own-pass-11')).status).toBe(200);

    const profile = await rowAction(page, 'Casey Journey', 'Edit Name and Phone');
    await profile.getByLabel('Display name').fill('Cas');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Name must include a minimum of 4 characters').waitFor();
    await profile.getByLabel('Display name').fill('Casey Renamed');
    await profile.getByLabel('Phone').fill('555-303-4040');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByRole('cell', { name: 'Casey Renamed', exact: true }).waitFor();
    await page.getByRole('cell', { name: '555-303-4040' }).waitFor();

    const reset = await rowAction(page, 'Casey Renamed', 'Reset Password');
    await reset.getByRole('textbox', { name: 'New password', exact: true }).fill('second-pass-2');
    await reset.getByRole('textbox', { name: 'Confirm new password' }).fill('second-pass-3');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('Passwords do not match').waitFor();
    await reset.getByRole('textbox', { name: 'Confirm new password' }).fill('second-pass-2');
    await expectAccessible(page, 'Reset Password');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(`Password successfully reset for "${NEW_EMAIL}"`).waitFor();
    expect((await login(NEW_EMAIL, 'first-pass-1')).status).toBe(401);
    expect((await login(NEW_EMAIL, 'second-pass-2')).status).toBe(200);

    const remove = await rowAction(page, 'Casey Renamed', 'Delete User');
    await remove.getByRole('button', { name: 'Delete User' }).click();
    await page.getByText('Casey Renamed deleted successfully').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: NEW_EMAIL, exact: true }).count()).toBe(0);
    expect((await login(NEW_EMAIL, 'second-pass-2')).status).toBe(401);
    await context.close();
  });

  it('refuses a profile save made on values someone else changed since, keeping what was typed; Reload shows theirs', async () => {
    const email = 'robin.two@meadowbrook.test';
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const created = await fetch(`${portal.url}/api/createuser`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'robin-pass-1',
        displayName: 'Robin Twoadmins',
        userRole: 'Nursing',
        faciID: 101,
      }),
    });
    expect(created.status).toBe(200);
    // The facility's admin and the pharmacy's SysAdmin open the same nurse's profile.
    const admin = await newPage(browser, VIEWPORTS.tablet);
    const sysadmin = await newPage(browser, VIEWPORTS.desktop);
    await openUsers(admin.page);
    await openUsers(sysadmin.page, 'sysadmin@pharmacy.test');
    const mine = await rowAction(admin.page, 'Robin Twoadmins', 'Edit Name and Phone');
    const theirs = await rowAction(sysadmin.page, 'Robin Twoadmins', 'Edit Name and Phone');

    // The SysAdmin gives the phone and saves.
    await theirs.getByLabel('Phone').fill('555-404-5050');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await sysadmin.page.getByText('Profile updated successfully').waitFor();
    await sysadmin.context.close();

    // The facility's admin, in the dialog opened before (no phone in it), corrects the name and saves.
    await mine.getByLabel('Display name').fill('Robin Renamed');
    const refused = admin.page.waitForResponse((r) => r.url().endsWith('/api/edituserinfo'));
    await mine.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(409);
    await mine
      .getByRole('alert')
      .getByText(
        'This profile was changed by someone else after you opened it. Your changes were not saved: reload to see the current profile.',
      )
      .waitFor();
    expect(await mine.getByLabel('Display name').inputValue()).toBe('Robin Renamed');
    expect(await mine.getByLabel('Phone').inputValue()).toBe('');
    const reload = mine.getByRole('button', { name: 'Reload current values' });
    await expect.poll(() => reload.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(admin.page, 'Edit Profile refused as changed since (tablet)');

    // Reloaded, the dialog shows the SysAdmin's phone; the name typed again is saved beside it.
    await admin.page.keyboard.press('Enter');
    await expect.poll(() => mine.getByLabel('Phone').inputValue()).toBe('(555) 404-5050');
    expect(await mine.getByLabel('Display name').inputValue()).toBe('Robin Twoadmins');
    await mine.getByLabel('Display name').fill('Robin Renamed');
    await mine.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Profile updated successfully').waitFor();
    await admin.page.getByRole('cell', { name: 'Robin Renamed', exact: true }).waitFor();
    const users = await fetch(`${portal.url}/api/getusers`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = ((await users.json()) as { users: { email: string; displayName: string; phone: string }[] })
      .users;
    expect(list.find((u) => u.email === email)).toMatchObject({
      displayName: 'Robin Renamed',
      phone: '5554045050',
    });
    await admin.context.close();
  });

  it('onboards one user after another on a tablet in landscape with nothing over the dialog’s buttons', async () => {
    // 1024 x 768: the tall Create Facility User dialog ends where the toasts sit (bottom right). A toast per user
    // created, and one per email refused as taken, covered Create and Add Another and Create User.
    const { context, page } = await newPage(browser, { width: 1024, height: 768 });
    await openUsers(page);
    await page.getByRole('button', { name: 'Add Facility User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Facility User' });
    await dialog.getByLabel('Facility').click();
    await page.getByRole('option', { name: 'Meadowbrook Care Center (101)' }).click();
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Nursing' }).click();
    await dialog.getByLabel('Title').fill('CNA');
    // Each of the dialog's buttons whose middle something else (a toast) lies over, once scrolled to in the dialog.
    const covered = () =>
      dialog.evaluate((root) =>
        [...root.querySelectorAll('button')]
          .filter((button) => {
            button.scrollIntoView({ block: 'nearest' });
            const box = button.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return !button.contains(hit);
          })
          .map((button) => button.textContent),
      );
    const person = async (name: string, email: string) => {
      await dialog.getByLabel('Display name').fill(name);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel(/^Password/).fill('ward-staff-1');
      await dialog.getByLabel('Confirm password').fill('ward-staff-1');
    };
    for (const n of [1, 2, 3]) {
      await person(`Landscape Aide ${n}`, `landscape.${n}@meadowbrook.test`);
      await dialog.getByRole('button', { name: 'Create and Add Another' }).click();
      await dialog
        .getByRole('status')
        .getByText(
          `Facility user successfully created: Landscape Aide ${n} (landscape.${n}@meadowbrook.test)`,
        )
        .waitFor();
      await settleAnimations(page);
      expect(await covered()).toEqual([]);
    }
    await person('Landscape Taken', 'nurse@meadowbrook.test');
    await dialog.getByRole('button', { name: 'Create and Add Another' }).click();
    await dialog.getByText('A user with this email already exists').waitFor();
    await settleAnimations(page);
    expect(await covered()).toEqual([]);
    // The notice's green among them, and Create and Add Another as the pointer leaves it after a click: hovered,
    // its light blue read at 4.0:1.
    await dialog.getByRole('button', { name: 'Create and Add Another' }).hover();
    await expectAccessible(page, 'Create Facility User after adding three (1024 x 768)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    for (const n of [1, 2, 3])
      await page.getByRole('cell', { name: `landscape.${n}@meadowbrook.test`, exact: true }).waitFor();
    await context.close();
  });

  // Last in the file: the 110 users it adds sort after the demo's, but would crowd the other tests' lists.
  it('draws a ward of 110 new users 100 at a time, and Show more goes on by keyboard (tablet, axe)', async () => {
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const names = Array.from({ length: 110 }, (_, i) => `Zulu Staff ${String(i + 1).padStart(3, '0')}`);
    for (let at = 0; at < names.length; at += 10) {
      await Promise.all(
        names.slice(at, at + 10).map(async (displayName, i) => {
          const response = await fetch(`${portal.url}/api/createuser`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `zulu.${at + i + 1}@meadowbrook.test`,
              password: 'zulu-staff-pass-1',
              displayName,
              userRole: 'Nursing',
              faciID: 101,
            }),
          });
          expect(response.status).toBe(200);
        }),
      );
    }
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await openUsers(page);
    const footer = page.getByText(/^Showing 100 of \d+$/);
    await footer.waitFor();
    const total = Number((await footer.textContent())?.split(' of ')[1]);
    expect(total).toBeGreaterThan(110);
    expect(await page.locator('tbody tr').count()).toBe(100);
    await expectAccessible(page, '/facility-users, 100 of more (tablet)');
    const more = page.getByRole('button', { name: `Show ${total - 100} more...` });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(total);
    // The focus is on the first added row's menu (the button it was on is gone), not lost to the page.
    const firstAdded = page.locator('tbody tr').nth(100).locator('td');
    const addedName = (await firstAdded.nth(0).textContent())?.trim();
    const addedEmail = (await firstAdded.nth(1).textContent())?.trim();
    expect(
      await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
      ),
    ).toBe(`Actions for ${addedName} (${addedEmail})`);
    await expect.poll(() => footer.count()).toBe(0);
    // A search covers every user, drawn or not, and starts again from the first rows.
    await page.getByLabel('Search users').fill('Zulu Staff 11');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await context.close();
  });
});
