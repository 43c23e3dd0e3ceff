import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  FILE_MESSAGES,
  type FileItem,
  formatBytes,
  formatDateTime,
  renameProblem,
  UpdateFileInputSchema,
} from '@portal/domain';
import { useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useOneAtATime } from '@/hooks/use-one-at-a-time.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { useUpdateFile } from '../api/files-api.ts';
import { nameRefusal } from './notify-files.ts';

export interface InfoModalProps {
  item: FileItem;
  /** Given where the file may be downloaded: clicking a file opens this dialog, so the file itself is one step on. */
  onDownload?: () => void;
  onClose: () => void;
}

/** An item's info: name and description editable where the viewer may edit it. */
export function InfoModal({ item, onDownload, onClose }: InfoModalProps) {
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description);
  const [error, setError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const update = useUpdateFile();
  // A double click on Save sent the change twice, and the audit trail said the item was updated twice.
  const sending = useOneAtATime();
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const editable = item.editable && !item.deleted;
  const save = () => {
    const parsed = UpdateFileInputSchema.safeParse({ file_id: item.file_id, name, description });
    if (!parsed.success) {
      // Each message at its own field: a description too long was said under the name, which was fine.
      const fields = fieldErrors(parsed.error);
      setError(fields.name ?? null);
      setDescriptionError(fields.description ?? null);
      // Once the message shows, the cursor goes to the field it is about, and a screen reader reads it with it.
      focusAfterRender(() => (fields.name ? nameRef.current : descriptionRef.current), bodyRef.current);
      return;
    }
    // A file renamed to what Windows runs (report.bat) is refused here as the server would, before it is sent.
    const program = renameProblem(item.file_or_folder, item.name, parsed.data.name);
    if (program) {
      setError(program);
      setDescriptionError(null);
      focusAfterRender(() => nameRef.current, bodyRef.current);
      return;
    }
    if (!sending.begin()) return;
    update.mutate(
      { ...parsed.data, file_id: item.file_id },
      {
        onSettled: sending.end,
        onSuccess: () => {
          notifications.show({ color: 'green', message: FILE_MESSAGES.infoUpdated });
          onClose();
        },
        // The spec shows this failure in a success-style toast; a refused name (taken in the folder) is also said at
        // the name field, which takes the focus, or the user would not know what to change.
        onError: (e) => {
          notifications.show({ color: 'green', message: FILE_MESSAGES.infoUpdateError });
          const refusal = nameRefusal(e);
          if (refusal) {
            setError(refusal);
            focusAfterRender(() => nameRef.current, bodyRef.current);
          }
        },
      },
    );
  };
  return (
    <OpenModal onClose={onClose} title="File/Folder Info">
      <Stack ref={bodyRef}>
        <TextInput
          label="Name"
          ref={nameRef}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          readOnly={!editable}
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
          readOnly={!editable}
          autosize
          minRows={2}
        />
        {item.file_or_folder === 'file' ? (
          <Text size="sm">
            {item.full_file_type || item.file_type} · {formatBytes(item.size)}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Added {formatDateTime(item.date_added)}
          {item.pathname_at_deletion ? ` · was at ${item.pathname_at_deletion}` : ''}
        </Text>
        <Group justify="flex-end">
          {onDownload ? (
            <Button variant="default" onClick={onDownload}>
              Download
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {editable ? (
            <Button onClick={save} loading={update.isPending}>
              Save
            </Button>
          ) : null}
        </Group>
      </Stack>
    </OpenModal>
  );
}
