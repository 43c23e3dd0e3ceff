import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FILE_MESSAGES, type FileItem, RenameFormSchema, renameProblem } from '@portal/domain';
import { useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useUpdateFile } from '../api/files-api.ts';
import { nameRefusal, notifyFileError } from './notify-files.ts';

export interface RenameModalProps {
  item: FileItem;
  onClose: () => void;
}

/** Selects the name to type over: a file's without its extension ('Care Plan' of 'Care Plan.pdf'), a folder's whole. */
function selectStem(input: HTMLInputElement, kind: 'file' | 'folder'): void {
  const dot = kind === 'file' ? input.value.lastIndexOf('.') : -1;
  input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
}

/**
 * Rename, from a tile's menu: a folder opens on click, so this is the only way to rename one (a file's info dialog
 * renames it too). Only the name is sent, so the description stays as it is. A name the form or the server refuses
 * (empty, a slash, a program's for a file, taken in this folder) shows under the field, which takes the focus so a screen reader reads it.
 */
export function RenameModal({ item, onClose }: RenameModalProps) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateFile();
  const nameRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const kind = item.file_or_folder === 'folder' ? 'folder' : 'file';
  const refuse = (message: string, form: Element | null) => {
    setError(message);
    focusAfterRender(() => nameRef.current, form);
  };
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = RenameFormSchema.safeParse({ name });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? FILE_MESSAGES.nameRequired, form);
      return;
    }
    if (parsed.data.name === item.name) {
      onClose();
      return;
    }
    // A file named as a program (report.bat) is refused here as the server would, before anything is sent.
    const program = renameProblem(kind, item.name, parsed.data.name);
    if (program) {
      refuse(program, form);
      return;
    }
    update.mutate(
      { file_id: item.file_id, name: parsed.data.name },
      {
        onSuccess: ({ file }) => {
          notifications.show({ color: 'green', message: FILE_MESSAGES.renamed(item.name, file.name) });
          onClose();
        },
        onError: (e) => {
          const refusal = nameRefusal(e);
          if (refusal) refuse(refusal, form);
          else notifyFileError(e);
        },
      },
    );
  };
  return (
    <OpenModal onClose={onClose} title={`Rename ${kind} ${item.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={`New ${kind} name`}
            required
            ref={nameRef}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            onFocus={(e) => selectStem(e.currentTarget, kind)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
