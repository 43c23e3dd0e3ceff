import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CreateFolderFormSchema, FILE_MESSAGES } from '@portal/domain';
import { useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useCreateFolder } from '../api/files-api.ts';
import { notifyFileError } from './notify-files.ts';

export interface CreateFolderModalProps {
  parentId: number;
  onClose: () => void;
}

/** Create Folder: a name (required) and a description. */
export function CreateFolderModal({ parentId, onClose }: CreateFolderModalProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFolder();
  const nameRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CreateFolderFormSchema.safeParse({ name, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FILE_MESSAGES.folderNameRequired);
      // Once the message shows, the cursor goes to the name, and a screen reader reads the message with it.
      focusAfterRender(() => nameRef.current, event.currentTarget);
      return;
    }
    create.mutate(
      { parentId, ...parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: FILE_MESSAGES.folderCreated });
          onClose();
        },
        onError: (e) => notifyFileError(e),
      },
    );
  };
  return (
    <OpenModal onClose={onClose} title="Create Folder">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Folder name"
            required
            ref={nameRef}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
