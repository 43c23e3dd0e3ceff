import { NavLink, Stack, Text } from '@mantine/core';
import { type FileItem, truncateFolderName } from '@portal/domain';
import { IconFolder, IconRecycle } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
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

/** A folder named by its path, 'Facilities / Meadowbrook Care Center (101) / Policies': names repeat across facilities. */
export function folderTrail(folders: readonly FileItem[], id: number): string {
  return lineage(folders, id)
    .map((f) => f.name)
    .join(' / ');
}

/** What the tree draws from, worked out once per list of folders: each folder's subfolders and URL. */
interface TreeIndex {
  /** The folders under each parent id (null: the roots), in the list's order. */
  children: Map<number | null, FileItem[]>;
  /** Each folder's URL: /files/{root id}/.../{id}. */
  paths: Map<number, string>;
}

/**
 * One pass over the flat list instead of, per drawn folder, a filter and a `some` over every folder and a new map
 * for its path: about 1,000 folders made each drawing of the tree (every key typed in the search box) walk them
 * thousands of times.
 */
function indexFolders(folders: readonly FileItem[]): TreeIndex {
  const byId = new Map(folders.map((f) => [f.file_id, f]));
  const children = new Map<number | null, FileItem[]>();
  for (const folder of folders) {
    const siblings = children.get(folder.parent_id);
    if (siblings) siblings.push(folder);
    else children.set(folder.parent_id, [folder]);
  }
  const paths = new Map<number, string>();
  const pathOf = (folder: FileItem): string => {
    const known = paths.get(folder.file_id);
    if (known !== undefined) return known;
    // A parent missing from the list starts the path, as in lineage(); the entry set first stops a loop in the list.
    paths.set(folder.file_id, `${PATHS.files}/${folder.file_id}`);
    const parent = folder.parent_id === null ? undefined : byId.get(folder.parent_id);
    const path = parent ? `${pathOf(parent)}/${folder.file_id}` : `${PATHS.files}/${folder.file_id}`;
    paths.set(folder.file_id, path);
    return path;
  };
  for (const folder of folders) pathOf(folder);
  return { children, paths };
}

interface BranchProps {
  index: TreeIndex;
  parentId: number | null;
  depth: number;
  openIds: readonly number[];
}

function Branch({ index, parentId, depth, openIds }: BranchProps) {
  return (index.children.get(parentId) ?? []).map((folder) => {
    const hasChildren = index.children.has(folder.file_id);
    const isOpen = openIds.includes(folder.file_id);
    return (
      <NavLink
        key={folder.file_id}
        component={Link}
        to={index.paths.get(folder.file_id) ?? PATHS.files}
        label={truncateFolderName(folder.name, depth)}
        title={folder.name}
        leftSection={<IconFolder size={16} aria-hidden />}
        active={openIds.at(-1) === folder.file_id}
        variant="filled"
        opened={isOpen}
        childrenOffset={12}
      >
        {hasChildren && isOpen ? (
          <Branch index={index} parentId={folder.file_id} depth={depth + 1} openIds={openIds} />
        ) : undefined}
      </NavLink>
    );
  });
}

export interface FolderTreeProps {
  /** Keep it and `openIds` the same objects while they hold the same folders: then the tree is not drawn again. */
  folders: readonly FileItem[];
  /** The ids of the open path, the root first. */
  openIds: readonly number[];
  showRecyclingBin: boolean;
  inBin: boolean;
}

/**
 * The sidebar: the folder tree (names truncated by depth) and, for pharmacy staff, the Recycling Bin. Drawn again only
 * when its folders, the open path or the bin change, not for a key typed in the file manager's search box.
 */
export const FolderTree = memo(function FolderTree({
  folders,
  openIds,
  showRecyclingBin,
  inBin,
}: FolderTreeProps) {
  const index = useMemo(() => indexFolders(folders), [folders]);
  return (
    <Stack gap={0} component="nav" aria-label="Folders">
      <Text size="sm" fw={600} mb="xs">
        Folders
      </Text>
      <Branch index={index} parentId={null} depth={0} openIds={openIds} />
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
});
