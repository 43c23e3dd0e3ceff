import {
  CLIENT_CONFIG_PATH,
  ClientConfigSchema,
  DEFAULT_CLIENT_CONFIG,
  FILE_BASE,
  FILE_ENDPOINTS,
  FILE_MESSAGES,
  FileAnswerSchema,
  FileItemSchema,
  uploadedMessage,
} from '@portal/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { uploadFile } from '../api/transfer.ts';
import { UploadModal } from './upload-modal.tsx';

// The bytes go through XMLHttpRequest (for its progress events), which jsdom does not send anywhere: the upload call
// answers as the server does, and the registration goes through the fake server below.
vi.mock('../api/transfer.ts', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const MB = 1024 * 1024;
const register = `${FILE_BASE}${FILE_ENDPOINTS.folder.replace(':id', '2')}`;

function registered(name: string) {
  return FileItemSchema.parse({
    file_id: 50,
    parent_id: 2,
    name,
    description: '',
    file_or_folder: 'file',
    file_type: 'txt',
    full_file_type: 'text/plain',
    size: 3,
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
}

/** The server: a 1 MB upload limit, and Census.txt taken in the folder by someone else meanwhile. */
function install() {
  return new FakeApi()
    .on('GET', CLIENT_CONFIG_PATH, () =>
      ok(ClientConfigSchema, { ...DEFAULT_CLIENT_CONFIG, uploadMaxBytes: MB }),
    )
    .on('POST', register, (call) => {
      const { name } = call.body as { name: string };
      return name === 'Census.txt'
        ? fail(409, FILE_MESSAGES.duplicateName, 'CONFLICT', { name: FILE_MESSAGES.duplicateName })
        : { status: 201, body: FileAnswerSchema.parse({ file: registered(name) }) };
    })
    .install();
}

async function openDialog(takenNames: string[] = []) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <UploadModal parentId={2} takenNames={takenNames} onClose={onClose} />
    </Providers>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  const choose = (...files: File[]) => user.upload(input, files);
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  return { user, dialog, choose, submit, onClose, picker: within(dialog).getByLabelText(/^Files/) };
}

const text = (name: string, size = 3) => new File([new Uint8Array(size)], name, { type: 'text/plain' });

beforeEach(() => {
  upload.mockReset();
  upload.mockImplementation(async (_base, file, onProgress) => {
    onProgress(1);
    return {
      originalname: file.name,
      filename: 'a'.repeat(32),
      mimetype: 'text/plain',
      path: 'x',
      size: file.size,
    };
  });
});

describe('Upload File refuses before sending a byte', () => {
  it('a file over the upload limit, naming it, with the cursor on the picker', async () => {
    const api = install();
    const { choose, submit, picker, dialog } = await openDialog();
    // The server's limit, read from the client configuration, not the 25 MB default.
    await waitFor(() => expect(api.callsTo('GET', CLIENT_CONFIG_PATH).length).toBeGreaterThan(0));
    await choose(text('notes.txt'), text('scan.tif', MB + 1));
    await submit();
    const message = 'scan.tif: The file is larger than the 1 MB limit.';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveFocus());
    expect(picker).toHaveAccessibleDescription(message);
    expect(upload).not.toHaveBeenCalled();
  });

  it('a program, by its name, saying so under the picker', async () => {
    install();
    const { choose, submit, dialog, picker } = await openDialog();
    await choose(text('notes.txt'), text('cleanup.bat'));
    await submit();
    const message = FILE_MESSAGES.program('cleanup.bat');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveFocus());
    expect(picker).toHaveAccessibleDescription(message);
    expect(upload).not.toHaveBeenCalled();
  });

  it('a file of a name the folder already has, in any case', async () => {
    install();
    const { choose, submit, dialog } = await openDialog(['Care Plan.pdf']);
    await choose(text('care plan.PDF'));
    await submit();
    expect(
      await within(dialog).findByText(`care plan.PDF: ${FILE_MESSAGES.duplicateName}`),
    ).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('Upload File with several files', () => {
  it('when one fails, says the others were uploaded, keeps only the rest chosen, and names the one that failed', async () => {
    const api = install();
    const { choose, submit, dialog, picker, onClose } = await openDialog();
    await choose(text('Intake.txt'), text('Census.txt'));
    await submit();
    expect(await screen.findByText(uploadedMessage(1))).toBeInTheDocument();
    expect(screen.getByText(`Error #409: ${FILE_MESSAGES.duplicateName}`)).toBeInTheDocument();
    const message = `Census.txt: ${FILE_MESSAGES.duplicateName}`;
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveFocus());
    // Intake.txt is in the folder now: it is no longer chosen, so Upload again does not send it a second time.
    expect(picker).toHaveTextContent('Census.txt');
    expect(picker).not.toHaveTextContent('Intake.txt');
    expect(onClose).not.toHaveBeenCalled();

    upload.mockClear();
    await choose(text('Census 2.txt'));
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(upload.mock.calls.map(([, file]) => file.name)).toEqual(['Census 2.txt']);
    expect(api.callsTo('POST', register).map((c) => (c.body as { name: string }).name)).toEqual([
      'Intake.txt',
      'Census.txt',
      'Census 2.txt',
    ]);
  });
});
