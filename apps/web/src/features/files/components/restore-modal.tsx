import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FILE_MESSAGES, type FileItem, restoreDestinations } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { useOneAtATime } from '@/hooks/use-one-at-a-time.ts';
import { preRestore, useFileBase, useRestore, useTopLevelFolders } from '../api/files-api.ts';
import { folderTrail } from './folder-tree.tsx';
import { notifyRestoreError } from './notify-files.ts';

export interface RestoreModalProps {
  item: FileItem;
  onClose: () => void;
}

/** Restore: checks first; back to the former path after confirmation, or to a chosen folder when a parent is gone. */
export function RestoreModal({ item, onClose }: RestoreModalProps) {
  const base = useFileBase();
  // Outside the 'files' keys every file change refetches: once the item is restored, the server answers its check
  // with 409, and a reopened dialog checks afresh (gcTime 0).
  const check = useQuery({
    queryKey: ['file-pre-restore', base, item.file_id],
    queryFn: () => preRestore(base, item.file_id),
    gcTime: 0,
  });
  const folders = useTopLevelFolders();
  const [target, setTarget] = useState<string | null>(null);
  const restore = useRestore();
  const sending = useOneAtATime();
  const needsNewParent = check.data?.needsNewParent ?? false;
  const all = folders.data?.folders ?? [];
  // Only inside the item's own facility or state folder: the server refuses a move into another's tree.
  const options = restoreDestinations(all, check.data?.tree_folder_id ?? null)
    .map((f) => ({ value: String(f.file_id), label: folderTrail(all, f.file_id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  // The picker comes after the check has answered, too late for the dialog's data-autofocus: the cursor stayed on
  // the close button. It goes to the one thing to do here.
  const pickerRef = useRef<HTMLInputElement>(null);
  const showsPicker = needsNewParent && options.length > 0;
  useEffect(() => {
    if (showsPicker) pickerRef.current?.focus();
  }, [showsPicker]);
  const confirm = () => {
    const newParentId = needsNewParent && target ? Number(target) : undefined;
    if (!sending.begin()) return;
    restore.mutate(
      { fileId: item.file_id, ...(newParentId ? { newParentId } : {}) },
      {
        onSettled: sending.end,
        onSuccess: () => {
          notifications.show({ color: 'green', message: FILE_MESSAGES.restored });
          onClose();
        },
        onError: notifyRestoreError,
      },
    );
  };
  return (
    <OpenModal onClose={onClose} title={`Restore ${item.name}`}>
      <Stack>
        {check.isPending ? <Loader size="sm" aria-label="Checking" /> : null}
        {check.data && !needsNewParent ? (
          <Text size="sm">Restore to {check.data.pathname_at_deletion ?? 'its former folder'}?</Text>
        ) : null}
        {needsNewParent && folders.data && options.length === 0 ? (
          // Nowhere the user may put it: the spec's warning, instead of a picker with nothing to pick.
          <Alert color="yellow">{FILE_MESSAGES.noFolders}</Alert>
        ) : needsNewParent ? (
          <>
            <Alert color="yellow">{FILE_MESSAGES.needsNewParent}</Alert>
            <Select
              ref={pickerRef}
              label="New location"
              placeholder="Choose a folder"
              data={options}
              value={target}
              onChange={setTarget}
              searchable
              nothingFoundMessage={FILE_MESSAGES.noFolders}
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={confirm}
            disabled={!check.data || (needsNewParent && !target)}
            loading={restore.isPending}
          >
            Restore
          </Button>
        </Group>
      </Stack>
    </OpenModal>
  );
}
