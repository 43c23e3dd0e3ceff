import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type Portal, startPortal } from './portal.ts';

/**
 * Starts a fresh portal (with `env` as its configuration) and Chromium once for the test file, hands both to
 * `use`, and stops them after the file's last test.
 */
export function withPortalAndBrowser(
  use: (portal: Portal, browser: Browser) => void,
  env: Record<string, string> = {},
) {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    portal = await startPortal(env);
    browser = await launchBrowser();
    use(portal, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
}
