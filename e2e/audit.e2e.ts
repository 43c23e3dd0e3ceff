import { readFile } from 'node:fs/promises';
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

const SYSADMIN = 'sysadmin@pharmacy.test';
const NURSE = 'nurse@meadowbrook.test';

/** The Kind column of every row the table shows. */
async function kindsShown(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Audit events' });
  return table.locator('tbody tr td:nth-child(3)').allTextContents();
}

async function filterByKind(page: Page, kind: string) {
  await page.getByLabel('Kind').selectOption(kind);
  // Keyboard: the form submits from its button with Enter.
  await page.getByRole('button', { name: 'Apply filters' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => new Set(await kindsShown(page)), { timeout: 10_000 })
    .toEqual(new Set([kind]));
}

describe('audit trail', () => {
  it('a SysAdmin opens Audit Trail from the menu, filters by kind, and exports what they see as CSV', async () => {
    // A sign-in of one of the SysAdmin's facility users, through the API: it must show in the trail.
    await apiToken(portal.url, NURSE);
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, SYSADMIN);
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: 'Administration' }).click();
    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await waitForPath(page, '/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByRole('table', { name: 'Audit events' }).locator('tbody tr').first().waitFor();
    await expectAccessible(page, '/audit');

    await filterByKind(page, 'auth.login');
    const table = page.getByRole('table', { name: 'Audit events' });
    await table.getByRole('cell', { name: NURSE, exact: true }).first().waitFor();
    const rowsShown = await table.locator('tbody tr').count();
    await expectAccessible(page, '/audit filtered');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header).toEqual([
      'id',
      'at',
      'userId',
      'actor',
      'kind',
      'recordType',
      'recordId',
      'facId',
      'facName',
      'ip',
      'outcome',
      'detail',
    ]);
    const rows = lines.slice(1).map((line) => line.split(','));
    const kind = header.indexOf('kind');
    expect(rows.length).toBeGreaterThanOrEqual(Math.min(rowsShown, 50));
    expect(new Set(rows.map((r) => r[kind]))).toEqual(new Set(['auth.login']));
    expect(rows.some((r) => r[header.indexOf('actor')] === NURSE)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at tablet width, and keeps everyone else out', async () => {
    // A sign-out of one of the SysAdmin's users, so there is one to find.
    const token = await apiToken(portal.url, NURSE);
    await fetch(`${portal.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, SYSADMIN);
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByRole('table', { name: 'Audit events' }).locator('tbody tr').first().waitFor();
    await filterByKind(page, 'auth.logout');
    await expectAccessible(page, '/audit (tablet)');
    expect(errors).toEqual([]);
    await context.close();

    const nurse = await newPage(browser, VIEWPORTS.tablet);
    await signInThroughForm(nurse.page, portal.url, NURSE);
    await waitForPath(nurse.page, '/dashboard');
    await nurse.page.goto(`${portal.url}/audit`);
    await waitForPath(nurse.page, '/dashboard');
    await nurse.context.close();
  });
});
