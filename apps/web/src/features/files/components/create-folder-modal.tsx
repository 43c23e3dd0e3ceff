import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CreateFolderFormSchema, FILE_MESSAGES } from '@portal/domain';
import { useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useOneAtATime } from '@/hooks/use-one-at-a-time.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { useCreateFolder } from '../api/files-api.ts';
import { nameRefusal, notifyFileError } from './notify-files.ts';

export interface CreateFolderModalProps {
  parentId: number;
  onClose: () => void;
}

/**
 * Create Folder: a name (required) and a description. A name the server refuses (taken in this folder) is said at
 * the field as well as in the spec's toast, and the field takes the focus, as Rename and File/Folder Info do.
 */
export function CreateFolderModal({ parentId, onClose }: CreateFolderModalProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const create = useCreateFolder();
  const sending = useOneAtATime();
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = CreateFolderFormSchema.safeParse({ name, description });
    if (!parsed.success) {
      // Each message at its own field: a description too long was said under the name, which was fine.
      const fields = fieldErrors(parsed.error);
      setError(fields.name ?? null);
      setDescriptionError(fields.description ?? null);
      // Once the message shows, the cursor goes to the field it is about, and a screen reader reads it with it.
      focusAfterRender(() => (fields.name ? nameRef.current : descriptionRef.current), form);
      return;
    }
    if (!sending.begin()) return;
    create.mutate(
      { parentId, ...parsed.data },
      {
        onSettled: sending.end,
        onSuccess: () => {
          notifications.show({ color: 'green', message: FILE_MESSAGES.folderCreated });
          onClose();
        },
        onError: (e) => {
          notifyFileError(e);
          const refusal = nameRefusal(e);
          if (refusal) {
            setError(refusal);
            focusAfterRender(() => nameRef.current, form);
          }
        },
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
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Textarea
            label="Description"
            ref={descriptionRef}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setDescriptionError(null);
            }}
            error={descriptionError}
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
