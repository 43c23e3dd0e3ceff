import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

/** The API GETs the page sends from now on (path and query). */
function watchApiGets(page: Page): string[] {
  const gets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
      gets.push(`${url.pathname}${url.search}`);
  });
  return gets;
}

// The boot script (apps/web/src/boot.ts) is its own small chunk, loaded ahead of the main chunk: it starts
// tokeninfo and the first list pages, and the app, once its main chunk runs, takes those answers instead of asking
// again (lib/early-requests.ts).
describe('boot script', () => {
  it('is loaded before the main chunk, as a file (no inline script)', async () => {
    const html = await (await fetch(`${portal.url}/dashboard`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/type="module" async crossorigin src="\/assets\/boot-[\w-]+\.js"/);
    expect(scripts[1]).toMatch(/src="\/assets\/index-[\w-]+\.js"/);
  });

  it('starts the dashboard lists once each, and the cards show them without asking again', async () => {
    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const cards = page.getByTestId('dashboard-widgets').locator('section');
    await cards.first().locator('tbody tr').first().waitFor();

    const gets = watchApiGets(page);
    await page.reload();
    await waitForPath(page, '/dashboard');
    await cards.first().locator('tbody tr').first().waitFor();
    // Every card has its first page (rows, or an empty list): no card is still loading.
    await page.waitForFunction(
      () => document.querySelector('[role="status"][aria-label^="Loading "]') === null,
    );
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(gets.filter((g) => g === '/api/tokeninfo')).toHaveLength(1);
    const firstPages = gets.filter((g) => g.endsWith('?limit=100'));
    expect(firstPages.length).toBe(count);
    expect(new Set(firstPages).size).toBe(firstPages.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a widget page list once, and the table shows it', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    const gets = watchApiGets(page);
    await page.goto(`${portal.url}/alerts/authorization`);
    await page.locator('table tbody tr[tabindex]').first().waitFor();
    expect(gets.filter((g) => g === '/api/tokeninfo')).toHaveLength(1);
    expect(gets.filter((g) => g.endsWith('?limit=100'))).toHaveLength(1);
    await context.close();
  });
});
