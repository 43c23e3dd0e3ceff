import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, undersizedTargets, VIEWPORTS, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { DEMO_PASSWORD, signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;
withPortalAndBrowser(
  (p, b) => {
    portal = p;
    browser = b;
  },
  { MFA_REQUIRED_FOR_ADMINS: 'true' },
);

/** The code an authenticator app shows, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Sets up two-step sign-in on the page shown (Settings tab or forced screen); answers the key it read. */
async function enrolOnPage(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
  await expectAccessible(page, `${label}: QR code and key`);
  expect(await undersizedTargets(page.locator('body'))).toEqual([]);
  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(/^Code from the app/).fill(codeOf(secret));
  await page.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await expectAccessible(page, `${label}: recovery codes`);
  expect(await undersizedTargets(page.locator('body'))).toEqual([]);
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  return secret;
}

describe('two-step sign-in', () => {
  it('is set up under Settings, then sign-in asks for the code after the password', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'don@lakeside.test');
    await waitForPath(page, '/dashboard');

    await page.goto(`${portal.url}/settings/twoStep`);
    await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
    await expectAccessible(page, 'two-step settings (off)');
    const secret = await enrolOnPage(page, 'settings');
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await expectAccessible(page, 'two-step settings (on)');
    expect(await undersizedTargets(page.locator('body'))).toEqual([]);

    await page.goto(`${portal.url}/logout`);
    await waitForPath(page, '/account/login');
    await signInThroughForm(page, portal.url, 'don@lakeside.test');
    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await expectAccessible(page, 'sign-in code step');
    expect(await undersizedTargets(page.locator('body'))).toEqual([]);
    // The set-up used this step's code, and each code works once: the app's next one.
    await code.fill(codeOf(secret, 1));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectAccessible(page, 'dashboard after two-step sign-in');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds a pharmacy SysAdmin at the set-up screen until enrolled when MFA_REQUIRED_FOR_ADMINS is on', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).waitFor();
    await expectAccessible(page, 'forced set-up');
    await enrolOnPage(page, 'forced set-up');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });
});
