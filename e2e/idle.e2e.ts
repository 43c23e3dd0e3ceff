import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

// The idle timer is shortened through configuration, exactly as an operator would set it. The countdown is long
// enough for the axe check and a click on a loaded machine (at 6 s it ran out first under load 20).
withPortalAndBrowser(
  (p, b) => {
    portal = p;
    browser = b;
  },
  { IDLE_TIMEOUT_SECONDS: '4', IDLE_COUNTDOWN_SECONDS: '20' },
);

describe('the idle modal', () => {
  it('opens after the idle time, Stay Active keeps the session, and the countdown signs out', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');

    const dialog = page.getByRole('dialog', { name: /You've been idle for 4 seconds/ });
    await dialog.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'idle modal');
    await dialog.getByRole('button', { name: 'Stay Active' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await dialog.waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog.getByText(/0:0\d/).count(), { timeout: 25_000 }).toBeGreaterThan(0);
    await waitForPath(page, '/account/login', 30_000);
    await page.getByText('User Logged Out').waitFor();
    await context.close();
  });

  it('Log out now signs out at once', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'admin@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    const dialog = page.getByRole('dialog', { name: /You've been idle/ });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Log out now' }).click();
    await waitForPath(page, '/account/login');
    // The keyboard goes on from the sign-in page's heading, not the body of the page that went.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in');
    const after = await fetch(`${portal.url}/api/tokeninfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  });
  it("is shared by the portal's tabs: work in one keeps another from signing out, and Stay Active in one closes both", async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const other = await context.newPage();
    await other.goto(`${portal.url}/dashboard`);
    await waitForPath(other, '/dashboard');
    const idleIn = (tab: typeof page) => tab.getByRole('dialog', { name: /You've been idle for 4 seconds/ });

    // The nurse works in the first tab for three times the idle time; the second tab, untouched, never asks.
    let asked = false;
    void idleIn(other)
      .waitFor({ timeout: 14_000 })
      .then(() => {
        asked = true;
      })
      .catch(() => undefined);
    for (let second = 0; second < 12; second++) {
      await page.mouse.move(100 + second * 10, 200);
      await page.waitForTimeout(1_000);
    }
    expect(asked).toBe(false);
    expect(new URL(other.url()).pathname).toBe('/dashboard');

    // She stops: both tabs ask; Stay Active in one closes the other's countdown too.
    await idleIn(page).waitFor({ timeout: 15_000 });
    await idleIn(other).waitFor({ timeout: 15_000 });
    await idleIn(page).getByRole('button', { name: 'Stay Active' }).click();
    await idleIn(other).waitFor({ state: 'hidden', timeout: 5_000 });
    expect(new URL(other.url()).pathname).toBe('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });
});
