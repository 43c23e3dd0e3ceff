import type { Browser } from 'playwright-core';
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

// Every screen of the route table a pharmacy SysAdmin can open (the widest menu), at both sizes.
const PAGES = [
  '/dashboard',
  '/alerts/authorization',
  '/alerts/refilltoosoon/archive',
  '/facilities',
  '/facility-users',
  '/pharmacies',
  '/pharmacy-users',
  '/files',
  '/files/recycling-bin',
  '/packing-slips',
  '/secureForms',
  '/info/release-notes',
  '/info/versions',
  '/settings/account',
  '/settings/specialtyRxNow',
  '/settings/userSettings',
  '/facility/facilitySettings/101',
];

describe('every screen', () => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['tablet', VIEWPORTS.tablet],
  ])('opens with one h1, no console errors and no serious axe violation (%s)', async (_name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    for (const path of PAGES) {
      await page.goto(`${portal.url}${path}`);
      await waitForPath(page, path.split('?')[0] ?? path);
      await page.locator('h1').first().waitFor();
      expect(await page.locator('h1').count(), `h1 on ${path}`).toBe(1);
      await expectAccessible(page, path);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps facility users out of pharmacy-only pages', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/pharmacy-users`);
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/files/recycling-bin`);
    await waitForPath(page, '/files');
    await expect.poll(() => page.getByRole('link', { name: 'Pharmacy Users' }).count()).toBe(0);
    await context.close();
  });

  it('opens the account menu from the keyboard on its first item, with no serious axe violation', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('user-menu-button').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Settings');
    await expectAccessible(page, 'account menu');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Log out');
    await context.close();
  });

  it('puts the focus on the new page heading after a navigation, so it is announced', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const focusedHeading = () =>
      page.evaluate(() =>
        document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null,
      );
    await page.getByRole('link', { name: 'Open AUTHORIZATION' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/alerts/authorization');
    await expect.poll(focusedHeading).toBe('AUTHORIZATION');
    await page.getByRole('link', { name: 'Archive' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/alerts/authorization/archive');
    await expect.poll(focusedHeading).toBe('AUTHORIZATIONArchive');
    await context.close();
  });

  it('leaves the focus with a dialog opened through the query string, and back on its button after', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/pharmacies`);
    const users = page.getByRole('button', { name: 'Users of sprx' });
    await users.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Users of sprx');
    await context.close();
  });

  it.each([
    ['a touch tablet, where tooltips never show', true],
    ['a narrow screen with a mouse, where they do', false],
  ])('names the condensed sidebar icons on %s', async (_name, hasTouch) => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, hasTouch });
    const page = await context.newPage();
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByText('Dashboard', { exact: true }).isVisible()).toBe(hasTouch);
    await context.close();
  });

  it('lets the keyboard reach the main content through the skip link', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused.toLowerCase()).toContain('skip');
    await page.keyboard.press('Enter');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('main') !== null || document.activeElement?.tagName === 'MAIN',
      ),
    ).toBe(true);
    await context.close();
  });

  it.each([
    ['asks for less motion', 'reduce', 0],
    ['does not', 'no-preference', 1],
  ] as const)(
    'opens an alert without fades when the system %s (%s)',
    async (_name, reducedMotion, atLeast) => {
      const { context, page } = await newPage(browser);
      await page.emulateMedia({ reducedMotion });
      await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
      await waitForPath(page, '/dashboard');
      const row = page.getByRole('table', { name: 'AUTHORIZATION' }).locator('tbody tr[tabindex]').first();
      await row.waitFor();
      // Every CSS transition that starts from the click until the dialog has been open for half a second.
      await page.evaluate(() => {
        const started: string[] = [];
        (window as unknown as { started: string[] }).started = started;
        document.addEventListener(
          'transitionrun',
          (event) => started.push(`${event.propertyName} ${(event.target as Element).className}`),
          true,
        );
      });
      await row.click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(500);
      const started = await page.evaluate(() => (window as unknown as { started: string[] }).started);
      if (atLeast === 0) expect(started.length).toBe(0);
      else expect(started.length).toBeGreaterThanOrEqual(atLeast);
      await context.close();
    },
  );
});
