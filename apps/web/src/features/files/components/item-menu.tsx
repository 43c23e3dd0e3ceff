import { ActionIcon, Menu } from '@mantine/core';
import { type FileItem, mayDownload } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';

/** What a tile's menu can ask for. */
export type ItemAction = 'view' | 'download' | 'rename' | 'delete' | 'restore' | 'purge';

export interface ItemMenuProps {
  item: FileItem;
  /** The tiles are in a top-level folder (no Download there) or are the roots themselves. */
  inTopLevel: boolean;
  onAction: (action: ItemAction, item: FileItem) => void;
}

/**
 * View; Download (files as themselves, folders as a zip; not in top-level folders, not deleted); Rename; Delete;
 * Restore; Permanently Delete (spec 2). Rename, Delete, Restore and Permanently Delete need the item editable, as the
 * server does; Rename and Delete are not offered for the roots and the facility and state folders (inTopLevel), whose
 * names the server keeps.
 */
export function ItemMenu({ item, inTopLevel, onAction }: ItemMenuProps) {
  const canDownload = mayDownload(item, inTopLevel);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${item.name}`}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('view', item)}>View</Menu.Item>
        {canDownload ? <Menu.Item onClick={() => onAction('download', item)}>Download</Menu.Item> : null}
        {item.editable && !item.deleted && !inTopLevel ? (
          <>
            <Menu.Item onClick={() => onAction('rename', item)}>Rename</Menu.Item>
            <Menu.Item onClick={() => onAction('delete', item)}>Delete</Menu.Item>
          </>
        ) : null}
        {item.editable && item.deleted ? (
          <>
            <Menu.Item onClick={() => onAction('restore', item)}>Restore</Menu.Item>
            <Menu.Item color="red" onClick={() => onAction('purge', item)}>
              Permanently Delete
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
