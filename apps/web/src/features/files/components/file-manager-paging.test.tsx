import {
  FILE_BASE,
  FILE_ENDPOINTS,
  type FileItem,
  FolderAnswerSchema,
  FolderNamesAnswerSchema,
  isNewFile,
  RecyclingBinAnswerSchema,
  TopLevelFoldersAnswerSchema,
  truncateFolderName,
} from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_PAGE_ROWS } from '@/components/show-more.tsx';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { fileItem, nurse, pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { FILE_VIEW_STORAGE_KEY } from './view-mode.ts';

// Each drawn tile or row asks isNewFile for its New badge, each drawn tree entry truncateFolderName for its label:
// counting their calls counts what a key typed in the search box draws again.
vi.mock('@portal/domain', async (importOriginal) => {
  const domain = await importOriginal<typeof import('@portal/domain')>();
  return {
    ...domain,
    isNewFile: vi.fn(domain.isNewFile),
    truncateFolderName: vi.fn(domain.truncateFolderName),
  };
});

/** An editable 1 KB file unless `overrides` say otherwise. */
const item = (overrides: Partial<FileItem>) => fileItem({ size: 1024, editable: true, ...overrides });

const root = item({ file_id: 1, parent_id: null, name: 'Facilities', file_or_folder: 'folder' });
const facility = item({
  file_id: 2,
  parent_id: 1,
  name: 'Meadowbrook Care Center (101)',
  file_or_folder: 'folder',
});

/** 'Report 001.pdf' to 'Report {count}.pdf', listed by the server last first: the page sorts them by name. */
const reports = (count: number, extra: Partial<FileItem> = {}) =>
  Array.from({ length: count }, (_, i) =>
    item({ file_id: 1000 + i, name: `Report ${String(i + 1).padStart(3, '0')}.pdf`, ...extra }),
  ).reverse();

function install(user: ReturnType<typeof nurse>, files: FileItem[], bin: FileItem[] = []) {
  return new FakeApi()
    .signedIn('tok', user)
    .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.topLevelFolders}`, () =>
      ok(TopLevelFoldersAnswerSchema, { folders: [root, facility] }),
    )
    .on('GET', `${FILE_BASE}/files/2`, () => ok(FolderAnswerSchema, { folder: facility, files }))
    .on('POST', `${FILE_BASE}${FILE_ENDPOINTS.folderNames}`, () =>
      ok(FolderNamesAnswerSchema, {
        folders: [
          { file_id: 1, name: 'Facilities' },
          { file_id: 2, name: facility.name },
        ],
      }),
    )
    .on('GET', `${FILE_BASE}${FILE_ENDPOINTS.recyclingBin}`, () =>
      ok(RecyclingBinAnswerSchema, { files: bin }),
    )
    .install();
}

/** The tiles' or rows' Actions buttons drawn, in order. */
const actions = () => screen.queryAllByRole('button', { name: /^Actions for / });

beforeEach(() => {
  window.localStorage.removeItem(FILE_VIEW_STORAGE_KEY);
  vi.mocked(isNewFile).mockClear();
  vi.mocked(truncateFolderName).mockClear();
});

// A whole app with 100-150 tiles, each with its menu, in jsdom on a busy two-core machine: more than the usual 20 s.
describe('FileManagerPage with a big folder', { timeout: 40_000 }, () => {
  it('draws 100 tiles at a time, and the keyboard goes on at the first added tile’s menu', async () => {
    install(nurse(), reports(150));
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await screen.findByRole('button', { name: 'Actions for Report 001.pdf' }, { timeout: 5000 });
    expect(actions()).toHaveLength(TABLE_PAGE_ROWS);
    expect(actions().at(-1)).toHaveAccessibleName('Actions for Report 100.pdf');
    expect(screen.getByText('Showing 100 of 150')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more...' }));
    expect(actions()).toHaveLength(150);
    expect(actions().at(-1)).toHaveAccessibleName('Actions for Report 150.pdf');
    expect(screen.getByRole('button', { name: 'Actions for Report 101.pdf' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Report 100.pdf' })).toHaveFocus();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more\.\.\.$/ })).not.toBeInTheDocument();
  });

  it('draws 100 rows at a time in the list view, focusing the first added row’s name', async () => {
    window.localStorage.setItem(FILE_VIEW_STORAGE_KEY, 'list');
    install(nurse(), reports(150));
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + TABLE_PAGE_ROWS);
    expect(screen.getByText('Showing 100 of 150')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more...' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 150);
    expect(screen.getByRole('button', { name: 'Report 101.pdf' })).toHaveFocus();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('searches every item, not only those drawn, and a new search starts from the first 100', async () => {
    install(nurse(), reports(150));
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await screen.findByRole('button', { name: 'Actions for Report 001.pdf' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Report 149.pdf' })).not.toBeInTheDocument();
    const search = screen.getByLabelText('Search file name');
    await user.type(search, '14');
    // 014, 114 and 140 to 149: most of them found though not drawn before the search.
    expect(actions()).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Report 149.pdf' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'Show 50 more...' }));
    expect(actions()).toHaveLength(150);
    // Another search, even back to an earlier one, starts again from the first 100.
    await user.type(search, 'R');
    expect(actions()).toHaveLength(TABLE_PAGE_ROWS);
    expect(screen.getByText('Showing 100 of 150')).toBeInTheDocument();
  });

  it('does not draw the items or the folder tree again for keys that leave the same items', async () => {
    install(nurse(), reports(150));
    const { user } = renderApp('/files/1/2', { token: 'tok' });
    await screen.findByRole('button', { name: 'Actions for Report 001.pdf' }, { timeout: 5000 });
    const tree = within(screen.getByRole('navigation', { name: 'Folders' }));
    expect(tree.getAllByRole('link')).toHaveLength(2);
    vi.mocked(isNewFile).mockClear();
    vi.mocked(truncateFolderName).mockClear();
    // A space, then a letter every item has: the same items (the same tiles) each time.
    await user.type(screen.getByLabelText('Search file name'), ' R');
    expect(screen.getByLabelText('Search file name')).toHaveValue(' R');
    expect(isNewFile).not.toHaveBeenCalled();
    expect(truncateFolderName).not.toHaveBeenCalled();
    expect(actions()).toHaveLength(TABLE_PAGE_ROWS);
  });

  it('draws the recycling bin 100 items at a time too', async () => {
    install(
      pharmacist(),
      [],
      reports(120, {
        deleted: true,
        deleted_at: new Date().toISOString(),
        pathname_at_deletion: '/Facilities/x',
      }),
    );
    const { user } = renderApp('/files/recycling-bin', { token: 'tok' });
    await screen.findByRole('button', { name: 'Actions for Report 001.pdf' }, { timeout: 5000 });
    expect(actions()).toHaveLength(TABLE_PAGE_ROWS);
    await user.click(screen.getByRole('button', { name: 'Show 20 more...' }));
    expect(actions()).toHaveLength(120);
    expect(screen.getByRole('button', { name: 'Actions for Report 101.pdf' })).toHaveFocus();
  });
});
