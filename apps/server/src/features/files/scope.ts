import { filesEditKey } from '@portal/domain';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { facilityAccess } from '../../platform/access.ts';
import type { AuthUser } from '../../platform/context.ts';

/** What a viewer may see and change in the file trees. */
export interface FileScope {
  readonly user: AuthUser;
  readonly all: boolean;
  readonly facIds: ReadonlySet<number>;
  readonly states: ReadonlySet<string>;
  readonly editFacIds: ReadonlySet<number>;
  readonly editStates: ReadonlySet<string>;
}

/** The columns that place an item in a tree. */
export interface Placed {
  root: 'facilities' | 'states';
  facId: number | null;
  state: string | null;
  parentId: number | null;
}

/**
 * A facility user sees their facilities' folders and their facilities' states' folders; a pharmacy user the
 * facilities of their pharmacies and those states; a super admin everything. A tree may be changed where one of
 * the viewer's facilities grants its edit key (files_FileSystem_faci_edit for that facility's folder,
 * files_FileSystem_state_edit, on any facility in the state, for the state's folder).
 */
export async function fileScope(db: Db, user: AuthUser): Promise<FileScope> {
  const access = await facilityAccess(db, user);
  const facIds = new Set(access.map((f) => f.facId));
  const states = new Set(access.map((f) => f.state));
  const editFacIds = new Set(
    access.filter((f) => f.permissions.has(filesEditKey('facilities'))).map((f) => f.facId),
  );
  const editStates = new Set(
    access.filter((f) => f.permissions.has(filesEditKey('states'))).map((f) => f.state),
  );
  return { user, all: user.userType === 'SuperAdmin', facIds, states, editFacIds, editStates };
}

/** The two roots (Facilities, States) hold no facility or state: everyone sees them, nobody changes them. */
export function isRoot(item: Placed): boolean {
  return item.parentId === null;
}

/** Whether the viewer may see the item. */
export function canSee(scope: FileScope, item: Placed): boolean {
  if (isRoot(item) || scope.all) return true;
  if (item.root === 'facilities') return item.facId !== null && scope.facIds.has(item.facId);
  return item.state !== null && scope.states.has(item.state);
}

/** Whether the viewer may add into, rename and delete the item (spec 2, sections 2 and 6). */
export function canEdit(scope: FileScope, item: Placed): boolean {
  if (isRoot(item)) return false;
  if (scope.all) return true;
  if (item.root === 'facilities') return item.facId !== null && scope.editFacIds.has(item.facId);
  return item.state !== null && scope.editStates.has(item.state);
}

/** Whether the viewer may add to at least one tree: an upload is only ever registered into such a folder. */
export function canEditSomewhere(scope: FileScope): boolean {
  return scope.all || scope.editFacIds.size > 0 || scope.editStates.size > 0;
}

/** SQL condition matching the items the viewer may see, so lists are filtered in the database. */
export function visibleCondition(scope: FileScope): SQL | undefined {
  if (scope.all) return undefined;
  const facIds = [...scope.facIds];
  const states = [...scope.states];
  return or(
    isNull(files.parentId),
    facIds.length ? and(eq(files.root, 'facilities'), inArray(files.facId, facIds)) : sql`false`,
    states.length ? and(eq(files.root, 'states'), inArray(files.state, states)) : sql`false`,
  );
}
