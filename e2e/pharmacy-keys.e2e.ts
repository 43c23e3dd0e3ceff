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

describe('pharmacy API keys', () => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['tablet', VIEWPORTS.tablet],
  ])('a SysAdmin creates a key that ingests, then revokes it (%s)', async (name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/pharmacy-keys`);
    await page.getByRole('heading', { level: 1, name: 'Pharmacy API Keys' }).waitFor();
    await expectAccessible(page, `/pharmacy-keys (${name})`);

    await page.getByPlaceholder('Select a pharmacy').click();
    await page.getByRole('option', { name: /\(sprx\)/ }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(`e2e ${name}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('you will not see it again').waitFor();
    const secret = (await page.getByLabel('New API key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^cpk_/);
    await expectAccessible(page, `/pharmacy-keys with a new key (${name})`);

    const ingest = () =>
      fetch(`${portal.url}/api/ingest/patMissing`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          _internalUUID: crypto.randomUUID(),
          rxNo: '7009001',
          facID: 101,
          patName: 'Browser, Bea',
          dateCreated: new Date().toISOString(),
        }),
      });
    expect((await ingest()).status).toBe(200);

    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('button', { name: `Revoke e2e ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    const revoked = page.getByRole('row', { name: new RegExp(`e2e ${name}`) });
    await revoked.getByText(/^Revoked/).waitFor();
    // Nothing of the row is cut off with an ellipsis: the revocation date reads whole on a tablet too.
    const clipped = await revoked.evaluate((row) =>
      [...row.querySelectorAll('*')]
        .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    );
    expect(clipped).toEqual([]);
    expect((await ingest()).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
