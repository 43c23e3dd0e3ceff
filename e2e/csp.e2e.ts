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

/**
 * Collects every `securitypolicyviolation` of each document the page loads from now on; the answer reads the
 * current document's, as "directive blocked source:line".
 */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => [...(window as unknown as { __csp: string[] }).__csp]);
}

// The portal's CSP allows scripts from 'self' only (no 'unsafe-eval'): nothing in the app may try more. zod's
// compiled parsers would (an eval probe on the first parse of every load); the app turns them off
// (apps/web/src/lib/zod-config.ts).
describe('content security policy', () => {
  it('is not violated by signing in, the dashboard, a widget page or an alert', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCspViolations(page);

    await page.goto(`${portal.url}/account/login`);
    // An empty submit runs the form's schema first.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/email/i).first().waitFor();
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.getByTestId('dashboard-widgets').locator('tbody tr').first().waitFor();
    expect(await violations()).toEqual([]);

    await page.goto(`${portal.url}/alerts/authorization`);
    const row = page.locator('table tbody tr[tabindex]').first();
    await row.click();
    await page
      .getByRole('dialog')
      .getByRole('tab', { name: /Actions\/Discussions/ })
      .waitFor();
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
