import {
  FILE_BASE,
  FILE_ENDPOINTS,
  FILE_MESSAGES,
  FileAnswerSchema,
  type FileItem,
  FileItemSchema,
} from '@portal/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, Providers } from '@/app/providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { CreateFolderModal } from './create-folder-modal.tsx';
import { InfoModal } from './info-modal.tsx';
import { RenameModal } from './rename-modal.tsx';
import { UploadModal } from './upload-modal.tsx';

const file: FileItem = FileItemSchema.parse({
  file_id: 12,
  parent_id: 2,
  name: 'Care Plan.pdf',
  description: '',
  file_or_folder: 'file',
  file_type: 'pdf',
  full_file_type: 'application/pdf',
  size: 1536,
  date_added: '2026-11-01T10:00:00Z',
  file_last_added_at: null,
  top_level_folder: '',
  has_folders: false,
  editable: true,
  deleted: false,
  deleted_at: null,
  deleted_file_count: 0,
  pathname_at_deletion: null,
  deletedParentFolders: [],
});

// jsdom has no document.fonts, which the Description's autosizing textarea listens to.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

/** WCAG contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

function show(modal: ReactNode) {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      {modal}
    </Providers>,
  );
  return { user };
}

// A message that shows only under the field, with focus left on the submit button, is missed by a screen reader
// user: the cursor goes to the field, which the message describes.
describe('file dialogs put the cursor on the field their message is about', () => {
  it('Upload File opens with the cursor on the file picker, not on the dialog’s close button', async () => {
    show(<UploadModal parentId={2} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Files/)).toHaveFocus());
  });

  it('Create Folder without a name', async () => {
    const { user } = show(<CreateFolderModal parentId={2} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = within(dialog).getByLabelText(/^Folder name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(FILE_MESSAGES.folderNameRequired);
  });

  it('Upload without a file', async () => {
    const { user } = show(<UploadModal parentId={2} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(FILE_MESSAGES.fileRequired)).toBeInTheDocument();
    const files = within(dialog).getByLabelText(/^Files/);
    await waitFor(() => expect(files).toHaveFocus());
    expect(files).toHaveAccessibleDescription(FILE_MESSAGES.fileRequired);
  });

  it('File Info with the name cleared', async () => {
    const { user } = show(<InfoModal item={file} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'File/Folder Info' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(FILE_MESSAGES.nameRequired);
  });
});

describe('a description over the limit is said at the description, not at the name', () => {
  const tooLong = 'x'.repeat(2001);

  it.each([
    // A new folder needs a name first, so only the description is wrong; the info dialog starts with one.
    [
      'Create Folder',
      () => <CreateFolderModal parentId={2} onClose={vi.fn()} />,
      /^Folder name/,
      'Create',
      'Care plans',
    ],
    ['File/Folder Info', () => <InfoModal item={file} onClose={vi.fn()} />, /^Name/, 'Save', null],
  ])('%s', async (title, modal, nameLabel, button, typedName) => {
    const { user } = show(modal());
    const dialog = await screen.findByRole('dialog', { name: title });
    const name = within(dialog).getByLabelText(nameLabel);
    if (typedName) await user.type(name, typedName);
    const description = within(dialog).getByLabelText(/^Description/);
    await user.click(description);
    await user.paste(tooLong);
    await user.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(description).toHaveFocus());
    expect(description).toHaveAccessibleDescription(FILE_MESSAGES.descriptionTooLong);
    expect(name).toHaveAccessibleDescription('');
  });
});

describe('Upload File', () => {
  it('writes its ‘Choose files’ placeholder in a grey above 4.5:1 on white', async () => {
    show(<UploadModal parentId={2} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    expect(within(dialog).getByText('Choose files')).toHaveClass('mantine-InputPlaceholder-placeholder');
    // Mantine colours placeholders --mantine-color-placeholder, gray.5 (2.1:1) unless the theme says otherwise
    // (axe checks the rendered colour in e2e/files).
    const placeholder = cssVariablesResolver().light['--mantine-color-placeholder'];
    expect(placeholder).toEqual(expect.stringMatching(/^#[0-9a-f]{6}$/i));
    expect(contrastOnWhite(placeholder as string)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('Create Folder', () => {
  it('drops its message once a name is typed, and says at the field, besides the toast, that the name is taken', async () => {
    new FakeApi()
      .on('POST', `${FILE_BASE}${FILE_ENDPOINTS.file.replace(':file_id', '2')}`, () =>
        fail(409, FILE_MESSAGES.duplicateName, 'CONFLICT', { name: FILE_MESSAGES.duplicateName }),
      )
      .install();
    const onClose = vi.fn();
    const { user } = show(<CreateFolderModal parentId={2} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = within(dialog).getByLabelText(/^Folder name/);
    await waitFor(() => expect(name).toHaveAccessibleDescription(FILE_MESSAGES.folderNameRequired));
    await user.type(name, 'Policies');
    expect(within(dialog).queryByText(FILE_MESSAGES.folderNameRequired)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(`Error #409: ${FILE_MESSAGES.duplicateName}`)).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveAccessibleDescription(FILE_MESSAGES.duplicateName));
    await waitFor(() => expect(name).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('File/Folder Info', () => {
  it('says at the name field, besides the spec’s toast, that the name is taken in the folder', async () => {
    new FakeApi()
      .on('PUT', `${FILE_BASE}${FILE_ENDPOINTS.file.replace(':file_id', '12')}`, () =>
        fail(409, FILE_MESSAGES.duplicateName, 'CONFLICT', { name: FILE_MESSAGES.duplicateName }),
      )
      .install();
    const onClose = vi.fn();
    const { user } = show(<InfoModal item={file} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'File/Folder Info' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Admission.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FILE_MESSAGES.infoUpdateError)).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveAccessibleDescription(FILE_MESSAGES.duplicateName));
    await waitFor(() => expect(name).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a file renamed to what Windows runs is refused before it is sent', () => {
  it.each([
    [
      'Rename',
      () => <RenameModal item={file} onClose={vi.fn()} />,
      'Rename file Care Plan.pdf',
      /^New file name/,
      'Rename',
    ],
    [
      'File/Folder Info',
      () => <InfoModal item={file} onClose={vi.fn()} />,
      'File/Folder Info',
      /^Name/,
      'Save',
    ],
  ])('%s', async (_, modal, title, label, button) => {
    const api = new FakeApi().install();
    const onClose = vi.fn();
    const { user } = show(modal());
    const dialog = await screen.findByRole('dialog', { name: title });
    const name = within(dialog).getByLabelText(label);
    await user.clear(name);
    await user.type(name, 'Care Plan.bat');
    await user.click(within(dialog).getByRole('button', { name: button }));
    const message = FILE_MESSAGES.program('Care Plan.bat');
    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    await waitFor(() => expect(name).toHaveFocus());
    expect(api.callsTo('PUT', `${FILE_BASE}${FILE_ENDPOINTS.file.replace(':file_id', '12')}`)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('but a folder may be named so: it does not run', async () => {
    const folder = { ...file, name: 'Scripts', file_or_folder: 'folder' as const };
    const path = `${FILE_BASE}${FILE_ENDPOINTS.file.replace(':file_id', '12')}`;
    const api = new FakeApi()
      .on('PUT', path, () => ok(FileAnswerSchema, { file: { ...folder, name: 'Scripts.bat' } }))
      .install();
    const onClose = vi.fn();
    const { user } = show(<RenameModal item={folder} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder Scripts' });
    const name = within(dialog).getByLabelText(/^New folder name/);
    await user.clear(name);
    await user.type(name, 'Scripts.bat');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT', path)).toHaveLength(1);
  });
});
