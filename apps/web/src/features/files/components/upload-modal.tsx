import { Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FILE_MESSAGES, uploadedMessage } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { registerUpload, useFileBase } from '../api/files-api.ts';
import { uploadFile } from '../api/transfer.ts';
import { notifyFileError } from './notify-files.ts';

export interface UploadModalProps {
  parentId: number;
  onClose: () => void;
}

/** Upload File: one or more files, each streamed with a progress bar, then registered in the folder. */
export function UploadModal({ parentId, onClose }: UploadModalProps) {
  const base = useFileBase();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [current, setCurrent] = useState('');
  const filesRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(FILE_MESSAGES.fileRequired);
      // Once the message shows, the cursor goes to the file picker, and a screen reader reads the message with it.
      focusAfterRender(() => filesRef.current, event.currentTarget);
      return;
    }
    let done = 0;
    try {
      for (const [index, file] of chosen.entries()) {
        setCurrent(file.name);
        const stored = await uploadFile(base, file, (f) => setProgress(((index + f) / chosen.length) * 100));
        await registerUpload(base, {
          parentId,
          name: file.name,
          filenameOnServer: stored.filename,
          size: stored.size,
          mimetype: stored.mimetype,
        });
        done += 1;
      }
      notifications.show({ color: 'green', message: uploadedMessage(done) });
      onClose();
    } catch (e) {
      notifyFileError(e);
      setProgress(null);
    } finally {
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
            <Button type="submit" loading={progress !== null && progress < 100}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
