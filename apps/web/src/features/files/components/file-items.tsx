import { Badge, Card, Group, SimpleGrid, Table, Text, UnstyledButton } from '@mantine/core';
import { type FileItem, formatBytes, formatDate, isNewFile } from '@portal/domain';
import { IconFile, IconFolder } from '@tabler/icons-react';
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

export interface FileItemsProps {
  items: readonly FileItem[];
  mode: FileViewMode;
  inTopLevel: boolean;
  now: Date;
  onOpen: (item: FileItem) => void;
  onAction: (action: ItemAction, item: FileItem) => void;
}

const sizeOf = (item: FileItem) => (item.file_or_folder === 'file' ? formatBytes(item.size) : '');

/** The pane's items as tiles or as a list; a folder opens on click, a file opens its info. */
export function FileItems({ items, mode, inTopLevel, now, onOpen, onAction }: FileItemsProps) {
  if (mode === 'list') {
    return (
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Date added</Table.Th>
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
                <Table.Td>{formatDate(item.deleted_at ?? item.date_added)}</Table.Td>
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
        </Card>
      ))}
    </SimpleGrid>
  );
}
