import { NavLink, Stack, Text } from '@mantine/core';
import { type FileItem, truncateFolderName } from '@portal/domain';
import { IconFolder, IconRecycle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths.ts';

/** A folder and its ancestors, the root first, from the flat list's parent links. */
function lineage(folders: readonly FileItem[], id: number): FileItem[] {
  const byId = new Map(folders.map((f) => [f.file_id, f]));
  const line: FileItem[] = [];
  let current = byId.get(id);
  while (current) {
    line.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return line;
}

/** The URL of a folder: /files/{root id}/.../{id}. */
export function folderPath(folders: readonly FileItem[], id: number): string {
  return `${PATHS.files}/${lineage(folders, id)
    .map((f) => f.file_id)
    .join('/')}`;
}

/** A folder named by its path, 'Facilities / Meadowbrook Care Center (101) / Policies': names repeat across facilities. */
export function folderTrail(folders: readonly FileItem[], id: number): string {
  return lineage(folders, id)
    .map((f) => f.name)
    .join(' / ');
}

interface BranchProps {
  folders: readonly FileItem[];
  parentId: number | null;
  depth: number;
  openIds: readonly number[];
}

function Branch({ folders, parentId, depth, openIds }: BranchProps) {
  const children = folders.filter((f) => f.parent_id === parentId);
  return children.map((folder) => {
    const hasChildren = folders.some((f) => f.parent_id === folder.file_id);
    const isOpen = openIds.includes(folder.file_id);
    return (
      <NavLink
        key={folder.file_id}
        component={Link}
        to={folderPath(folders, folder.file_id)}
        label={truncateFolderName(folder.name, depth)}
        title={folder.name}
        leftSection={<IconFolder size={16} aria-hidden />}
        active={openIds.at(-1) === folder.file_id}
        variant="filled"
        opened={isOpen}
        childrenOffset={12}
      >
        {hasChildren && isOpen ? (
          <Branch folders={folders} parentId={folder.file_id} depth={depth + 1} openIds={openIds} />
        ) : undefined}
      </NavLink>
    );
  });
}

export interface FolderTreeProps {
  folders: readonly FileItem[];
  /** The ids of the open path, the root first. */
  openIds: readonly number[];
  showRecyclingBin: boolean;
  inBin: boolean;
}

/** The sidebar: the folder tree (names truncated by depth) and, for pharmacy staff, the Recycling Bin. */
export function FolderTree({ folders, openIds, showRecyclingBin, inBin }: FolderTreeProps) {
  return (
    <Stack gap={0} component="nav" aria-label="Folders">
      <Text size="sm" fw={600} mb="xs">
        Folders
      </Text>
      <Branch folders={folders} parentId={null} depth={0} openIds={openIds} />
      {showRecyclingBin ? (
        <NavLink
          component={Link}
          to={PATHS.recyclingBin}
          label="Recycling Bin"
          leftSection={<IconRecycle size={16} aria-hidden />}
          active={inBin}
          variant="filled"
        />
      ) : null}
    </Stack>
  );
}
