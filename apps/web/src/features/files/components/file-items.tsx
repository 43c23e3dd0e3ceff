import { Badge, Card, Group, SimpleGrid, Table, Text, UnstyledButton } from '@mantine/core';
import { deletedFromFolder, type FileItem, formatBytes, formatDate, isNewFile } from '@portal/domain';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { Fragment, memo } from 'react';
import { ShowMoreFooter, useShowMore } from '@/components/show-more.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
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
  /** Keep `onOpen` and `onAction` stable (`useCallback`): then an item is drawn again only when it changes. */
  onOpen: (item: FileItem) => void;
  onAction: (action: ItemAction, item: FileItem) => void;
  /**
   * What the items are of, e.g. the folder and the search: a new one starts again from the first `TABLE_PAGE_ROWS`
   * items (compared with Object.is).
   */
  pagingKey: unknown;
}

const sizeOf = (item: FileItem) => (item.file_or_folder === 'file' ? formatBytes(item.size) : '');

interface ItemProps {
  item: FileItem;
  inTopLevel: boolean;
  inBin: boolean;
  now: Date;
  onOpen: (item: FileItem) => void;
  onAction: (action: ItemAction, item: FileItem) => void;
}

/** A row of the list view, drawn again only when its item or the page's handlers change. */
const FileRow = memo(function FileRow({ item, inTopLevel, inBin, now, onOpen, onAction }: ItemProps) {
  return (
    <Table.Tr>
      <Table.Td>
        {/* The New mark goes under the name where the column is narrow (a tablet), rather than widening the table. */}
        <Group gap="xs" style={{ rowGap: 4 }}>
          {/* 24 px tall, not the name's 20 (WCAG 2.2, 2.5.8): a finger on a tablet opens it. */}
          <UnstyledButton onClick={() => onOpen(item)} mih={24}>
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
  );
});

/** A tile of the grid view, drawn again only when its item or the page's handlers change. */
const FileTile = memo(function FileTile({ item, inTopLevel, inBin, now, onOpen, onAction }: ItemProps) {
  return (
    <Card withBorder padding="sm" className={classes.tile} data-focus-row>
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
  );
});

interface DrawnItemsProps extends Omit<ItemProps, 'item'> {
  items: readonly FileItem[];
  shown: number;
  container: (element: HTMLElement | null) => void;
}

/**
 * The first `shown` items as list rows, drawn again only when the items, how many show or the page's handlers change:
 * not for a key typed in the search box while the (deferred) search has not changed the items.
 */
const ListItems = memo(function ListItems({ items, shown, container, ...rest }: DrawnItemsProps) {
  return (
    // Narrow enough for the pane beside the folder tree on a tablet (about 435 px at 768): drawn 560 wide, the
    // Actions column sat out of sight and only a sideways swipe found it. Names and paths wrap instead.
    <TableScroller minWidth={420}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Size</Table.Th>
            {rest.inBin ? (
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
        <Table.Tbody ref={container}>
          {items.slice(0, shown).map((item) => (
            <FileRow key={item.file_id} item={item} {...rest} />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
});

/** The first `shown` items as grid tiles, drawn again only when ListItems would be. */
const GridItems = memo(function GridItems({ items, shown, container, ...rest }: DrawnItemsProps) {
  return (
    <SimpleGrid ref={container} cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {items.slice(0, shown).map((item) => (
        <FileTile key={item.file_id} item={item} {...rest} />
      ))}
    </SimpleGrid>
  );
});

/**
 * The pane's items as tiles or as a list; a folder opens on click, a file opens its info. The first
 * `TABLE_PAGE_ROWS` items are drawn, and more with 'Show N more...' under them: a folder of 1,500 files drawn at once
 * took 4-8 s to show (23-29k elements) and up to 3 s per key typed in the search box.
 */
export function FileItems({ items, mode, pagingKey, inBin = false, ...rest }: FileItemsProps) {
  const { shown, showMore, container } = useShowMore(pagingKey);
  // The page says 'No Files/Folders' instead: an empty table's headers under it read as a list still loading.
  if (items.length === 0) return null;
  const Drawn = mode === 'list' ? ListItems : GridItems;
  return (
    <>
      <Drawn items={items} shown={shown} container={container} inBin={inBin} {...rest} />
      <ShowMoreFooter shown={shown} total={items.length} onShowMore={showMore} />
    </>
  );
}
