import { Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { aboutFile, FILE_MESSAGES, uploadChoiceProblem, uploadedMessage } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { registerUpload, useFileBase } from '../api/files-api.ts';
import { uploadFile } from '../api/transfer.ts';
import { notifyFileError } from './notify-files.ts';

export interface UploadModalProps {
  parentId: number;
  /** The names of the folder's live items: a chosen file of one of these names is refused before it is sent. */
  takenNames?: readonly string[];
  onClose: () => void;
}

/**
 * Upload File: one or more files, each streamed with a progress bar, then registered in the folder. A file over the
 * upload limit, of a name the folder already has or chosen twice is refused before anything is sent. When one file
 * of several fails, those already uploaded are said to be and leave the choice, so Upload again sends only the rest;
 * the failure names its file at the picker, which takes the focus.
 */
export function UploadModal({ parentId, takenNames = [], onClose }: UploadModalProps) {
  const base = useFileBase();
  const { uploadMaxBytes } = useClientConfig();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [current, setCurrent] = useState('');
  // From the first byte sent to the last registration: Upload pressed again meanwhile would send the files twice.
  const [busy, setBusy] = useState(false);
  const filesRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Once the message shows, the cursor goes to the file picker, and a screen reader reads the message with it.
    const refuse = (message: string) => {
      setError(message);
      focusAfterRender(() => filesRef.current, form);
    };
    if (chosen.length === 0) {
      refuse(FILE_MESSAGES.fileRequired);
      return;
    }
    const problem = uploadChoiceProblem(chosen, takenNames, uploadMaxBytes);
    if (problem) {
      refuse(problem);
      return;
    }
    const done: File[] = [];
    setBusy(true);
    try {
      for (const [index, file] of chosen.entries()) {
        setCurrent(file.name);
        try {
          const stored = await uploadFile(base, file, (f) =>
            setProgress(((index + f) / chosen.length) * 100),
          );
          await registerUpload(base, {
            parentId,
            name: file.name,
            filenameOnServer: stored.filename,
            size: stored.size,
            mimetype: stored.mimetype,
          });
        } catch (e) {
          notifyFileError(e);
          setProgress(null);
          if (done.length > 0) notifications.show({ color: 'green', message: uploadedMessage(done.length) });
          setChosen(chosen.filter((f) => !done.includes(f)));
          refuse(aboutFile(file.name, e instanceof Error ? e.message : String(e)));
          return;
        }
        done.push(file);
      }
      notifications.show({ color: 'green', message: uploadedMessage(done.length) });
      onClose();
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['files'] });
    }
  };
  return (
    <OpenModal onClose={onClose} title="Upload File">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FileInput
            label="Files"
            placeholder="Choose files"
            data-autofocus
            multiple
            clearable
            ref={filesRef}
            value={chosen}
            onChange={(files) => {
              setChosen(files);
              setError(null);
            }}
            error={error}
          />
          {progress !== null ? (
            <Stack gap={4}>
              <Text size="sm">Uploading {current}</Text>
              <Progress value={progress} aria-label="Upload progress" striped animated={progress < 100} />
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
