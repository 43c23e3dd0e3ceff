import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener } from '../apps/server/src/test/smtp-listener.ts';
import { apiToken } from './support/api.ts';
import { expectAccessible, newPage, undersizedTargets, VIEWPORTS, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
// Mail goes to a real SMTP listener; the outbox sweep runs every second so the reset link arrives quickly.
const env: Record<string, string> = { SWEEP_INTERVAL_SECONDS: '1' };

beforeAll(async () => {
  smtp = await startSmtpListener();
  env.SMTP_URL = smtp.url;
  return () => smtp.close();
});
withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
}, env);

async function signedIn(
  email: string,
  password?: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const { context, page } = await newPage(browser, viewport);
  const errors = watchConsole(page);
  await signInThroughForm(page, portal.url, email, password);
  await waitForPath(page, '/dashboard');
  return { context, page, errors };
}

function widget(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function api(path: string, token: string, body: unknown) {
  const response = await fetch(`${portal.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

async function userIdOf(token: string): Promise<number> {
  const response = await fetch(`${portal.url}/api/tokeninfo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { userInfo: { userId: number } }).userInfo.userId;
}

/** The link to `page` (`/reset-password`, `/confirm`) in the newest message to `to`, quoted-printable decoded. */
async function mailedLink(to: string, page: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
        const text = (mail?.raw ?? '')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        link = new RegExp(`https?://\\S+${page}\\?\\S+`).exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return link;
}

describe('account settings', () => {
  it('saves messaging credentials, after which the credentials notice on an alert is gone', async () => {
    const { context, page, errors } = await signedIn('nurse.nocreds@meadowbrook.test');
    await widget(page, 'NON-COVERED').getByRole('table').waitFor();
    await page
      .getByRole('table', { name: 'NON-COVERED alerts' })
      .locator('tbody tr[tabindex]')
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByText('SpecialtyRx Now credentials are required for user actions', { exact: true })
      .waitFor();
    await page.getByRole('dialog').getByRole('link', { name: 'Set SpecialtyRx Now credentials' }).click();
    await waitForPath(page, '/settings/specialtyRxNow');

    await page.getByRole('heading', { level: 1, name: 'SpecialtyRx Now Credentials' }).waitFor();
    await expectAccessible(page, 'credentials form');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByText('Encryption key is required').waitFor();
    await page.getByLabel('User', { exact: false }).first().fill('nocreds.srx');
    await page.getByLabel(/^Password/).fill('srx-secret-1');
    await page.getByLabel(/^Encryption key/).fill('srx-key-1');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    const card = page.getByRole('region', { name: 'Saved credentials' });
    await card.getByText('Credentials successfully saved').waitFor();
    await expectAccessible(page, 'credentials saved card');

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await waitForPath(page, '/dashboard');
    await page
      .getByRole('table', { name: 'NON-COVERED alerts' })
      .locator('tbody tr[tabindex]')
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Discuss' }).waitFor();
    expect(await dialog.getByText('SpecialtyRx Now credentials are required for user actions').count()).toBe(
      0,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides a widget, and after signing in again the dashboard no longer shows it', async () => {
    const { context, page } = await signedIn('nurse@meadowbrook.test', undefined, VIEWPORTS.tablet);
    await widget(page, 'PUMP PICKUP').waitFor();
    await page.goto(`${portal.url}/settings/userSettings`);
    await page.getByRole('heading', { level: 1, name: 'Alerts Dashboard Configuration' }).waitFor();
    await expectAccessible(page, 'dashboard configuration (tablet)');
    expect(await page.getByRole('switch', { name: /Lock dashboard settings/ }).count()).toBe(0);
    await page.getByRole('switch', { name: 'Show PUMP PICKUP' }).click({ force: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    const ask = page.getByRole('dialog', { name: 'Apply the new dashboard settings?' });
    await ask.getByRole('button', { name: 'Log out now' }).click();
    await waitForPath(page, '/account/login');

    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await widget(page, 'AUTHORIZATION').waitFor();
    expect(await widget(page, 'PUMP PICKUP').count()).toBe(0);
    await context.close();
  });

  it('keeps the keyboard user on the page after saving the dashboard configuration and choosing Later', async () => {
    const { context, page } = await signedIn('billing@pharmacy.test', undefined, VIEWPORTS.tablet);
    await page.goto(`${portal.url}/settings/userSettings`);
    await page.getByRole('heading', { level: 1, name: 'Alerts Dashboard Configuration' }).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Apply the new dashboard settings?' });
    await ask.getByRole('button', { name: 'Later' }).focus();
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    // The Save button was disabled while saving when the question opened, so the dialog gave focus back to the body;
    // the keyboard now goes on from (the new form's) Save settings.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return document.getElementById('main-content')?.contains(active) ? active?.textContent : null;
        }),
      )
      .toBe('Save settings');
    await context.close();
  });

  it("offers no pointer target under 24 px in the dashboard's sort order fields, which the arrow keys still step", async () => {
    const { context, page } = await signedIn('nurse@meadowbrook.test', undefined, VIEWPORTS.tablet);
    await page.goto(`${portal.url}/settings/userSettings`);
    const order = page.getByLabel('Sort order of AUTHORIZATION');
    await order.waitFor();
    const fields = page.locator('.mantine-NumberInput-root');
    expect(await fields.count()).toBeGreaterThan(1);
    expect(await undersizedTargets(fields)).toEqual([]);

    await order.fill('2');
    await order.press('ArrowUp');
    expect(await order.inputValue()).toBe('3');
    await context.close();
  });

  it('shows a user locked by an administrator that another user manages their dashboard', async () => {
    const adminToken = await apiToken(portal.url, 'admin@meadowbrook.test');
    const nocredsId = await userIdOf(await apiToken(portal.url, 'nurse.nocreds@meadowbrook.test'));
    await api('/usersetting', adminToken, {
      UserId: nocredsId,
      settingValues: { allowToSetSettings: false },
    });

    const { context, page } = await signedIn('nurse.nocreds@meadowbrook.test');
    await page.goto(`${portal.url}/settings/userSettings`);
    await page.getByText('your dashboard settings are managed by another user').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Show AUTHORIZATION' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'locked dashboard configuration');
    await context.close();
  });

  it('opens Account Info with its forms and no serious axe violation', async () => {
    const { context, page } = await signedIn('admin@meadowbrook.test');
    await page.goto(`${portal.url}/settings`);
    await waitForPath(page, '/settings/account');
    await page.getByRole('heading', { level: 1, name: 'Account Info' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Display name', exact: true }).inputValue()).not.toBe('');
    await expectAccessible(page, 'account info');
    await page.goto(`${portal.url}/settings/userSettings`);
    await page.getByRole('switch', { name: /Lock dashboard settings/ }).waitFor();
    await context.close();
  });

  it('keeps the focus on Beta user while a keyboard toggle of it is saved', async () => {
    const { context, page } = await signedIn('nurse.nocreds@meadowbrook.test');
    await page.goto(`${portal.url}/settings/account`);
    const beta = page.getByRole('switch', { name: /Beta user/ });
    await beta.focus();
    await page.keyboard.press('Space');
    await page.getByText('Activated nurse.nocreds@meadowbrook.test as Beta User').waitFor();
    await expect.poll(() => beta.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await page.getByText('Deactivated nurse.nocreds@meadowbrook.test as Beta User').waitFor();
    await expect.poll(() => beta.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('refuses the own profile save made on values an administrator changed since; Reload current values shows theirs, which then save', async () => {
    const email = 'nurse.nocreds@meadowbrook.test';
    const { context, page, errors } = await signedIn(email, undefined, VIEWPORTS.tablet);
    await page.goto(`${portal.url}/settings/account`);
    const name = page.getByRole('textbox', { name: 'Display name', exact: true });
    const phone = page.getByLabel('Phone', { exact: true });
    await expect.poll(() => name.inputValue()).not.toBe('');
    const loadedName = await name.inputValue();

    // The facility's admin gives the nurse a new phone while the nurse's Account Info is open.
    const admin = await apiToken(portal.url, 'admin@meadowbrook.test');
    await api('/edituserinfo', admin, { displayName: loadedName, phone: '5554046060', email, entityId: 101 });

    await name.fill('Nell Nocreds');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/edituserinfo'));
    await page.getByRole('button', { name: 'Save Display name' }).click();
    expect((await refused).status()).toBe(409);
    await page
      .getByRole('alert')
      .getByText(
        'This profile was changed by someone else after you opened it. Your changes were not saved: reload to see the current profile.',
      )
      .waitFor();
    expect(await name.inputValue()).toBe('Nell Nocreds');
    const reload = page.getByRole('button', { name: 'Reload current values' });
    await expect.poll(() => reload.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(page, 'Account Info refused as changed since (tablet)');

    // Reloaded, the page shows the admin's phone; the name typed again is saved beside it.
    await page.keyboard.press('Enter');
    await expect.poll(() => phone.inputValue()).toBe('(555) 404-6060');
    expect(await name.inputValue()).toBe(loadedName);
    await name.fill('Nell Nocreds');
    await page.getByRole('button', { name: 'Save Display name' }).click();
    await page.getByText('User name updated').waitFor();
    const token = await apiToken(portal.url, email);
    const info = await fetch(`${portal.url}/api/tokeninfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await info.json()) as { userInfo: object }).userInfo).toMatchObject({
      displayName: 'Nell Nocreds',
      phone: '5554046060',
    });
    // The browser logs the refused save's answer itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });
});

describe('public account pages', () => {
  it('resets a forgotten password through the emailed link, then signs in with it', async () => {
    const email = 'billing@pharmacy.test';
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await page.goto(`${portal.url}/account/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forget-password');
    await expectAccessible(page, 'forget password');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for this email, a password reset link is on its way.', {
        exact: false,
      })
      .waitFor();

    // The mailed link is built from PUBLIC_URL; this portal listens on a port picked at start, so the test
    // opens the link's path and query on the portal's real address.
    const mailed = new URL(await mailedLink(email, '/reset-password'));
    expect(mailed.pathname).toBe('/reset-password');
    expect(mailed.searchParams.get('email')).toBe(email);
    const link = `${portal.url}${mailed.pathname}${mailed.search}`;
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByText(email).waitFor();
    await expectAccessible(page, 'reset password');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm new password/).fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must include a minimum of 8 characters').waitFor();
    await page.getByLabel(/^New password/).fill('billing-new-pass');
    await page.getByLabel(/^Confirm new password/).fill('billing-new-pass');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();

    await page.goto(link);
    await page.getByLabel(/^New password/).fill('another-pass-1');
    await page.getByLabel(/^Confirm new password/).fill('another-pass-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('This password reset link is invalid, expired or already used.').first().waitFor();
    // The refusal's own link, inside the red alert, must read as well as the rest of it.
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await expectAccessible(page, 'reset password, link refused');

    await page.goto(`${portal.url}/account/login`);
    await signInThroughForm(page, portal.url, email, 'billing-new-pass');
    await waitForPath(page, '/dashboard');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('opens register and confirm with no serious axe violation, refusing a bad link, and a throttled one with the reset offered', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.url}/account/login`);
    await page.getByRole('link', { name: 'Register' }).click();
    await waitForPath(page, '/register');
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Full name is required').waitFor();
    await expectAccessible(page, 'register with errors');
    await page.goto(`${portal.url}/confirm?email=nobody%40example.test&token=not-a-token`);
    await page.getByLabel(/^Password/).fill('any-password-1');
    await page.getByRole('button', { name: 'Confirm account' }).click();
    await page.getByText('This confirmation link is invalid, expired or already used.').waitFor();
    await expectAccessible(page, 'confirm refused');

    // Held back by the sign-in throttle (5 failures of the account): the refusal offers the password reset, which
    // confirms the account too.
    const heldBack = 'held.back@example.test';
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${portal.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: heldBack, password: `wrong-${i}` }),
      });
      expect(response.status).toBe(401);
    }
    await page.goto(`${portal.url}/confirm?email=${encodeURIComponent(heldBack)}&token=any-token`);
    await page.getByLabel(/^Password/).fill('any-password-1');
    await page.getByRole('button', { name: 'Confirm account' }).click();
    await page.getByText('A password reset also confirms your account.', { exact: false }).waitFor();
    await expectAccessible(page, 'confirm throttled');
    await page.getByRole('link', { name: 'Reset your password' }).click();
    await waitForPath(page, '/forget-password');
    await context.close();
  });

  it('registers, confirms through the emailed link with the password chosen (by keyboard), then signs in', async () => {
    const email = 'new.registrant@example.test';
    const password = 'my-chosen-pass';
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await page.goto(`${portal.url}/register`);
    await page.getByLabel(/^Full name/).fill('Nora Registrant');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Check your email for a link to confirm your account.').waitFor();

    const mailed = new URL(await mailedLink(email, '/confirm'));
    expect(mailed.searchParams.get('email')).toBe(email);
    await page.goto(`${portal.url}${mailed.pathname}${mailed.search}`);
    await page.getByRole('heading', { level: 1, name: 'Confirm your account' }).waitFor();
    await page.getByText(email).waitFor();
    await expectAccessible(page, 'confirm');

    // A wrong password is said at the field, which keeps the cursor; the link still works for the right one.
    const field = page.getByLabel(/^Password/);
    await field.fill('not-my-password');
    await page.keyboard.press('Enter');
    await page
      .getByText('This is not the password chosen when registering with this link.', { exact: false })
      .waitFor();
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page, 'confirm with a wrong password');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/account/login');
    await signInThroughForm(page, portal.url, email, password);
    await waitForPath(page, '/dashboard');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
