import { Badge, Card, Group, SimpleGrid, Table, Text, UnstyledButton } from '@mantine/core';
import { deletedFromFolder, type FileItem, formatBytes, formatDate, isNewFile } from '@portal/domain';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { Fragment } from 'react';
import classes from './files.module.css';
import { type ItemAction, ItemMenu } from './item-menu.tsx';
import type { FileViewMode } from './view-mode.ts';

function NewMark({ item, now }: { item: FileItem; now: Date }) {
  if (!isNewFile(item.date_added, now)) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <span className={classes.marker} aria-hidden />
      <Badge size="xs" color="#1b5e20">
        New
      </Badge>
    </Group>
  );
}

/** A folder path that may wrap after each slash (never inside a name, unless one name is wider than the line). */
function WrappingPath({ path }: { path: string }) {
  return path.split('/').map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positions in one fixed path
    <Fragment key={i}>
      {i > 0 ? '/' : null}
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** The folder a deleted item was in, wrapping after its slashes; nothing when the bin does not know it. */
function DeletedFrom({ item }: { item: FileItem }) {
  const from = deletedFromFolder(item.pathname_at_deletion);
  return from ? <WrappingPath path={from} /> : null;
}

/** On a bin tile: when the item was deleted and the folder it was in. */
function DeletedNote({ item }: { item: FileItem }) {
  return (
    <Text size="xs" c="dimmed" className={classes.path}>
      {item.deleted_at ? `Deleted ${formatDate(item.deleted_at)}` : 'Deleted'}
      {item.pathname_at_deletion ? ' from ' : null}
      <DeletedFrom item={item} />
    </Text>
  );
}

export interface FileItemsProps {
  items: readonly FileItem[];
  mode: FileViewMode;
  inTopLevel: boolean;
  /** The recycling bin: when and where from each item was deleted, instead of when it was added. */
  inBin?: boolean;
  now: Date;
  onOpen: (item: FileItem) => void;
  onAction: (action: ItemAction, item: FileItem) => void;
}

const sizeOf = (item: FileItem) => (item.file_or_folder === 'file' ? formatBytes(item.size) : '');

/** The pane's items as tiles or as a list; a folder opens on click, a file opens its info. */
export function FileItems({ items, mode, inTopLevel, inBin = false, now, onOpen, onAction }: FileItemsProps) {
  // The page says 'No Files/Folders' instead: an empty table's headers under it read as a list still loading.
  if (items.length === 0) return null;
  if (mode === 'list') {
    return (
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              {inBin ? (
                <>
                  <Table.Th>Deleted</Table.Th>
                  <Table.Th>Deleted from</Table.Th>
                </>
              ) : (
                <Table.Th>Date added</Table.Th>
              )}
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.file_id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <UnstyledButton onClick={() => onOpen(item)}>
                      <Group gap="xs" wrap="nowrap">
                        {item.file_or_folder === 'folder' ? (
                          <IconFolder size={18} aria-hidden />
                        ) : (
                          <IconFile size={18} aria-hidden />
                        )}
                        <Text size="sm">{item.name}</Text>
                      </Group>
                    </UnstyledButton>
                    <NewMark item={item} now={now} />
                  </Group>
                </Table.Td>
                <Table.Td>{sizeOf(item)}</Table.Td>
                {inBin ? (
                  <>
                    <Table.Td>{item.deleted_at ? formatDate(item.deleted_at) : ''}</Table.Td>
                    <Table.Td>
                      <Text size="sm" className={classes.path}>
                        <DeletedFrom item={item} />
                      </Text>
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td>{formatDate(item.date_added)}</Table.Td>
                )}
                <Table.Td>
                  <ItemMenu item={item} inTopLevel={inTopLevel} onAction={onAction} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {items.map((item) => (
        <Card key={item.file_id} withBorder padding="sm" className={classes.tile} data-focus-row>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <NewMark item={item} now={now} />
            <ItemMenu item={item} inTopLevel={inTopLevel} onAction={onAction} />
          </Group>
          <UnstyledButton onClick={() => onOpen(item)} mt="xs">
            {item.file_or_folder === 'folder' ? (
              <IconFolder size={40} aria-hidden />
            ) : (
              <IconFile size={40} aria-hidden />
            )}
            <Text size="sm" fw={500} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {item.name}
            </Text>
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {sizeOf(item)}
          </Text>
          {inBin ? <DeletedNote item={item} /> : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
