import type { Page } from 'playwright-core';

/** Every demo account's password. */
export const DEMO_PASSWORD = 'portal-demo-1';

/** Signs in through the login form and waits for the page that follows. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
) {
  if (!page.url().includes('/account/login')) await page.goto(`${baseUrl}/account/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the URL's path is the given one. */
export async function waitForPath(page: Page, path: string, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}
