import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
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

describe('totes, secure forms, release notes', () => {
  it('opens a tote, then its public slip link signed out', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/packing-slips`);
    await page.getByRole('heading', { level: 1, name: 'Totes' }).waitFor();
    const firstTote = page.getByRole('row').nth(1).getByRole('button');
    await firstTote.waitFor();
    await expectAccessible(page, '/packing-slips');
    // The ship-date picker's calendar: named arrows and dialog, readable outside-month and weekend days.
    await page.getByRole('button', { name: /^Ship dates/ }).click();
    await page.getByRole('dialog', { name: 'Choose ship dates' }).waitFor();
    await expectAccessible(page, 'ship-date picker');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Choose ship dates' }).waitFor({ state: 'hidden' });
    const toteID = (await firstTote.textContent()) ?? '';
    await firstTote.click();
    const dialog = page.getByRole('dialog', { name: `Tote ${toteID}` });
    await dialog.getByAltText(`Barcode ${toteID}`).waitFor();
    expect(await dialog.getByText(/Room .* · Bed /).count()).toBeGreaterThan(0);
    expect(page.url()).toContain(`toteID=${encodeURIComponent(toteID)}`);
    await expectAccessible(page, 'tote modal');
    const link = await dialog.getByLabel('Public link').inputValue();
    expect(link).toContain('/open-deposit-slip?facID=101');
    expect(errors).toEqual([]);
    await context.close();

    const anonymous = await newPage(browser, VIEWPORTS.desktop);
    await anonymous.page.goto(link);
    await anonymous.page.getByRole('heading', { level: 1, name: 'Packing Slip' }).waitFor();
    await anonymous.page.getByAltText(`Barcode ${toteID}`).waitFor();
    await anonymous.page.getByText('25 Meadowbrook Lane').waitFor();
    await expectAccessible(anonymous.page, '/open-deposit-slip');
    await anonymous.page.goto(link.replace(/auth=[^&]+/, 'auth=forged'));
    // Expired and forged links are one refusal to the server; the page says so in words.
    await anonymous.page
      .getByRole('alert')
      .getByText('This packing slip link has expired or is not valid.', { exact: false })
      .waitFor();
    await expectAccessible(anonymous.page, '/open-deposit-slip refused');
    expect(await anonymous.page.getByText('25 Meadowbrook Lane').count()).toBe(0);
    await anonymous.context.close();
  });

  it('fits every column of the Totes table on a tablet, with no sideways scroll (pharmacy user)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    const table = page.getByRole('main').getByRole('table');
    // The table was drawn 860 px wide in the 660 beside the sidebar: Ship Date and the counts sat out of sight.
    const fits = () =>
      table.evaluate((t) => {
        const scroller = t.closest('.mantine-ScrollArea-viewport');
        const last = t.querySelector('thead th:last-child')?.getBoundingClientRect();
        const box = scroller?.getBoundingClientRect();
        return {
          overflows: !scroller || scroller.scrollWidth > scroller.clientWidth,
          lastColumnInView: Boolean(last && box && last.right <= box.right + 0.5),
        };
      });
    for (const layout of ['vertical', 'detached']) {
      // The detached layout's sidebar is 24 px wider.
      await page.evaluate(
        (value) => localStorage.setItem('portal.layout', JSON.stringify({ layout: value })),
        layout,
      );
      await page.goto(`${portal.url}/packing-slips`);
      await page.getByRole('main').getByRole('row').nth(1).getByRole('button').waitFor();
      expect(await fits(), layout).toEqual({ overflows: false, lastColumnInView: true });
    }
    await page.getByRole('button', { name: 'RX Count' }).waitFor();
    await expectAccessible(page, '/packing-slips (tablet, sysadmin)');
    await context.close();
  });

  it('gives every table that scrolls sideways on a phone the same shadows as its cue', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    // The administration lists (one shared table), the audit trail and secure forms: each its own scroller.
    for (const path of ['/facility-users', '/audit', '/secureForms']) {
      await page.goto(`${portal.url}${path}`);
      const table = page.getByRole('main').getByRole('table').first();
      await table.locator('tbody tr').first().waitFor();
      const scroller = table.locator('xpath=ancestor::div[contains(@class, "mantine-ScrollArea-viewport")]');
      const seen = await scroller.evaluate((s) => ({
        overflows: s.scrollWidth > s.clientWidth,
        background: getComputedStyle(s).backgroundImage,
      }));
      expect(seen.overflows, `${path} scrolls sideways at 390 px`).toBe(true);
      expect(seen.background, `${path} shows the scroll shadows`).toContain('radial-gradient');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it('shows a shadow at the side of the Totes table that scrolls sideways on a phone (390 px)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/packing-slips`);
    const table = page.getByRole('main').getByRole('table');
    await table.getByRole('row').nth(1).getByRole('button').waitFor();
    const scroller = table.locator('xpath=ancestor::div[contains(@class, "mantine-ScrollArea-viewport")]');
    const size = await scroller.evaluate((s) => ({ scrollWidth: s.scrollWidth, clientWidth: s.clientWidth }));
    expect(size.scrollWidth).toBeGreaterThan(size.clientWidth);
    // Only the table scrolls sideways, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A touch screen shows no scroll bar: the shadow over the rows at the side with columns out of sight is the cue.
    const atStart = await edgeShades(page, scroller);
    expect(atStart.right, 'shadow on the right at the start').toBeLessThan(atStart.left - 15);
    await scroller.evaluate((s) => {
      s.scrollLeft = s.scrollWidth;
    });
    // At the end the shadow has moved to the left, where the first columns now are.
    await expect
      .poll(async () => {
        const atEnd = await edgeShades(page, scroller);
        return atEnd.left < atEnd.right - 15;
      })
      .toBe(true);
    await expectAccessible(page, '/packing-slips (phone)');
    await context.close();
  });

  it('prints every page of a tote longer than one sheet, not only the first (pharmacy user)', async () => {
    const token = await apiToken(portal.url, 'sysadmin@pharmacy.test');
    const today = new Date();
    const weekAgo = new Date(today.getTime() - 7 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    const us = (d: Date) => `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
    const answer = await fetch(
      `${portal.url}/api/packingslipheaders?fdate=${us(weekAgo)}&edate=${us(today)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const { packingSlipHeadersList: totes } = (await answer.json()) as {
      packingSlipHeadersList: { facID: number; toteID: string; patCount: number }[];
    };
    const biggest = totes.reduce((a, b) => (b.patCount > a.patCount ? b : a));
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/packing-slips?facID=${biggest.facID}&toteID=${biggest.toteID}`);
    await page.getByRole('dialog').getByRole('table').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    // Hidden from the accessibility tree in print (only the slips are visible): found by its class.
    const height = await page
      .locator('.packing-slip-print')
      .evaluate((e) => e.getBoundingClientRect().height);
    // Letter with half-inch margins holds 10 in = 960 CSS px of slip a page.
    expect(height).toBeGreaterThan(960);
    const pdf = (await page.pdf({ format: 'letter' })).toString('latin1');
    const pages = pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    // The slip sat in the modal's fixed box, and a fixed box prints on one sheet: the rest of the tote was cut off.
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(height / 960));
    await context.close();
  });

  it('opens a form link carrying the prefilled query', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/secureForms`);
    await page.getByRole('button', { name: 'Forms for Meadowbrook Care Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forms for Meadowbrook Care Center' });
    const link = dialog.getByRole('link', { name: /Out on Pass Medication/ });
    await link.waitFor();
    await expectAccessible(page, '/secureForms?faciID=101');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const url = new URL((await link.getAttribute('href')) ?? '');
    expect(url.pathname).toBe('/SPRX/out-on-pass');
    expect(url.searchParams.get('facilityName')).toBe('Meadowbrook Care Center');
    expect(url.searchParams.get('userName')).toBeTruthy();
    expect(url.searchParams.get('date')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await context.close();
  });

  it("says a linked facility is not one of yours, alike for another's and none, and the page stays usable", async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    for (const faciID of ['201', '987654']) {
      await page.goto(`${portal.url}/secureForms?faciID=${faciID}`);
      const notice = page.getByRole('alert').filter({ hasText: 'That facility is not one of yours' });
      await notice.waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByText('Lakeside').count()).toBe(0);
      await expectAccessible(page, `/secureForms?faciID=${faciID}`);
    }
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That facility is not one of yours' })
      .waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Forms for Meadowbrook Care Center' }).click();
    await page.getByRole('dialog', { name: 'Forms for Meadowbrook Care Center' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before a release note editor holding typed text closes; Escape in the link box closes only the box', async () => {
    const admin = await newPage(browser);
    await signInThroughForm(admin.page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(admin.page, '/dashboard');
    await admin.page.goto(`${portal.url}/info/release-notes`);
    const add = admin.page.getByRole('button', { name: 'Add release note' });
    const editor = admin.page.getByRole('dialog', { name: 'Add release note' });
    const body = editor.getByRole('textbox', { name: 'Description' });
    const question = admin.page.getByRole('dialog', { name: 'Discard your changes?' });
    const focusedLabel = () => admin.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

    // Typed into the body and taken back out: nothing to lose, so Escape closes at once.
    await add.click();
    await body.click();
    await admin.page.keyboard.type('x');
    await admin.page.keyboard.press('Backspace');
    await admin.page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    await add.click();
    await body.click();
    await admin.page.keyboard.type('Draft news');
    await editor.getByRole('button', { name: 'Link', exact: true }).click();
    const url = admin.page.getByRole('textbox', { name: 'Enter URL' });
    await url.fill('https://example.test/');
    await url.press('Escape');
    await url.waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);
    expect(await editor.count()).toBe(1);

    await body.click();
    await admin.page.keyboard.press('Escape');
    await question.waitFor();
    await expectAccessible(admin.page, 'discard question');
    // By keyboard: the question's buttons are in its tab order.
    await question.getByRole('button', { name: 'Keep editing' }).focus();
    await admin.page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await expect.poll(focusedLabel).toBe('Description');
    expect(await body.textContent()).toContain('Draft news');

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await admin.page.getByText('Draft news').count()).toBe(0);
    await admin.context.close();
  });

  it('asks before the page under a release note editor holding typed text is left: Back, a link, the tab closing', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    const sidebar = page.getByRole('navigation');
    // Reached through the sidebar, so Back stays in the app.
    await sidebar.getByRole('button', { name: 'Info' }).click();
    await sidebar.getByRole('link', { name: 'Release Notes' }).click();
    await waitForPath(page, '/info/release-notes');
    const add = page.getByRole('button', { name: 'Add release note' });
    const editor = page.getByRole('dialog', { name: 'Add release note' });
    const title = editor.getByRole('textbox', { name: /^Title/ });
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    // The editor's overlay takes a pointer's click on the sidebar (it asks 'Discard your changes?'); a link is still
    // followed by a script or an assistive tool, so the link is activated as they do.
    const followLink = (name: string) =>
      sidebar.getByRole('link', { name }).evaluate((link) => (link as HTMLElement).click());

    // Nothing typed: the link is followed at once, as Back is.
    await add.click();
    await title.waitFor();
    await followLink('Versions');
    await waitForPath(page, '/info/versions');
    // The address changes before the Versions page's chunk has loaded; until it has, the router keeps the release
    // notes (and their open editor) on screen, and Back then would return to them with the editor still open.
    await page.getByRole('heading', { name: 'Versions', level: 1 }).waitFor();
    expect(await question.count()).toBe(0);
    await editor.waitFor({ state: 'detached' });
    await page.goBack();
    await waitForPath(page, '/info/release-notes');

    await add.click();
    await title.fill('Draft title');
    await page.evaluate(() => window.history.back());
    await question.waitFor();
    await expectAccessible(page, 'leave question');
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/info/release-notes');
    expect(await title.inputValue()).toBe('Draft title');

    await followLink('Versions');
    await question.waitFor();
    await question.getByRole('button', { name: 'Stay' }).focus();
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/info/release-notes');
    expect(await title.inputValue()).toBe('Draft title');

    // Closing (or reloading) the tab: the browser's own question; dismissed, the page and the text stay.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    expect(await title.inputValue()).toBe('Draft title');

    await followLink('Versions');
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await waitForPath(page, '/info/versions');
    // The address changes as the router starts the change; the release notes (and the editor) go when it commits,
    // which under load is a moment later. Left open, the wait fails.
    await page.getByRole('heading', { name: 'Versions', level: 1 }).waitFor();
    await editor.waitFor({ state: 'detached' });
    await question.waitFor({ state: 'detached' });
    await context.close();
  });

  it('counts a letter typed into an empty rich text field and deleted as no change: Cancel closes at once', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    // The editor writes an empty field as '<p></p>': taken for the form's '' only if its opening HTML was read.
    const typeAndDelete = async (field: ReturnType<Page['getByRole']>) => {
      await field.click();
      await page.keyboard.type('x');
      await expect.poll(() => field.textContent()).toBe('x');
      await page.keyboard.press('Backspace');
      await expect.poll(() => field.textContent()).toBe('');
    };
    const cancelClosesAtOnce = async (editor: ReturnType<Page['getByRole']>) => {
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await editor.waitFor({ state: 'detached' });
      expect(await question.count()).toBe(0);
    };

    await page.goto(`${portal.url}/info/release-notes`);
    await page.getByRole('button', { name: 'Add release note' }).click();
    const note = page.getByRole('dialog', { name: 'Add release note' });
    await typeAndDelete(note.getByRole('textbox', { name: 'Description' }));
    await cancelClosesAtOnce(note);

    await page.goto(`${portal.url}/info/versions`);
    await page.getByRole('button', { name: 'Add version' }).click();
    const version = page.getByRole('dialog', { name: 'Add version' });
    await typeAndDelete(version.getByRole('textbox', { name: 'Description' }));
    await typeAndDelete(version.getByRole('textbox', { name: 'Admin update (pharmacy users)' }));
    await cancelClosesAtOnce(version);

    // A letter kept is a change: Cancel asks.
    await page.getByRole('button', { name: 'Add version' }).click();
    await version.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('x');
    await version.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor();
    await context.close();
  });

  it("shows 'Admin Only' notes to the pharmacy SysAdmin and not to the nurse", async () => {
    const admin = await newPage(browser);
    await signInThroughForm(admin.page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(admin.page, '/dashboard');
    await admin.page.goto(`${portal.url}/info/release-notes`);
    await admin.page.getByRole('article', { name: 'Pharmacy user administration' }).waitFor();
    expect(await admin.page.getByText('Admin Only', { exact: true }).count()).toBe(2);
    await expectAccessible(admin.page, '/info/release-notes (sysadmin)');
    const errors = watchConsole(admin.page);
    await admin.page.getByRole('button', { name: 'Add release note' }).click();
    const editor = admin.page.getByRole('dialog', { name: 'Add release note' });
    await editor.getByLabel('Title').fill('Written in the editor');
    const body = editor.getByRole('textbox', { name: 'Description' });
    await body.click();
    await admin.page.keyboard.type('Bold news');
    await expectAccessible(admin.page, 'release note editor');
    const saved = admin.page.waitForResponse(
      (r) => r.url().endsWith('/api/releasenotes') && r.request().method() === 'POST',
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await admin.page.getByRole('article', { name: 'Written in the editor' }).getByText('Bold news').waitFor();
    expect(errors).toEqual([]);
    await admin.page.goto(`${portal.url}/info/versions`);
    await admin.page.getByText('Admin update').first().waitFor();
    await expectAccessible(admin.page, '/info/versions (sysadmin)');
    await admin.context.close();

    const nurse = await newPage(browser);
    await signInThroughForm(nurse.page, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(nurse.page, '/dashboard');
    await nurse.page.goto(`${portal.url}/info/release-notes`);
    await nurse.page.getByRole('article', { name: 'Faster widget lists' }).waitFor();
    expect(await nurse.page.getByText('Admin Only', { exact: true }).count()).toBe(0);
    expect(await nurse.page.getByRole('article', { name: 'Pharmacy user administration' }).count()).toBe(0);
    await expectAccessible(nurse.page, '/info/release-notes (nurse)');
    await nurse.context.close();
  });
});

/**
 * How light (0-255, the median of a 6 px strip's pixels: text is a minority) the rows of a scroller are just inside its
 * left and right edges, below its sticky header: lower where a scroll shadow lies. Read from a screenshot, decoded in
 * a blank page's canvas.
 */
async function edgeShades(page: Page, scroller: Locator): Promise<{ left: number; right: number }> {
  const box = await scroller.boundingBox();
  if (!box) throw new Error('scroller not drawn');
  const header = 80;
  const clip = { x: box.x, y: box.y + header, width: box.width, height: Math.min(300, box.height - header) };
  const shot = (await page.screenshot({ clip })).toString('base64');
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.drawImage(image, 0, 0);
      // The page's scale is 1, so a screenshot's pixel is a CSS px: a strip of 6, 1 px in from the edge.
      const strip = (from: number) => {
        const { data } = context.getImageData(from, 0, 6, image.height);
        const light: number[] = [];
        for (let i = 0; i < data.length; i += 4)
          light.push(((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3);
        light.sort((a, b) => a - b);
        return light[Math.floor(light.length / 2)] ?? 0;
      };
      return { left: strip(1), right: strip(image.width - 7) };
    }, shot);
  } finally {
    await blank.close();
  }
}
