import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { expectAccessible, newPage, undersizedTargets, VIEWPORTS, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

const PAGE = '/facility/facilitySettings/101';
const HEADING = 'Facility Settings for Meadowbrook Care Center';

async function openSettings(page: Page, email = 'admin@meadowbrook.test') {
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  await page.goto(`${portal.url}${PAGE}`);
  await page.getByRole('heading', { level: 1, name: HEADING }).waitFor();
}

function saved(page: Page, path: string) {
  return page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
}

describe('facility settings', () => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['tablet', VIEWPORTS.tablet],
  ])('has one h1, both cards and no serious axe violation (%s)', async (_name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchConsole(page);
    await openSettings(page);
    await page.getByRole('region', { name: 'AUTHORIZATION' }).waitFor();
    await page.getByRole('region', { name: 'HIGH COST ALERTS' }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    await expectAccessible(page, `${PAGE} (${_name})`);
    await page
      .getByRole('region', { name: 'HIGH COST ALERTS' })
      .getByRole('radio', { name: 'Approve Limit' })
      .check();
    await expectAccessible(page, `${PAGE} with Limit Count (${_name})`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no pointer target under 24 px in its number fields, which the arrow keys still step', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'HIGH COST ALERTS' });
    await card.getByRole('radio', { name: 'Approve Limit' }).check();
    await card.getByLabel('Limit Count').waitFor();
    const fields = page.locator('.mantine-NumberInput-root');
    expect(await fields.count()).toBe(5);
    expect(await undersizedTargets(fields)).toEqual([]);

    const reminders = card.getByLabel('Number of email reminders');
    await reminders.fill('2');
    await reminders.press('ArrowUp');
    expect(await reminders.inputValue()).toBe('3');
    await reminders.press('ArrowDown');
    await reminders.press('ArrowDown');
    expect(await reminders.inputValue()).toBe('1');
    await context.close();
  });

  it('adds, checks, edits and deletes a reminder contact', async () => {
    const { context, page } = await newPage(browser);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'AUTHORIZATION' });
    const input = card.getByLabel('Add reminder email');

    await input.fill('not-an-email');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByText('Please enter a valid email address.').waitFor();

    await input.fill('reminders.e2e@meadowbrook.test');
    const added = saved(page, '/api/facilitysetting');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await added).status()).toBe(200);
    await card.getByText('reminders.e2e@meadowbrook.test', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');

    await input.fill('reminders.e2e@meadowbrook.test');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByText('Email already exists').waitFor();
    await input.fill('');

    await card.getByRole('button', { name: 'Edit reminders.e2e@meadowbrook.test' }).click();
    const editInput = card.getByLabel('Edit reminders.e2e@meadowbrook.test');
    await editInput.fill('oops@');
    await card.getByRole('button', { name: 'Save email' }).click();
    await card.getByText('Please enter a valid email address.').waitFor();
    await editInput.fill('reminders.changed@meadowbrook.test');
    await card.getByRole('button', { name: 'Save email' }).click();
    await card.getByText('reminders.changed@meadowbrook.test', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Delete reminders.changed@meadowbrook.test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete reminder contact' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await card
      .getByText('reminders.changed@meadowbrook.test', { exact: true })
      .waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: HEADING }).waitFor();
    await page.getByRole('region', { name: 'AUTHORIZATION' }).getByLabel('Add reminder email').waitFor();
    expect(await page.getByText('reminders.changed@meadowbrook.test').count()).toBe(0);
    await context.close();
  });

  it("puts focus on the next contact's Edit after a delete confirmed by keyboard", async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'HIGH COST ALERTS' });
    const input = card.getByLabel('Add reminder email');
    for (const email of ['first.e2e@meadowbrook.test', 'second.e2e@meadowbrook.test']) {
      await input.fill(email);
      await input.press('Enter');
      await card.getByText(email, { exact: true }).waitFor();
    }

    await card.getByRole('button', { name: 'Delete first.e2e@meadowbrook.test' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete reminder contact' });
    await dialog.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('first.e2e@meadowbrook.test', { exact: true }).waitFor({ state: 'detached' });

    // The row often goes (the delete and the refetch are quick) while the closing confirmation still holds focus.
    const next = card.getByRole('button', { name: 'Edit second.e2e@meadowbrook.test' });
    await expect.poll(() => next.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it('asks before a link leaves values not yet saved, keeps them on Stay, and asks nothing once they are saved', async () => {
    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'AUTHORIZATION' });
    const reminders = card.getByLabel('Number of email reminders');
    await reminders.fill('5');
    const dashboardLink = page.getByRole('navigation').getByRole('link', { name: 'Dashboard' });
    await dashboardLink.click();
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await question.getByText('Your changes to these facility settings have not been saved.').waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await reminders.inputValue()).toBe('5');

    // Leave without saving goes where the link led, and the edit is gone.
    await dashboardLink.click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}${PAGE}`);
    await expect.poll(() => reminders.inputValue()).not.toBe('5');

    // Saved, nothing is held: the link goes at once.
    await reminders.fill('5');
    const save = saved(page, '/api/facilitysetting');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await save).status()).toBe(200);
    await expect.poll(() => card.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await dashboardLink.click();
    await waitForPath(page, '/dashboard');
    expect(await question.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks before a link leaves an address typed into 'Add reminder email' but not added, and not once it is added or cleared", async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'HIGH COST ALERTS' });
    const field = card.getByLabel('Add reminder email');
    const address = `typed.${Date.now()}@meadowbrook.test`;
    await field.fill(address);
    const dashboardLink = page.getByRole('navigation').getByRole('link', { name: 'Dashboard' });
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await dashboardLink.click();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await field.inputValue()).toBe(address);
    // No Save for it: Add is what keeps an address.
    expect(await card.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    // Emptied by hand, nothing is held: the link goes at once.
    await field.fill('');
    await dashboardLink.click();
    await waitForPath(page, '/dashboard');
    expect(await question.count()).toBe(0);

    // Added, nothing is held either.
    await page.goBack();
    await waitForPath(page, PAGE);
    await field.fill(address);
    const add = saved(page, '/api/facilitysetting');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await add).status()).toBe(200);
    await card.getByText(address, { exact: true }).waitFor();
    await expect.poll(() => field.inputValue()).toBe('');
    await dashboardLink.click();
    await waitForPath(page, '/dashboard');
    expect(await question.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks before a link leaves a contact's address changed in its Edit, and not once it is saved", async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'HIGH COST ALERTS' });
    const address = `edited.${Date.now()}@meadowbrook.test`;
    const changed = address.replace('edited.', 'changed.');
    await card.getByLabel('Add reminder email').fill(address);
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByRole('button', { name: `Edit ${address}` }).click();
    const field = card.getByRole('textbox', { name: `Edit ${address}` });
    await field.fill(changed);
    const dashboardLink = page.getByRole('navigation').getByRole('link', { name: 'Dashboard' });
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await dashboardLink.click();
    await question.getByText('Your changes to these facility settings have not been saved.').waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await field.inputValue()).toBe(changed);

    // Saved with Save email, nothing is held: the link goes at once.
    const edit = saved(page, '/api/editfacisetting');
    await card.getByRole('button', { name: 'Save email' }).click();
    expect((await edit).status()).toBe(200);
    await card.getByText(changed, { exact: true }).waitFor();
    await dashboardLink.click();
    await waitForPath(page, '/dashboard');
    expect(await question.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves counts and an auto-respond choice, kept after a reload', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await openSettings(page);
    const card = page.getByRole('region', { name: 'HIGH COST ALERTS' });
    await card.getByLabel('Number of email reminders').waitFor();
    expect(await card.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    await card.getByLabel('Number of email reminders').fill('4');
    await card.getByLabel('Reminder interval (minutes)').fill('30');
    await card.getByRole('radio', { name: 'Approve Limit' }).check();
    await card.getByLabel('Limit Count').fill('3');
    const save = saved(page, '/api/facilitysetting');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await save).status()).toBe(200);
    await page.getByText('Facility settings for HIGH COST ALERTS... successfully saved').first().waitFor();

    await page.reload();
    const after = page.getByRole('region', { name: 'HIGH COST ALERTS' });
    await after.getByLabel('Number of email reminders').waitFor();
    expect(await after.getByLabel('Number of email reminders').inputValue()).toBe('4');
    expect(await after.getByLabel('Reminder interval (minutes)').inputValue()).toBe('30');
    expect(await after.getByRole('radio', { name: 'Approve Limit' }).isChecked()).toBe(true);
    expect(await after.getByLabel('Limit Count').inputValue()).toBe('3');
    expect(await after.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('refuses a save made on settings someone else changed since, keeping what was typed; Reload shows theirs', async () => {
    // Two administrators open the same facility's settings.
    const admin = await newPage(browser, VIEWPORTS.tablet);
    const sysadmin = await newPage(browser, VIEWPORTS.desktop);
    await openSettings(admin.page);
    await openSettings(sysadmin.page, 'sysadmin@pharmacy.test');
    const card = admin.page.getByRole('region', { name: 'AUTHORIZATION' });
    await card.getByLabel('Reminder interval (minutes)').waitFor();
    const interval = await card.getByLabel('Reminder interval (minutes)').inputValue();
    expect(await card.getByRole('radio', { name: 'Deny' }).isChecked()).toBe(false);

    // The pharmacy's sysadmin chooses Deny and saves.
    const theirs = sysadmin.page.getByRole('region', { name: 'AUTHORIZATION' });
    await theirs.getByRole('radio', { name: 'Deny' }).check();
    const theirSave = saved(sysadmin.page, '/api/facilitysetting');
    await theirs.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await theirSave).status()).toBe(200);
    await sysadmin.context.close();

    // The facility's admin, on the page opened before, changes the interval and saves by keyboard.
    await card.getByLabel('Reminder interval (minutes)').fill('45');
    await card.getByRole('button', { name: 'Save', exact: true }).focus();
    const refused = saved(admin.page, '/api/facilitysetting');
    await admin.page.keyboard.press('Enter');
    expect((await refused).status()).toBe(409);
    const notice = card.getByRole('alert');
    await notice
      .getByText(
        'These settings were changed by someone else after you opened them. Your changes were not saved: reload to see the current settings.',
      )
      .waitFor();
    expect(await card.getByLabel('Reminder interval (minutes)').inputValue()).toBe('45');
    expect(await card.getByRole('radio', { name: 'Deny' }).isChecked()).toBe(false);
    const reload = card.getByRole('button', { name: 'Reload settings' });
    await expect.poll(() => reload.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(admin.page, `${PAGE} refused as changed since (tablet)`);
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await expectAccessible(admin.page, `${PAGE} refused as changed since (desktop)`);

    await admin.page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    expect(await card.getByRole('radio', { name: 'Deny' }).isChecked()).toBe(true);
    expect(await card.getByLabel('Reminder interval (minutes)').inputValue()).toBe(interval);
    const heading = card.getByRole('heading', { level: 2, name: 'AUTHORIZATION' });
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);

    // On the current settings the same change saves, twice in a row, keeping the other's Deny.
    for (const minutes of ['45', '50']) {
      await card.getByLabel('Reminder interval (minutes)').fill(minutes);
      const save = saved(admin.page, '/api/facilitysetting');
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await save).status()).toBe(200);
      await card.getByRole('button', { name: 'Save', exact: true }).waitFor({ state: 'detached' });
    }
    await admin.page.reload();
    const after = admin.page.getByRole('region', { name: 'AUTHORIZATION' });
    await after.getByLabel('Reminder interval (minutes)').waitFor();
    expect(await after.getByLabel('Reminder interval (minutes)').inputValue()).toBe('50');
    expect(await after.getByRole('radio', { name: 'Deny' }).isChecked()).toBe(true);
    await admin.context.close();

    const reset = await fetch(`${portal.url}/api/facilitysetting`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await apiToken(portal.url, 'admin@meadowbrook.test')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        FaciId: 101,
        WidgetName: 'highCost',
        settingValues: { EmailNotificationIntervalMinutes: Number(interval), AutoRespondAction: '' },
      }),
    });
    expect(reset.status).toBe(200);
  });

  it("offers a Discuss-only pharmacy colleague None, shows the admin's Approve and still saves their reminders", async () => {
    const post = async (email: string, path: string, body: object) => {
      const response = await fetch(`${portal.url}/api${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await apiToken(portal.url, email)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    };
    const pharmacistRole = (userRole: string) =>
      post('sysadmin@pharmacy.test', '/adduserpharmacies', {
        email: 'pharmacist@pharmacy.test',
        entities: [{ entityid: 'sprx', userRole }],
      });
    const autoRespond = (AutoRespondAction: string) =>
      post('admin@meadowbrook.test', '/facilitysetting', {
        FaciId: 101,
        WidgetName: 'highCost',
        settingValues: { AutoRespondAction },
      });
    // Customer Service may Discuss, never approve or deny; the facility's admin chose Approve.
    await pharmacistRole('CustomerService');
    await autoRespond('Approve');

    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await signInThroughForm(page, portal.url, 'pharmacist@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}${PAGE}`);
    const card = page.getByRole('region', { name: 'AUTHORIZATION' });
    const deny = card.getByRole('radio', { name: 'Deny' });
    await expect.poll(() => deny.getAttribute('aria-describedby')).not.toBeNull();
    expect(await deny.isDisabled()).toBe(true);
    expect(await card.getByRole('radio', { name: 'None' }).isEnabled()).toBe(true);
    const approve = card.getByRole('radio', { name: 'Approve', exact: true });
    expect(await approve.isChecked()).toBe(true);
    expect(await approve.isEnabled()).toBe(true);
    await expectAccessible(page, `${PAGE} (Discuss only)`);

    await card.getByLabel('Number of email reminders').fill('2');
    const save = saved(page, '/api/facilitysetting');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await save).status()).toBe(200);
    await page.getByText('Facility settings for AUTHORIZATION... successfully saved').first().waitFor();
    await context.close();

    await autoRespond('');
    await pharmacistRole('Pharmacist');
  });

  it('shows a notice and no form where the facility admin may not set settings', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'admin@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/facility/facilitySettings/102`);
    await page.getByText('You do not have permission to set the settings of this facility.').waitFor();
    expect(await page.getByLabel('Number of email reminders').count()).toBe(0);
    await expectAccessible(page, '/facility/facilitySettings/102 (no permission)');
    await context.close();
  });

  it('is reached from the Facilities list, only where the facility allows it', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'admin@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/facilities`);
    await page.getByRole('cell', { name: 'Meadowbrook East', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Actions for Meadowbrook East' }).click();
    await page.getByRole('menuitem', { name: 'View Users' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Facility Settings' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for Meadowbrook Care Center' }).click();
    await page.getByRole('menuitem', { name: 'Facility Settings' }).click();
    await waitForPath(page, '/facility/facilitySettings/101');
    await page
      .getByRole('heading', { level: 1, name: 'Facility Settings for Meadowbrook Care Center' })
      .waitFor();
    await context.close();
  });
});
