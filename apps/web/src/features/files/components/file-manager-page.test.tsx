import {
  FILE_BASE,
  FILE_ENDPOINTS,
  FILE_MESSAGES,
  FileAnswerSchema,
  FileChangeAnswerSchema,
  type FileItem,
  FolderAnswerSchema,
  FolderNamesAnswerSchema,
  formatDate,
  PreRestoreAnswerSchema,
  RecyclingBinAnswerSchema,
  TopLevelFoldersAnswerSchema,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { fileItem, nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';
import { FILE_VIEW_STORAGE_KEY } from './view-mode.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

const item = (overrides: Partial<FileItem>) => fileItem(overrides);

const root = item({
  file_id: 1,
  parent_id: null,
  name: 'Facilities',
  file_or_folder: 'folder',
  top_level_folder: 'top_level',
});
const facility = item({
  file_id: 2,
  parent_id: 1,
  name: 'Meadowbrook Care Center (101)',
  file_or_folder: 'folder',
});

function install(user: ReturnType<typeof nurse>, options: { editable: boolean; children: FileItem[] }) {
  const api = new FakeApi()
    .signedIn('tok', user)
    .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.topLevelFolders}`, () =>
      ok(TopLevelFoldersAnswerSchema, { folders: [root, facility] }),
    )
    .on('GET', `${FILE_BASE}/files/2`, () =>
      ok(FolderAnswerSchema, {
        folder: { ...facility, editable: options.editable },
        files: options.children,
      }),
    )
    .on('POST', `${FILE_BASE}${FILE_ENDPOINTS.folderNames}`, () =>
      ok(FolderNamesAnswerSchema, {
        folders: [
          { file_id: 1, name: 'Facilities' },
          { file_id: 2, name: facility.name },
        ],
      }),
    )
    .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.recyclingBin}`, () =>
      ok(RecyclingBinAnswerSchema, {
        files: [
          item({
            file_id: 30,
            name: 'Draft Formulary.txt',
            deleted: true,
            deleted_at: daysAgo(2),
            pathname_at_deletion: '/Facilities/Meadowbrook Care Center (101)/Policies/Draft Formulary.txt',
            editable: true,
          }),
          item({
            file_id: 31,
            name: 'Census.pdf',
            deleted: true,
            deleted_at: daysAgo(3),
            pathname_at_deletion: '/Facilities/Meadowbrook Care Center - East (102)/Census.pdf',
            editable: false,
          }),
        ],
      }),
    );
  return api.install();
}

/** The bin's Draft Formulary.txt was deleted from a folder deleted since: it needs a new location. */
const GONE_PARENT = {
  file_id: 30,
  pathname_at_deletion: '/Facilities/Gone/Draft Formulary.txt',
  deletedParentFolders: [{ file_id: 40, name: 'Gone' }],
  needsNewParent: true,
  tree_folder_id: 2,
};

