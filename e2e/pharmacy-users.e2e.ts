import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

async function signInAsSysadmin(page: Page) {
  await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
  await waitForPath(page, '/dashboard');
}

function answered(page: Page, path: string) {
  return page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
}

async function pick(page: Page, label: string, option: string) {
  // A required field's name may end with Mantine's asterisk; the listbox shares the label once open.
  await page
    .getByRole('dialog')
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('pharmacy administration', () => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['tablet', VIEWPORTS.tablet],
  ])('Pharmacies and Pharmacy Users pass axe with their modals open (%s)', async (name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchConsole(page);
    await signInAsSysadmin(page);
    await page.goto(`${portal.url}/pharmacies?pharmID=sprx`);
    await page.getByRole('dialog', { name: 'Facilities of sprx' }).getByText('Meadowbrook East').waitFor();
    await expectAccessible(page, `/pharmacies?pharmID=sprx (${name})`);
    // A facility's forms open over the facilities modal; closing them returns to it, to the Forms button.
    await page.getByRole('button', { name: 'Forms for Meadowbrook East' }).click();
    await page
      .getByRole('dialog', { name: 'Forms for Meadowbrook East' })
      .getByRole('link')
      .first()
      .waitFor();
    await expectAccessible(page, `/pharmacies forms over facilities (${name})`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Forms for Meadowbrook East' }).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Forms for Meadowbrook East');
    expect(new URL(page.url()).search).toBe('?pharmID=sprx');
    await page.goto(`${portal.url}/pharmacies?pharmID=upny&users=true`);
    await page.getByRole('dialog', { name: 'Users of upny' }).getByText('billing@pharmacy.test').waitFor();
    await expectAccessible(page, `/pharmacies users modal (${name})`);
    await page.goto(`${portal.url}/pharmacies`);
    await page.getByRole('heading', { level: 1, name: 'Pharmacies' }).waitFor();
    await page.getByRole('row', { name: /upny/ }).waitFor();
    await expectAccessible(page, `/pharmacies (${name})`);
    await page.goto(`${portal.url}/pharmacy-users`);
    await page.getByRole('row', { name: /Self/ }).waitFor();
    await expectAccessible(page, `/pharmacy-users (${name})`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sysadmin creates a pharmacy user, assigns another pharmacy through the pending flow, and sees the count', async () => {
    const { context, page } = await newPage(browser);
    await signInAsSysadmin(page);
    await page.goto(`${portal.url}/pharmacy-users`);
    await page.getByRole('button', { name: 'Add Pharmacy User' }).click();
    const create = page.getByRole('dialog', { name: 'Add Pharmacy User' });
    await create.waitFor();
    await expectAccessible(page, '/pharmacy-users create modal');
    await pick(page, 'Pharmacies', 'SpecialtyRx Garden State (sprx)');
    // The multi-select stays open for more picks; a click on the title closes it.
    await create.getByRole('heading', { name: 'Add Pharmacy User' }).click();
    await pick(page, 'Pharmacy role', 'Pharmacist');
    await create.getByLabel('Display name').fill('Erin Ettore');
    await create.getByLabel('Email').fill('erin.e2e@pharmacy.test');
    await create.getByLabel('Phone').fill('(555) 010-2030');
    await create.getByLabel(/^Password( \*)?$/).fill('erin-first-pass');
    await create.getByLabel('Confirm password').fill('erin-first-pass');
    const created = answered(page, '/api/createpharmuser');
    await create.getByRole('button', { name: 'Create User' }).click();
    expect((await created).status()).toBe(200);
    await page.getByText('Pharmacy user successfully created').waitFor();
    const row = page.getByRole('row', { name: /Erin Ettore/ });
    await expect.poll(async () => (await row.getByRole('cell').nth(3).textContent())?.trim()).toBe('1');

    await row
      .getByRole('button', { name: 'Actions for Erin Ettore (erin.e2e@pharmacy.test)', exact: true })
      .click();
    await page.getByRole('menuitem', { name: 'View / Edit Pharmacies' }).click();
    const edit = page.getByRole('dialog', { name: 'Pharmacies of Erin Ettore' });
    await edit.getByLabel('Role at sprx', { exact: true }).waitFor();
    await pick(page, 'Add pharmacy', 'Upstate Pharmacy NY (upny)');
    await edit.getByText('(pending)').waitFor();
    await edit.getByRole('button', { name: 'Save pharmacies' }).click();
    await edit.getByText('All pending pharmacies must be assigned a role').waitFor();
    await expectAccessible(page, '/pharmacy-users pending pharmacies');
    await pick(page, 'Role at upny', 'Billing');
    const added = answered(page, '/api/adduserpharmacies');
    await edit.getByRole('button', { name: 'Save pharmacies' }).click();
    expect((await added).status()).toBe(200);
    await page.getByText('User added to pharmacies').waitFor();
    await edit.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(async () => (await row.getByRole('cell').nth(3).textContent())?.trim()).toBe('2');
    await context.close();
  });
});
