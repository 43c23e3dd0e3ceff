import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { expectAccessible, launchBrowser, newPage } from './support/browser.ts';
import { type Portal, startPortal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

// A new alert has to arrive while the portal runs, as the pharmacy system would send it. The embedded database
// belongs to the server process, so this journey runs on PostgreSQL (included when DATABASE_URL is set).
const baseUrl = process.env.DATABASE_URL ?? '';
const dbName = `portal_e2e_${Date.now()}`;
const dbUrl = (() => {
  const url = new URL(baseUrl || 'postgres://localhost/x');
  url.pathname = `/${dbName}`;
  return url.toString();
})();

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  portal = await startPortal({ DATABASE_URL: dbUrl, SWEEP_INTERVAL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
});

describe('auto-respond', () => {
  it("answers a new alert by the facility's rule, and the nurse sees it so", async () => {
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const saved = await fetch(`${portal.url}/api/facilitysetting`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        FaciId: 101,
        WidgetName: 'highCost',
        settingValues: { AutoRespondAction: 'Approve' },
      }),
    });
    expect(saved.status).toBe(200);

    const rxNo = String(70_000_000 + Math.floor(Math.random() * 1_000_000));
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query(
      `insert into alerts (uuid, rx_guid, widget, fac_id, pharm_id, rx_no, pat_name, drug_label_name, ttl_price, date_created, read_by_faci)
       values ($1, $2, 'highCost', 101, 'sprx', $3, 'Whitfield, Agnes', 'Apixaban 5 mg tablet', 612.4, now(), false)`,
      [randomUUID(), randomUUID(), rxNo],
    );
    await db.end();

    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    // The sweep runs every second; reload until the rule has answered.
    await expect
      .poll(
        async () => {
          await page.goto(`${portal.url}/authorization/${rxNo}`);
          await page.getByRole('tab', { name: /Actions\/Discussions/ }).click();
          return page.getByText('Automatic response (facility rule)').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Approved').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'auto-responded alert');
    await context.close();
  });
});
