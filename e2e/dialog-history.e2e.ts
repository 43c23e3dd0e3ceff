import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

/** Signed in on the dashboard, then on `path` by a new history entry (so Back from it returns to the dashboard). */
async function onPageAfterDashboard(email: string, path: string) {
  const opened = await newPage(browser);
  await signInThroughForm(opened.page, portal.url, email);
  await waitForPath(opened.page, '/dashboard');
  await opened.page.goto(`${portal.url}${path}`);
  return opened;
}

const search = (page: Page) => new URL(page.url()).search;

/**
 * A dialog the address names adds a history entry when opened: Back closes it. Closing it goes back from that
 * entry, so Back after closing leaves the page (closing by a new entry made Back reopen the dialog, and a nurse
 * needed two Backs to leave); one reached by a link closes by replacing its entry.
 */
describe('dialogs named in the address, and Back', () => {
  it('totes: Back closes an open tote; Back after closing one leaves the page; a linked tote closes in place', async () => {
    const { context, page } = await onPageAfterDashboard('nurse@meadowbrook.test', '/packing-slips');
    const firstTote = page.getByRole('row').nth(1).getByRole('button');
    const toteID = (await firstTote.textContent()) ?? '';
    const dialog = page.getByRole('dialog', { name: `Tote ${toteID}` });

    await firstTote.click();
    await dialog.waitFor();
    expect(search(page)).toContain('toteID=');
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/packing-slips');
    expect(search(page)).toBe('');

    await firstTote.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => search(page)).toBe('');
    await page.goBack();
    await waitForPath(page, '/dashboard');

    // By a pasted link: no entry of ours before it, so closing replaces it, and Back then leaves the page.
    const linked = page.url().replace('/dashboard', '/packing-slips?facID=101&toteID=');
    await page.goto(`${linked}${encodeURIComponent(toteID)}`);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => search(page)).toBe('');
    expect(new URL(page.url()).pathname).toBe('/packing-slips');
    await page.goBack();
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('widget page: Back closes an open alert, and Back after closing one leaves the page', async () => {
    const { context, page } = await onPageAfterDashboard('nurse@meadowbrook.test', '/alerts/authorization');
    const table = page.getByRole('table', { name: 'AUTHORIZATION alerts' });
    const dialog = page.getByRole('dialog');
    await table.locator('tbody tr').first().click();
    await dialog.waitFor();
    expect(search(page)).toMatch(/^\?alert=\d+$/);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/alerts/authorization');

    await table.locator('tbody tr').first().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => search(page)).toBe('');
    await page.goBack();
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('secure forms and pharmacies: closing a dialog over another returns to it, and the page is left by one Back', async () => {
    const forms = await onPageAfterDashboard('nurse@meadowbrook.test', '/secureForms');
    const formsDialog = forms.page.getByRole('dialog', { name: 'Forms for Meadowbrook Care Center' });
    await forms.page.getByRole('button', { name: 'Forms for Meadowbrook Care Center' }).click();
    await formsDialog.waitFor();
    await forms.page.keyboard.press('Escape');
    await formsDialog.waitFor({ state: 'detached' });
    await expect.poll(() => search(forms.page)).toBe('');
    await forms.page.goBack();
    await waitForPath(forms.page, '/dashboard');
    await forms.context.close();

    const { context, page } = await onPageAfterDashboard('sysadmin@pharmacy.test', '/pharmacies');
    const facilities = page.getByRole('dialog', { name: 'Facilities of sprx' });
    const facilityForms = page.getByRole('dialog', { name: 'Forms for Meadowbrook Care Center' });
    await page.getByRole('button', { name: 'Facilities of sprx' }).click();
    await facilities.waitFor();
    await facilities.getByRole('button', { name: 'Forms for Meadowbrook Care Center' }).click();
    await facilityForms.waitFor();
    await page.keyboard.press('Escape');
    await facilityForms.waitFor({ state: 'detached' });
    await expect.poll(() => search(page)).toBe('?pharmID=sprx');
    expect(await facilities.count()).toBe(1);
    await page.keyboard.press('Escape');
    await facilities.waitFor({ state: 'detached' });
    await expect.poll(() => search(page)).toBe('');
    await page.goBack();
    await waitForPath(page, '/dashboard');
    await context.close();
  });
});
