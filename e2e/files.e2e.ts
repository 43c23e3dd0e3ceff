import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
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

const FILE_NAME = 'e2e-care-plan.txt';

async function openFiles(page: Page, email: string) {
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  await page.goto(`${portal.url}/files`);
  await page.getByRole('heading', { level: 1, name: 'Files' }).waitFor();
}

/** Opens a folder tile (or list row) by its name in the right pane. */
async function openFolder(page: Page, name: string) {
  await page.getByRole('main').getByRole('button', { name, exact: true }).click();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).waitFor();
}

describe('file manager', () => {
  it('uploads a file with a progress bar, shows it New, and deletes it (facility admin)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await openFiles(page, 'admin@meadowbrook.test');
    await expectAccessible(page, '/files (tablet)');
    await openFolder(page, 'Facilities');
    await openFolder(page, 'Meadowbrook Care Center (101)');
    await openFolder(page, 'Policies');

    // Hold the registration call a moment so the finished progress bar can be seen before the dialog closes.
    await page.route('**/fs/files/*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add New' }).click();
    await page.getByRole('menuitem', { name: 'Upload File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload File' });
    // Its 'Choose files' placeholder in a grey that passes contrast.
    await dialog.getByText('Choose files').waitFor();
    await expectAccessible(page, 'upload dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: FILE_NAME,
      mimeType: 'text/plain',
      buffer: Buffer.from('Turn every two hours.\n'.repeat(2000)),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('1 file successfully uploaded').waitFor();
    await page.unrouteAll({ behavior: 'wait' });

    const tile = page.getByRole('main').locator('.mantine-Card-root', { hasText: FILE_NAME });
    await tile.getByText('New', { exact: true }).waitFor();
    await expectAccessible(page, '/files/... Policies (tablet)');

    await page.getByRole('button', { name: `Actions for ${FILE_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('File/Folder successfully deleted').waitFor();
    await expect.poll(() => tile.count()).toBe(0);
    // The focus is not dropped to the page's body, where the next Tab would start over at the top: it goes to the
    // deleted tile's neighbour, or to the page's heading (lib/rescue-focus.ts). Which of the two depends on how the
    // list re-renders (a tile removed alone, or the grid at once); the neighbour is what a keyboard user would want
    // every time (left open: see the twenty-third session's note).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.getAttribute('aria-label') ??
            `${document.activeElement?.tagName}: ${document.activeElement?.textContent}`,
        ),
      )
      .toMatch(/^(Actions for |H1: Files$)/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds the deleted file in the recycling bin as a pharmacy user and restores it', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await openFiles(page, 'sysadmin@pharmacy.test');
    await page.getByRole('link', { name: 'Recycling Bin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recycling Bin' }).waitFor();
    await page.getByRole('main').getByText(FILE_NAME).waitFor();
    await expectAccessible(page, '/files/recycling-bin');

    await page.getByRole('button', { name: `Actions for ${FILE_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    // The menu fades out after the click; wait until it is gone so only the dialog is judged.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog', { name: `Restore ${FILE_NAME}` });
    await dialog.getByText(`/Policies/${FILE_NAME}?`, { exact: false }).waitFor();
    await expectAccessible(page, 'restore dialog');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('File/Folder successfully restored').waitFor();
    await expect.poll(() => page.getByRole('main').getByText(FILE_NAME).count()).toBe(0);

    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('link', { name: 'Facilities', exact: true })
      .click();
    await openFolder(page, 'Meadowbrook Care Center (101)');
    await openFolder(page, 'Policies');
    await page.getByRole('main').getByText(FILE_NAME).waitFor();
    await context.close();
  });

  it('downloads a folder as a zip named after it (nurse)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const errors = watchConsole(page);
    await openFiles(page, 'nurse@meadowbrook.test');
    await openFolder(page, 'Facilities');
    await openFolder(page, 'Meadowbrook Care Center (101)');
    await page.getByRole('button', { name: 'Actions for Reports' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Reports.zip');
    const path = await download.path();
    const zip = await readFile(path);
    // A local file header first; entries are stored, so the demo CSV's name and bytes show as they are.
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.includes('Reports/Monthly Cost Report.csv')).toBe(true);
    expect(zip.includes('facID,month,alerts,total')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renames a folder by keyboard alone, refusing a name taken in the folder (facility admin, tablet)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await openFiles(page, 'admin@meadowbrook.test');
    await openFolder(page, 'Facilities');
    await openFolder(page, 'Meadowbrook Care Center (101)');
    await page.getByRole('button', { name: 'Add New' }).click();
    await page.getByRole('menuitem', { name: 'Create Folder' }).click();
    const create = page.getByRole('dialog', { name: 'Create Folder' });
    await create.getByRole('textbox', { name: 'Folder name' }).fill('Wound Care');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Folder successfully created').waitFor();
    await create.waitFor({ state: 'detached' });

    const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
    await page.getByRole('button', { name: 'Actions for Wound Care' }).focus();
    await page.keyboard.press('Enter');
    // Menus open on their first item: down past View and Download to Rename.
    await expect.poll(focusedText).toBe('View');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toBe('Rename');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename folder Wound Care' });
    const field = dialog.getByRole('textbox', { name: 'New folder name' });
    await expect.poll(() => field.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectAccessible(page, 'rename dialog (tablet)');

    // The whole name is selected, so typing replaces it; a sibling's name (in another case) is refused at the field.
    await page.keyboard.type('reports');
    await page.keyboard.press('Enter');
    await dialog.getByText('A file or folder with this name already exists here.').waitFor();
    expect(await field.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'rename dialog refusing a name (tablet)');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('Wound Care Plans');
    await page.keyboard.press('Enter');
    await page.getByText('Wound Care renamed to Wound Care Plans').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the renamed folder's menu button, under its new name; the tree says the new name too.
    const renamed = page.getByRole('button', { name: 'Actions for Wound Care Plans' });
    await expect.poll(() => renamed.evaluate((e) => e === document.activeElement)).toBe(true);
    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('link', { name: 'Wound Care Plans' })
      .waitFor();
    await expectAccessible(page, 'renamed folder (tablet)');
    // The only console error is the refused name's 409.
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it("creates one folder from a double click on Create, with no 'already exists' over the dialog (facility admin)", async () => {
    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await openFiles(page, 'admin@meadowbrook.test');
    await openFolder(page, 'Facilities');
    await openFolder(page, 'Meadowbrook Care Center (101)');
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/fs\/files\/\d+$/.test(request.url())) creates.push(request.url());
    });
    await page.getByRole('button', { name: 'Add New' }).click();
    await page.getByRole('menuitem', { name: 'Create Folder' }).click();
    const create = page.getByRole('dialog', { name: 'Create Folder' });
    await create.getByRole('textbox', { name: 'Folder name' }).fill('Infection Control');
    // Both clicks land before the button can show it is busy: the second used to send the create again, whose
    // 409 kept the dialog open over the new folder saying the name was taken.
    await create.getByRole('button', { name: 'Create' }).dblclick();
    await page.getByText('Folder successfully created').waitFor();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('main').getByRole('button', { name: 'Infection Control', exact: true }).waitFor();
    expect(creates).toHaveLength(1);
    expect(await page.getByText('A file or folder with this name already exists here.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("restores once from a double click on Restore, with no 'Error restoring file' over it (pharmacy user)", async () => {
    // The folder the test before created, moved to the bin over the API.
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const headers = { authorization: `Bearer ${token}` };
    const listed = await fetch(`${portal.url}/fs/topLevelFolders`, { headers });
    const { folders } = (await listed.json()) as { folders: { file_id: number; name: string }[] };
    const folder = folders.find((f) => f.name === 'Infection Control');
    if (!folder) throw new Error('no Infection Control folder');
    const binned = await fetch(`${portal.url}/fs/files/${folder.file_id}`, { method: 'DELETE', headers });
    expect(binned.status).toBe(200);

    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await openFiles(page, 'sysadmin@pharmacy.test');
    await page.goto(`${portal.url}/files/recycling-bin`);
    await page.getByRole('heading', { level: 1, name: 'Recycling Bin' }).waitFor();
    const restores: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/fs/restore')) restores.push(request.url());
    });
    await page.getByRole('button', { name: 'Actions for Infection Control' }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog', { name: 'Restore Infection Control' });
    await dialog.getByText('/Infection Control?', { exact: false }).waitFor();
    // Both clicks land before the button can show it is busy: the second used to restore again, and its 409
    // ('Only items in the recycling bin...') kept the dialog open under 'Error restoring file' over a done restore.
    await dialog.getByRole('button', { name: 'Restore' }).dblclick();
    await page.getByText('File/Folder successfully restored').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(restores).toHaveLength(1);
    expect(await page.getByText('Error restoring file').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers a new location only inside the item's own facility, by keyboard (pharmacy user serving two)", async () => {
    // A folder in Meadowbrook's Policies with one inside it; the inner one binned first, then its parent: the inner
    // one's restore needs a new location.
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${portal.url}/fs${path}`, {
        ...init,
        // No content type without a body: Fastify answers an empty JSON body (a DELETE's) with 400.
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
      expect(response.status, path).toBeLessThan(300);
      return (await response.json()) as {
        folders: { file_id: number; parent_id: number; name: string }[];
      } & {
        file: { file_id: number };
      };
    };
    const { folders } = await call('/topLevelFolders');
    const meadowbrook = folders.find((f) => f.name === 'Meadowbrook Care Center (101)');
    const policies = folders.find((f) => f.name === 'Policies' && f.parent_id === meadowbrook?.file_id);
    if (!policies) throw new Error("no Meadowbrook's Policies");
    const create = (parent: number, name: string) =>
      call(`/files/${parent}`, { method: 'POST', body: JSON.stringify({ fileOrFolder: 'folder', name }) });
    const wound = (await create(policies.file_id, 'Wound Care')).file.file_id;
    const dressings = (await create(wound, 'Dressings')).file.file_id;
    await call(`/files/${dressings}`, { method: 'DELETE' });
    await call(`/files/${wound}`, { method: 'DELETE' });

    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await openFiles(page, 'sysadmin@pharmacy.test');
    await page.goto(`${portal.url}/files/recycling-bin`);
    await page.getByRole('heading', { level: 1, name: 'Recycling Bin' }).waitFor();
    await page.getByRole('button', { name: 'Actions for Dressings' }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const dialog = page.getByRole('dialog', { name: 'Restore Dressings' });
    const picker = dialog.getByPlaceholder('Choose a folder');
    await picker.waitFor();
    await expect
      .poll(() => picker.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    // This pharmacist may edit Lakeside's folders and the states' too: none of them is offered for a Meadowbrook item.
    await page.keyboard.press('ArrowDown');
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const offered = await options.allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((o) => !o.startsWith('Facilities / Meadowbrook Care Center (101)'))).toEqual([]);
    await expectAccessible(page, 'restore dialog with its picker');
    await page.keyboard.type('Reports');
    await expect
      .poll(() => options.allTextContents(), { timeout: 10_000 })
      .toEqual(['Facilities / Meadowbrook Care Center (101) / Reports']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => picker.inputValue(), { timeout: 10_000 })
      .toBe('Facilities / Meadowbrook Care Center (101) / Reports');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('File/Folder successfully restored').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
    // Out of the way of the tests after this one.
    await call(`/files/${dressings}`, { method: 'DELETE' });
  });

  it('saves File/Folder Info once from a double click on Save: one change, one entry in the audit trail (facility admin)', async () => {
    const { context, page } = await newPage(browser);
    const errors = watchConsole(page);
    await openFiles(page, 'admin@meadowbrook.test');
    await openFolder(page, 'Facilities');
    await openFolder(page, 'Meadowbrook Care Center (101)');
    await openFolder(page, 'Policies');
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/fs\/files\/\d+$/.test(request.url())) updates.push(request.url());
    });
    await page
      .getByRole('main')
      .getByRole('button', { name: 'Medication Pass Policy.pdf', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'File/Folder Info' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Reviewed by the DON every quarter.');
    // Both clicks land before the button can show it is busy: the second sent the change again, and the audit
    // trail said the file was updated twice.
    await dialog.getByRole('button', { name: 'Save' }).dblclick();
    await page.getByText('File/Folder Info successfully updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(updates).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every column of the list view on a tablet, Actions included, without a sideways scroll (pharmacy user)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await openFiles(page, 'sysadmin@pharmacy.test');
    await openFolder(page, 'Facilities');
    await openFolder(page, 'Meadowbrook Care Center (101)');
    await page.getByRole('main').getByText('List', { exact: true }).click();
    // The list was drawn 560 px wide in the 435 px beside the folder tree: the Actions column sat out of sight.
    const inSight = async (name: string) => {
      const actions = page.getByRole('button', { name: `Actions for ${name}` });
      await actions.waitFor();
      const [button, scroller] = await Promise.all([
        actions.boundingBox(),
        page
          .getByRole('main')
          .getByRole('table')
          .evaluate((t) => t.closest('.mantine-ScrollArea-viewport')?.getBoundingClientRect().toJSON()),
      ]);
      return Boolean(button && scroller && button.x + button.width <= scroller.right);
    };
    expect(await inSight('Policies')).toBe(true);
    // The bin's list, with its Deleted and Deleted from columns, too (the view mode is remembered).
    await page.getByRole('link', { name: 'Recycling Bin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recycling Bin' }).waitFor();
    expect(await inSight('Old Forms')).toBe(true);
    await context.close();
  });

  it('sends a facility user from the recycling bin to /files', async () => {
    const { context, page } = await newPage(browser);
    await openFiles(page, 'nurse@meadowbrook.test');
    expect(await page.getByRole('link', { name: 'Recycling Bin' }).count()).toBe(0);
    await page.goto(`${portal.url}/files/recycling-bin`);
    await waitForPath(page, '/files');
    await context.close();
  });

  // Last in the file: the folder it adds would crowd the other tests' Meadowbrook folder.
  it('draws a folder of 110 forms 100 at a time, and Show more goes on by keyboard (tablet, axe)', async () => {
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${portal.url}/fs${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(response.ok).toBe(true);
      return response.json();
    };
    const createFolder = async (parentId: number, name: string): Promise<number> => {
      const body = JSON.stringify({ fileOrFolder: 'folder', name, description: '' });
      const answer = (await call(`/files/${parentId}`, { method: 'POST', body })) as {
        file: { file_id: number };
      };
      return answer.file.file_id;
    };
    const { folders } = (await call('/topLevelFolders')) as {
      folders: { file_id: number; parent_id: number | null; name: string }[];
    };
    const meadowbrook = folders.find((f) => f.name === 'Meadowbrook Care Center (101)');
    if (!meadowbrook || meadowbrook.parent_id === null) throw new Error('no Meadowbrook folder');
    const forms = await createFolder(meadowbrook.file_id, 'Zulu Forms');
    const names = Array.from({ length: 110 }, (_, i) => `Form ${String(i + 1).padStart(3, '0')}`);
    for (let at = 0; at < names.length; at += 10)
      await Promise.all(names.slice(at, at + 10).map((name) => createFolder(forms, name)));

    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    const errors = watchConsole(page);
    await signInThroughForm(page, portal.url, 'admin@meadowbrook.test');
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.url}/files/${meadowbrook.parent_id}/${meadowbrook.file_id}/${forms}`);
    const tiles = page.getByRole('main').locator('.mantine-Card-root');
    await page.getByText('Showing 100 of 110').waitFor();
    expect(await tiles.count()).toBe(100);
    await expectAccessible(page, 'a folder of 110, 100 drawn (tablet)');
    await page.getByRole('button', { name: 'Show 10 more...' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tiles.count()).toBe(110);
    // The focus is on the first added tile's menu (the button it was on is gone), not lost to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions for Form 101');
    // A search covers every item (Form 011 and Form 110), and a new one starts again from the first 100, in the list
    // view too.
    await page.getByLabel('Search file name').fill('11');
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByLabel('Search file name').fill('Form');
    await page.getByText('List', { exact: true }).click();
    await expect.poll(() => page.getByRole('main').locator('tbody tr').count()).toBe(100);
    await expectAccessible(page, 'the list view of 110, 100 drawn (tablet)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
