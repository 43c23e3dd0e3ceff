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

describe('signing in', () => {
  it.each([
    ['SuperAdmin', 'super@portal.test', VIEWPORTS.desktop],
    ['PharmacyUser', 'sysadmin@pharmacy.test', VIEWPORTS.tablet],
    ['FacilityUser', 'nurse@meadowbrook.test', VIEWPORTS.desktop],
    ['FacilityUser (admin)', 'admin@meadowbrook.test', VIEWPORTS.tablet],
  ])('a %s (%s) signs in and lands on the dashboard', async (_type, email, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchConsole(page);
    await page.goto(`${portal.url}/account/login`);
    await expectAccessible(page, 'login');
    await signInThroughForm(page, portal.url, email);
    await waitForPath(page, '/dashboard');
    await expect.poll(() => page.getByText('User Logged In').count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectAccessible(page, `dashboard as ${email}`);
    expect(errors, 'console errors (CSP included)').toEqual([]);
    await context.close();
  });

  it('refuses a wrong password with the error toast and stays on the login page', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test', 'not-the-password');
    await page.getByText('Error 401: Unauthorized').waitFor();
    await page.getByText('Invalid credentials').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/login');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token')))).toEqual(
      [],
    );
    await expectAccessible(page, 'login with error');
    await context.close();
  });

  it('sends a protected route to sign-in carrying the origin, and returns there afterwards', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.url}/facilities?sort=name`);
    await waitForPath(page, '/account/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/facilities?sort=name');
    await signInThroughForm(page, portal.url, 'admin@meadowbrook.test');
    await waitForPath(page, '/facilities');
    expect(new URL(page.url()).search).toBe('?sort=name');
    await context.close();
  });

  it('sends unknown paths and / to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/no/such/place`);
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/`);
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/settings`);
    await waitForPath(page, '/settings/account');
    await context.close();
  });
});

describe('signing out', () => {
  it('revokes the session, shows the toast and protects the pages again', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'don@lakeside.test');
    await waitForPath(page, '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    expect(token).toBeTruthy();
    await page.goto(`${portal.url}/logout`);
    await waitForPath(page, '/account/login');
    await page.getByText('User Logged Out').waitFor();
    const after = await fetch(`${portal.url}/api/tokeninfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await page.goto(`${portal.url}/dashboard`);
    await waitForPath(page, '/account/login');
    await context.close();
  });

  it('signs out to the login page when the server answers 401 (session revoked elsewhere)', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'billing@pharmacy.test');
    await waitForPath(page, '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    await fetch(`${portal.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.reload();
    await waitForPath(page, '/account/login');
    await context.close();
  });
});