/** Opens the bin and Restore on Draft Formulary.txt. */
async function openRestoreOfDraft() {
  const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
  await user.click(
    await screen.findByRole('button', { name: 'Actions for Draft Formulary.txt' }, { timeout: 5000 }),
  );
  await user.click(await screen.findByRole('menuitem', { name: 'Restore' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Restore Draft Formulary.txt' }) };
}

const children = [
  item({ file_id: 11, name: 'Reports', file_or_folder: 'folder', editable: true }),
  item({ file_id: 12, name: 'Care Plan.pdf', size: 1536, date_added: daysAgo(1), editable: true }),
  item({ file_id: 13, name: 'Admission.pdf', size: 5 * 1024 * 1024, editable: true }),
];

beforeEach(() => window.localStorage.removeItem(FILE_VIEW_STORAGE_KEY));

describe('FileManagerPage', () => {
  it('lists a folder by name with 1024-based sizes, a New badge on recent items and the breadcrumb', async () => {
    install(nurse(), { editable: true, children });
    renderApp('/files/1/2', { token: 'tok' });
    await screen.findByText('Care Plan.pdf', {}, { timeout: 5000 });
    const main = screen.getByRole('main');
    const names = within(main)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t && ['Admission.pdf', 'Care Plan.pdf', 'Reports'].includes(t));
    expect(names).toEqual(['Admission.pdf', 'Care Plan.pdf', 'Reports']);
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('5 MB')).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(1);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(await crumbs.findByRole('link', { name: facility.name })).toHaveAttribute('href', '/files/1/2');
    expect(screen.getByPlaceholderText('Search file name...')).toBeInTheDocument();
  });

  it('searches by name, and remembers the list view', async () => {
    install(nurse(), { editable: true, children });
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await screen.findByText('Care Plan.pdf', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Search file name'), 'care');
    expect(screen.queryByText('Admission.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('Care Plan.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByText('List'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(window.localStorage.getItem(FILE_VIEW_STORAGE_KEY)).toBe('list');
  });

  it('starts each folder opened with an empty search, so a search typed in one does not hide the next one’s items', async () => {
    const reports = children[0] as FileItem;
    install(nurse(), { editable: true, children }).on('GET', `${FILE_BASE}/files/11`, () =>
      ok(FolderAnswerSchema, {
        folder: reports,
        files: [item({ file_id: 21, parent_id: 11, name: 'Incident Log.pdf' })],
      }),
    );
    const { user, router } = renderApp('/files/1/2', { token: 'tok' });
    await screen.findByText('Care Plan.pdf', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Search file name'), 'rep');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Reports' }));
    await waitFor(() => expect(currentPath(router)).toBe('/files/1/2/11'));
    // The Reports folder's item is shown, not hidden by 'rep' ('No Files/Folders' with nothing saying why).
    expect(await screen.findByText('Incident Log.pdf')).toBeInTheDocument();
    expect(screen.queryByText('No Files/Folders')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search file name')).toHaveValue('');
  });

  it('offers Add New only where the folder is editable, and validates the folder name', async () => {
    install(nurse(), { editable: true, children });
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add New' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Folder name is required')).toBeInTheDocument();
  });

  it('says an empty folder is empty in the list view too, without an empty table under it', async () => {
    window.localStorage.setItem(FILE_VIEW_STORAGE_KEY, 'list');
    install(nurse(), { editable: false, children: [] });
    renderApp('/files/1/2', { token: 'tok' });
    expect(await screen.findByText('No Files/Folders', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('hides Add New without edit rights and says when a folder is empty', async () => {
    install(nurse(), { editable: false, children: [] });
    renderApp('/files/1/2', { token: 'tok' });
    expect(await screen.findByText('No Files/Folders', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Recycling Bin' })).not.toBeInTheDocument();
  });

  it('lists the recycling bin in the tree for a super admin, whom the server lets use it', async () => {
    install(nurse({ userType: 'SuperAdmin', userRole: 'SuperAdmin' }), { editable: true, children });
    renderApp('/files/1/2', { token: 'tok' });
    expect(await screen.findByRole('link', { name: 'Recycling Bin' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the recycling bin to pharmacy staff with Restore and Permanently Delete, not Download', async () => {
    install(pharmacist(), { editable: true, children });
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Draft Formulary.txt' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Permanently Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
  });

  it('offers only View on a deleted item the viewer may not edit, whose restore the server refuses', async () => {
    install(pharmacist(), { editable: true, children });
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Census.pdf' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Restore' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Permanently Delete' })).not.toBeInTheDocument();
  });

  it('says in the bin when and from which folder each item was deleted, in the grid and the list', async () => {
    install(pharmacist(), { editable: true, children });
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    const deleted = formatDate(daysAgo(2));
    expect(
      await screen.findByText(
        `Deleted ${deleted} from /Facilities/Meadowbrook Care Center (101)/Policies`,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByText('List'));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Size', 'Deleted', 'Deleted from', 'Actions']);
    const row = within(table).getByRole('row', { name: /Draft Formulary\.txt/ });
    expect(within(row).getByText(deleted)).toBeInTheDocument();
    expect(within(row).getByText('/Facilities/Meadowbrook Care Center (101)/Policies')).toBeInTheDocument();
  });

  it('lists a folder with the date each item was added', async () => {
    window.localStorage.setItem(FILE_VIEW_STORAGE_KEY, 'list');
    install(nurse(), { editable: true, children });
    renderApp('/files/1/2', { token: 'tok' });
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getByRole('columnheader', { name: 'Date added' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Deleted' })).not.toBeInTheDocument();
    const row = await within(table).findByRole('row', { name: /Care Plan\.pdf/ });
    expect(within(row).getByText(formatDate(daysAgo(1)))).toBeInTheDocument();
  });

  it('after Delete, gives focus to the next item’s Actions button, not to the page’s body', async () => {
    const listed = [...children];
    install(pharmacist(), { editable: true, children: listed }).on(
      'DELETE',
      `${FILE_BASE}${FILE_ENDPOINTS.folder.replace(':id', '12')}`,
      () => {
        listed.splice(
          listed.findIndex((i) => i.file_id === 12),
          1,
        );
        return ok(FileChangeAnswerSchema, { message: 'ok', file_id: 12 });
      },
    );
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Care Plan.pdf' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Actions for Care Plan.pdf' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Reports' })).toHaveFocus());
  });

  it('renames a folder from its menu, sending the name alone, and says which item changed', async () => {
    const listed = [...children];
    const put = `${FILE_BASE}${FILE_ENDPOINTS.file.replace(':file_id', '11')}`;
    const api = install(nurse(), { editable: true, children: listed }).on('PUT', put, (call) => {
      const renamed = { ...listed[0], ...(call.body as { name: string }) } as FileItem;
      listed.splice(0, 1, renamed);
      return ok(FileAnswerSchema, { file: renamed });
    });
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Reports' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder Reports' });
    const field = within(dialog).getByLabelText(/New folder name/);
    expect(field).toHaveValue('Reports');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText(FILE_MESSAGES.nameRequired)).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(api.callsTo('PUT', put)).toHaveLength(0);
    await user.type(field, 'Monthly Reports{Enter}');
    expect(await screen.findByText(FILE_MESSAGES.renamed('Reports', 'Monthly Reports'))).toBeInTheDocument();
    // Only the name: the folder's description stays as the server has it.
    expect(api.callsTo('PUT', put).map((c) => c.body)).toEqual([{ file_id: 11, name: 'Monthly Reports' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Monthly Reports' })).toBeInTheDocument();
  });

  it('says at the name field, which takes the focus, that the name is taken in this folder', async () => {
    install(nurse(), { editable: true, children }).on(
      'PUT',
      `${FILE_BASE}${FILE_ENDPOINTS.file.replace(':file_id', '11')}`,
      () => fail(409, FILE_MESSAGES.duplicateName, 'CONFLICT', { name: FILE_MESSAGES.duplicateName }),
    );
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Reports' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder Reports' });
    const field = within(dialog).getByLabelText(/New folder name/);
    await user.clear(field);
    await user.type(field, 'Care Plan.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText(FILE_MESSAGES.duplicateName)).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers Rename only where the item may be changed: not without edit rights, on facility folders or roots', async () => {
    install(nurse(), { editable: false, children: children.map((c) => ({ ...c, editable: false })) }).on(
      'GET',
      `${FILE_BASE}/files/1`,
      () => ok(FolderAnswerSchema, { folder: root, files: [{ ...facility, editable: true }] }),
    );
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Reports' }, { timeout: 5000 }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', {
        name: 'Facilities',
      }),
    );
    await user.click(await screen.findByRole('button', { name: `Actions for ${facility.name}` }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
  });

  it("offers as a new location only folders inside the item's own facility folder, each by its whole path", async () => {
    const otherFacility = item({ file_id: 4, parent_id: 1, name: 'Lakeside Nursing Home (201)' });
    const folder = (file_id: number, parent_id: number, name: string) =>
      item({ file_id, parent_id, name, file_or_folder: 'folder', editable: true });
    install(pharmacist(), { editable: true, children })
      .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.topLevelFolders}`, () =>
        ok(TopLevelFoldersAnswerSchema, {
          folders: [
            root,
            { ...facility, file_or_folder: 'folder', editable: true },
            { ...otherFacility, file_or_folder: 'folder', editable: true },
            folder(3, 2, 'Policies'),
            folder(5, 4, 'Policies'),
            folder(6, 3, 'Care Plans'),
            item({ file_id: 7, parent_id: null, name: 'States', file_or_folder: 'folder' }),
            folder(8, 7, 'NJ'),
          ],
        }),
      )
      .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.preRestore.replace(':id', '30')}`, () =>
        ok(PreRestoreAnswerSchema, GONE_PARENT),
      );
    const { user, dialog } = await openRestoreOfDraft();
    // The picker comes once the check has answered; the cursor goes there, not left on the dialog's close button.
    await waitFor(() => expect(within(dialog).getByPlaceholderText('Choose a folder')).toHaveFocus());
    await user.click(await within(dialog).findByPlaceholderText('Choose a folder'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // Lakeside's and the state's folders are editable too, but the server refuses a move out of Meadowbrook's tree.
    expect(options).toEqual([
      'Facilities / Meadowbrook Care Center (101)',
      'Facilities / Meadowbrook Care Center (101) / Policies',
      'Facilities / Meadowbrook Care Center (101) / Policies / Care Plans',
    ]);
  });

  it('warns before a folder is permanently deleted that items deleted earlier from inside it go too', async () => {
    install(pharmacist(), { editable: true, children }).on(
      'GET',
      `${FILE_BASE}${FILE_ENDPOINTS.recyclingBin}`,
      () =>
        ok(RecyclingBinAnswerSchema, {
          files: [
            item({ file_id: 40, name: 'Policies', file_or_folder: 'folder', deleted: true, editable: true }),
            item({
              file_id: 41,
              parent_id: 40,
              name: 'Old Policy.pdf',
              deleted: true,
              editable: true,
              deletedParentFolders: [{ file_id: 40, name: 'Policies' }],
            }),
            item({ file_id: 30, name: 'Draft Formulary.txt', deleted: true, editable: true }),
          ],
        }),
    );
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    const purge = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }, { timeout: 5000 }));
      await user.click(await screen.findByRole('menuitem', { name: 'Permanently Delete' }));
      return screen.findByRole('dialog', { name: `Permanently delete ${name}?` });
    };
    const folder = await purge('Policies');
    expect(within(folder).getByText(FILE_MESSAGES.permanentTakesEarlier(1))).toBeInTheDocument();
    await user.click(within(folder).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const file = await purge('Draft Formulary.txt');
    expect(within(file).getByText(FILE_MESSAGES.permanentWarning)).toBeInTheDocument();
    expect(within(file).queryByText(/deleted earlier/)).not.toBeInTheDocument();
  });

  it('warns that there are no additional folders when the user may put the item nowhere', async () => {
    install(pharmacist(), { editable: true, children })
      .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.topLevelFolders}`, () =>
        ok(TopLevelFoldersAnswerSchema, { folders: [root, { ...facility, file_or_folder: 'folder' }] }),
      )
      .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.preRestore.replace(':id', '30')}`, () =>
        ok(PreRestoreAnswerSchema, GONE_PARENT),
      );
    const { dialog } = await openRestoreOfDraft();
    expect(await within(dialog).findByText(FILE_MESSAGES.noFolders)).toBeInTheDocument();
    expect(within(dialog).queryByPlaceholderText('Choose a folder')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeDisabled();
  });

  it('restores to the former folder after its check, and does not check the restored item again', async () => {
    const check = `${FILE_BASE}${FILE_ENDPOINTS.preRestore.replace(':id', '30')}`;
    const api = install(pharmacist(), { editable: true, children })
      .on('GET', check, () =>
        ok(PreRestoreAnswerSchema, {
          file_id: 30,
          pathname_at_deletion: '/Facilities/Policies/Draft Formulary.txt',
          deletedParentFolders: [],
          needsNewParent: false,
          tree_folder_id: 2,
        }),
      )
      .on('POST', `${FILE_BASE}${FILE_ENDPOINTS.restore}`, () =>
        ok(FileChangeAnswerSchema, { message: 'ok', file_id: 30 }),
      );
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Draft Formulary.txt' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Draft Formulary.txt' });
    expect(
      await within(dialog).findByText('Restore to /Facilities/Policies/Draft Formulary.txt?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(FILE_MESSAGES.restored)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${FILE_BASE}${FILE_ENDPOINTS.restore}`)).toHaveLength(1);
    // The list is fetched again; the check is not (once restored, the server answers it with 409).
    await waitFor(() =>
      expect(api.callsTo('GET', `${FILE_BASE}${FILE_ENDPOINTS.recyclingBin}`).length).toBe(2),
    );
    expect(api.callsTo('GET', check)).toHaveLength(1);
  });

  it("says why a restore was refused under 'Error restoring file', and keeps the dialog open", async () => {
    install(pharmacist(), { editable: true, children })
      .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.preRestore.replace(':id', '30')}`, () =>
        ok(PreRestoreAnswerSchema, {
          file_id: 30,
          pathname_at_deletion: '/Facilities/Policies/Draft Formulary.txt',
          deletedParentFolders: [],
          needsNewParent: false,
          tree_folder_id: 2,
        }),
      )
      .on('POST', `${FILE_BASE}${FILE_ENDPOINTS.restore}`, () =>
        fail(409, FILE_MESSAGES.duplicateName, 'CONFLICT', { name: FILE_MESSAGES.duplicateName }),
      );
    const { user, dialog } = await openRestoreOfDraft();
    await within(dialog).findByText('Restore to /Facilities/Policies/Draft Formulary.txt?');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(FILE_MESSAGES.restoreError)).toBeInTheDocument();
    expect(await screen.findByText(FILE_MESSAGES.duplicateName)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Restore Draft Formulary.txt' })).toBeInTheDocument();
  });

  it('sends a facility user from the recycling bin to /files', async () => {
    install(nurse(), { editable: true, children });
    const { router } = renderApp('/files/recycling-bin', { token: 'tok' });
    await waitFor(() => expect(currentPath(router)).toBe('/files'), { timeout: 5000 });
  });
});

describe('Download', () => {
  const zipOf = (id: number) => `${FILE_BASE}${FILE_ENDPOINTS.downloadFolder.replace(':id', String(id))}`;
  let saved: string[];
  beforeEach(() => {
    // jsdom has no document.fonts, which the info dialog's autosizing Description listens to.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    saved = [];
    // jsdom has no object URLs and does not save a clicked download link: record the name it would save under.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:download' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads a folder inside a facility folder as a zip, with the session’s bearer, saved as its name', async () => {
    const api = install(nurse(), { editable: false, children }).on('GET', zipOf(11), () => ({
      status: 200,
      body: 'PK',
    }));
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Reports' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['Reports.zip']));
    const [call] = api.callsTo('GET', zipOf(11));
    expect(call?.authorization).toBe('Bearer tok');
  });

  it('downloads a file from the info dialog that clicking it opens (a nurse, who may not edit it)', async () => {
    const fileUrl = `${FILE_BASE}${FILE_ENDPOINTS.download.replace(':id', '12')}`;
    const api = install(nurse(), { editable: false, children }).on('GET', fileUrl, () => ({
      status: 200,
      body: '%PDF',
    }));
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Care Plan.pdf' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'File/Folder Info' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['Care Plan.pdf']));
    expect(api.callsTo('GET', fileUrl)).toHaveLength(1);
  });

  it('offers no Download in the info dialog of a deleted file', async () => {
    install(pharmacist(), { editable: true, children });
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Draft Formulary.txt' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'File/Folder Info' });
    expect(within(dialog).getByText(/^Added /)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('offers no Download on the facility folders in a top-level folder, nor on the roots', async () => {
    install(nurse(), { editable: false, children }).on('GET', `${FILE_BASE}/files/1`, () =>
      ok(FolderAnswerSchema, { folder: root, files: [facility] }),
    );
    const { user } = renderApp('/files/1', { token: 'tok' });
    await user.click(
      await screen.findByRole('button', { name: `Actions for ${facility.name}` }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Download' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Files' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for Facilities' }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('offers no Download on a deleted folder', async () => {
    const deleted = item({
      file_id: 31,
      name: 'Old Forms',
      file_or_folder: 'folder',
      deleted: true,
      deleted_at: daysAgo(2),
      editable: true,
    });
    install(pharmacist(), { editable: true, children }).on(
      'GET',
      `${FILE_BASE}${FILE_ENDPOINTS.recyclingBin}`,
      () => ok(RecyclingBinAnswerSchema, { files: [deleted] }),
    );
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Old Forms' }, { timeout: 5000 }));
    expect(await screen.findByRole('menuitem', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('says Error downloading file/folder, with the server’s reason, when the folder is refused', async () => {
    const reason = FILE_MESSAGES.folderTooLarge(500);
    install(nurse(), { editable: false, children }).on('GET', zipOf(11), () =>
      fail(413, reason, 'PAYLOAD_TOO_LARGE'),
    );
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Reports' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }));
    expect(await screen.findByText(FILE_MESSAGES.downloadError)).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
