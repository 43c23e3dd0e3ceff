import {
  Anchor,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FILE_MESSAGES, type FileItem, mayDownload, mayUseRecyclingBin } from '@portal/domain';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { PATHS } from '@/lib/paths.ts';
import {
  useDeleteFile,
  useFileBase,
  useFolder,
  useFolderNames,
  usePermanentDelete,
  useRecyclingBin,
  useTopLevelFolders,
} from '../api/files-api.ts';
import { downloadFile, downloadFolder } from '../api/transfer.ts';
import { CreateFolderModal } from './create-folder-modal.tsx';
import { FileItems } from './file-items.tsx';
import classes from './files.module.css';
import { FolderTree } from './folder-tree.tsx';
import { InfoModal } from './info-modal.tsx';
import type { ItemAction } from './item-menu.tsx';
import { notifyDownloadError, notifyFileError } from './notify-files.ts';
import { RenameModal } from './rename-modal.tsx';
import { RestoreModal } from './restore-modal.tsx';
import { UploadModal } from './upload-modal.tsx';
import { useFileViewMode } from './view-mode.ts';

function idsFromSplat(splat: string | undefined): number[] {
  return (splat ?? '')
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

const NO_FOLDERS: readonly FileItem[] = [];
/** The spec's default sort, file name ascending, as `localeCompare` without options orders. */
const BY_NAME = new Intl.Collator();

type Dialog = { kind: 'info' | 'rename' | 'restore'; item: FileItem } | { kind: 'folder' | 'upload' } | null;

export interface FileManagerPageProps {
  /** The recycling bin instead of a folder. */
  bin?: boolean;
}

/** The file manager (spec 2, "File manager"): folder tree, breadcrumb, grid or list, search, Add New, bin. */
export function FileManagerPage({ bin = false }: FileManagerPageProps) {
  useDocumentTitle(bin ? 'Recycling Bin' : 'Files');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const base = useFileBase();
  const splat = useParams()['*'];
  // The same array while the URL stays, for the memoised folder tree.
  const pathIds = useMemo(() => idsFromSplat(splat), [splat]);
  const currentId = bin ? null : (pathIds.at(-1) ?? null);
  const tree = useTopLevelFolders();
  const folder = useFolder(currentId);
  const names = useFolderNames(bin ? [] : pathIds);
  const binList = useRecyclingBin(bin);
  const [mode, setMode] = useFileViewMode();
  // The search filters the folder it was typed in: opening another folder (or the bin) starts with an empty box.
  // Kept across folders, it hid the next folder's items that did not match, or showed 'No Files/Folders' for a
  // folder that has some, with only the box, far from the items, saying why.
  const place = bin ? 'bin' : String(currentId);
  const [typed, setTyped] = useState({ place, text: '' });
  const search = typed.place === place ? typed.text : '';
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteFile();
  const purge = usePermanentDelete();
  const [now] = useState(() => new Date());

  const folders = tree.data?.folders ?? NO_FOLDERS;
  const binFiles = binList.data?.files;
  const folderFiles = folder.data?.files;
  // Sorted once per answer; a key typed in the search box only filters.
  const sorted = useMemo(() => {
    const source = bin
      ? binFiles
      : currentId === null
        ? folders.filter((f) => f.parent_id === null)
        : folderFiles;
    return [...(source ?? [])].sort((a, b) => BY_NAME.compare(a.name, b.name));
  }, [bin, binFiles, currentId, folders, folderFiles]);
  // The items follow the search a step behind the box: a key typed draws the box at once, the items after. The
  // same items (a space typed, another case) are not worked out, nor drawn, again.
  const needle = useDeferredValue(search).trim().toLowerCase();
  const items = useMemo(
    () => (needle ? sorted.filter((i) => i.name.toLowerCase().includes(needle)) : sorted),
    [sorted, needle],
  );
  const isPending = bin ? binList.isPending : currentId === null ? tree.isPending : folder.isPending;
  const error = bin ? binList.error : currentId === null ? tree.error : folder.error;
  const inTopLevel = currentId === null || folder.data?.folder.top_level_folder === 'top_level';
  const canAdd = !bin && currentId !== null && folder.data?.folder.editable === true;

  // Stable while the folder and its answers stay, so that the memoised items are not drawn again.
  const onOpen = useCallback(
    (item: FileItem) => {
      if (item.file_or_folder === 'folder' && !item.deleted)
        navigate(`${PATHS.files}/${[...pathIds, item.file_id].join('/')}`);
      else setDialog({ kind: 'info', item });
    },
    [navigate, pathIds],
  );
  const download = useCallback(
    (item: FileItem) => {
      const save = item.file_or_folder === 'folder' ? downloadFolder : downloadFile;
      save(base, item.file_id, item.name).catch(notifyDownloadError);
    },
    [base],
  );
  const removeItem = remove.mutate;
  const purgeItem = purge.mutate;
  const onAction = useCallback(
    (action: ItemAction, item: FileItem) => {
      if (action === 'view') return onOpen(item);
      if (action === 'restore') return setDialog({ kind: 'restore', item });
      if (action === 'rename') return setDialog({ kind: 'rename', item });
      if (action === 'download') return download(item);
      if (action === 'delete') {
        openConfirmModal({
          title: `Delete ${item.name}?`,
          children: <Text size="sm">It moves to the recycling bin.</Text>,
          labels: { confirm: 'Delete', cancel: 'Cancel' },
          confirmProps: { color: 'red' },
          onConfirm: () =>
            removeItem(item.file_id, {
              onSuccess: () => notifications.show({ color: 'green', message: FILE_MESSAGES.deleted }),
              onError: (e) => notifyFileError(e),
            }),
        });
        return;
      }
      const earlier = (binFiles ?? []).filter((other) =>
        other.deletedParentFolders.some((folder) => folder.file_id === item.file_id),
      ).length;
      openConfirmModal({
        title: `Permanently delete ${item.name}?`,
        children: (
          <>
            <Text size="sm">{FILE_MESSAGES.permanentWarning}</Text>
            {earlier > 0 ? (
              <Text size="sm" mt="xs">
                {FILE_MESSAGES.permanentTakesEarlier(earlier)}
              </Text>
            ) : null}
          </>
        ),
        labels: { confirm: 'Permanently Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          purgeItem(item.file_id, {
            onSuccess: () =>
              notifications.show({ color: 'green', message: FILE_MESSAGES.permanentlyDeleted }),
            onError: (e) => notifyFileError(e),
          }),
      });
    },
    [onOpen, download, removeItem, purgeItem, binFiles],
  );

  const crumbs = bin
    ? [{ label: 'Recycling Bin', to: PATHS.recyclingBin }]
    : (names.data?.folders ?? []).map((f, index) => ({
        label: f.name,
        to: `${PATHS.files}/${pathIds.slice(0, index + 1).join('/')}`,
      }));

  return (
    <Stack gap="md">
      <Title order={1}>{bin ? 'Recycling Bin' : 'Files'}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
          <Paper withBorder p="sm">
            <FolderTree
              folders={folders}
              openIds={pathIds}
              showRecyclingBin={mayUseRecyclingBin(user.userType)}
              inBin={bin}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          <Stack gap="sm">
            <nav aria-label="Breadcrumb">
              <Breadcrumbs classNames={{ breadcrumb: classes.crumb }}>
                <Anchor component={Link} to={PATHS.files}>
                  Files
                </Anchor>
                {crumbs.map((c) => (
                  <Anchor key={c.to} component={Link} to={c.to}>
                    {c.label}
                  </Anchor>
                ))}
              </Breadcrumbs>
            </nav>
            <Group justify="space-between" wrap="wrap">
              <TextInput
                aria-label="Search file name"
                placeholder="Search file name..."
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => setTyped({ place, text: e.currentTarget.value })}
                w={260}
              />
              <Group gap="sm">
                <SegmentedControl
                  aria-label="View"
                  value={mode}
                  onChange={(v) => setMode(v === 'list' ? 'list' : 'grid')}
                  data={[
                    { value: 'grid', label: 'Grid' },
                    { value: 'list', label: 'List' },
                  ]}
                />
                {canAdd && currentId !== null ? (
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button leftSection={<IconPlus size={16} aria-hidden />}>Add New</Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setDialog({ kind: 'folder' })}>Create Folder</Menu.Item>
                      <Menu.Item onClick={() => setDialog({ kind: 'upload' })}>Upload File</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                ) : null}
              </Group>
            </Group>
            {error ? <Text c="red">{error.message}</Text> : null}
            {isPending && !error ? <Text c="dimmed">Loading...</Text> : null}
            {!isPending && !error && items.length === 0 ? (
              <Text c="dimmed">{FILE_MESSAGES.emptyFolder}</Text>
            ) : null}
            <FileItems
              items={items}
              mode={mode}
              inTopLevel={inTopLevel}
              inBin={bin}
              now={now}
              onOpen={onOpen}
              onAction={onAction}
              pagingKey={`${bin ? 'bin' : currentId}/${needle}`}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog?.kind === 'info' ? (
        <InfoModal
          item={dialog.item}
          onDownload={
            dialog.item.file_or_folder === 'file' && mayDownload(dialog.item, inTopLevel)
              ? () => download(dialog.item)
              : undefined
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'rename' ? <RenameModal item={dialog.item} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'restore' ? (
        <RestoreModal item={dialog.item} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'folder' && currentId !== null ? (
        <CreateFolderModal parentId={currentId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'upload' && currentId !== null ? (
        <UploadModal
          parentId={currentId}
          takenNames={(folder.data?.files ?? []).map((f) => f.name)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
