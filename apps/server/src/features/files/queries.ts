import type { FileItem } from '@portal/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { canEdit, canSee, type FileScope, visibleCondition } from './scope.ts';

/** A row of the files table. */
export type FileRow = typeof files.$inferSelect;

const IdRowsSchema = z.array(z.object({ id: z.coerce.number().int() }));
const CountRowsSchema = z.array(z.object({ id: z.coerce.number().int(), count: z.coerce.number().int() }));
const ParentRowsSchema = z.array(
  z.object({ item: z.coerce.number().int(), id: z.coerce.number().int(), name: z.string() }),
);

/** The rows of a raw statement's answer, whichever driver ran it. */
function rowsOf(result: unknown): unknown {
  return typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
}

function idsOf(result: unknown): number[] {
  return IdRowsSchema.parse(rowsOf(result)).map((r) => r.id);
}

/** One item by id, whatever its state; null when there is none. */
export async function findFile(db: Db, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/**
 * One item by id, its row locked until the transaction ends (pass a transaction); null when there is none. Read after
 * the lock, so a change another request committed meanwhile (a restore, a permanent delete) is what the caller sees.
 */
export async function lockFile(db: Db, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).for('update');
  return row ?? null;
}

/** One item the viewer may see; null (the caller's 404) for another tenant's item or none. */
export async function findVisibleFile(db: Db, scope: FileScope, id: number): Promise<FileRow | null> {
  const row = await findFile(db, id);
  return row && canSee(scope, row) ? row : null;
}

/** The item's ancestors, the root first, the item itself excluded. */
export async function ancestorsOf(db: Db, id: number): Promise<FileRow[]> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${files} where id = ${id}
      union all
      select f.id, f.parent_id, up.depth + 1 from ${files} f join up on f.id = up.parent_id
    )
    select id from up where depth > 0 order by depth desc`);
  const ids = idsOf(result);
  if (ids.length === 0) return [];
  const rows = await db.select().from(files).where(inArray(files.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((i) => byId.get(i) ?? []);
}

/** The item and everything under it. */
export async function subtreeOf(db: Db, id: number): Promise<FileRow[]> {
  const result = await db.execute(sql`
    with recursive down(id) as (
      select id from ${files} where id = ${id}
      union all
      select f.id from ${files} f join down on f.parent_id = down.id
    )
    select id from down`);
  const ids = idsOf(result);
  return ids.length ? db.select().from(files).where(inArray(files.id, ids)) : [];
}

/**
 * The item and everything under it, every row locked until the transaction ends (pass a transaction), read after
 * the locks: an item added under it by a request that held a folder of it first is in the answer. Locked in id order,
 * so two such calls over overlapping trees wait for each other rather than deadlock.
 */
export async function lockSubtree(db: Db, id: number): Promise<FileRow[]> {
  const locked = new Set<number>();
  for (;;) {
    const rows = await subtreeOf(db, id);
    const fresh = rows.filter((r) => !locked.has(r.id)).map((r) => r.id);
    if (fresh.length === 0) return rows;
    await db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, fresh))
      .orderBy(files.id)
      .for('update');
    for (const added of fresh) locked.add(added);
  }
}

/** The path an item has (or had): '/Facilities/Meadowbrook Care Center (101)/Policies/x.pdf'. */
export function pathnameOf(ancestors: readonly FileRow[], item: FileRow): string {
  return `/${[...ancestors, item].map((r) => r.name).join('/')}`;
}

/** Whether the item is a facility's or a state's own folder (directly under a root): fixed in place. */
export async function isAnchorFolder(db: Db, item: FileRow): Promise<boolean> {
  if (item.parentId === null) return true;
  const parent = await findFile(db, item.parentId);
  return parent?.parentId === null;
}

/** Ids among `ids` that hold at least one live folder. */
async function withFolders(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ parentId: files.parentId })
    .from(files)
    .where(and(inArray(files.parentId, ids), eq(files.kind, 'folder'), isNull(files.deletedAt)));
  return new Set(rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId])));
}

/** A deleted folder above a deleted item, as the bin names it. */
interface DeletedParent {
  file_id: number;
  name: string;
}

interface ItemExtras {
  hasFolders?: boolean;
  deletedCount?: number;
  deletedParents?: DeletedParent[];
}

/** A row as the wire's file item (spec 2, section 3). */
export function toFileItem(row: FileRow, scope: FileScope, extras: ItemExtras = {}): FileItem {
  return {
    file_id: row.id,
    parent_id: row.parentId,
    name: row.name,
    description: row.description,
    file_or_folder: row.kind,
    file_type: row.fileType,
    full_file_type: row.fullFileType,
    size: row.size,
    date_added: row.createdAt.toISOString(),
    file_last_added_at: row.lastAddedAt?.toISOString() ?? null,
    top_level_folder: row.parentId === null ? 'top_level' : '',
    has_folders: extras.hasFolders ?? false,
    editable: canEdit(scope, row),
    deleted: row.deletedAt !== null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    deleted_file_count: extras.deletedCount ?? 0,
    pathname_at_deletion: row.pathnameAtDeletion,
    deletedParentFolders: extras.deletedParents ?? [],
  };
}

/** Rows as items, with has_folders filled in. */
export async function toFileItems(db: Db, scope: FileScope, rows: FileRow[]): Promise<FileItem[]> {
  const folders = await withFolders(
    db,
    rows.filter((r) => r.kind === 'folder').map((r) => r.id),
  );
  return rows.map((r) => toFileItem(r, scope, { hasFolders: folders.has(r.id) }));
}

/** The live children of a folder the viewer may see, by name. */
export async function liveChildren(db: Db, scope: FileScope, parentId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.parentId, parentId), isNull(files.deletedAt), visibleCondition(scope)))
    .orderBy(files.name);
}

/** Every live folder the viewer may see (the sidebar tree). */
export async function visibleFolders(db: Db, scope: FileScope): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.kind, 'folder'), isNull(files.deletedAt), visibleCondition(scope)))
    .orderBy(files.name);
}

/**
 * Holds, until the transaction ends, the right to name items in the folder: two creates, renames or restores into
 * one folder at once are checked for a name already taken one after the other, so both cannot pass the check.
 */
export async function lockNamesIn(db: Db, parentId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`file-names:${parentId}`}))`);
}

/** Whether a live sibling already carries the name (case-insensitive). */
export async function nameTaken(db: Db, parentId: number, name: string, except?: number): Promise<boolean> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(eq(files.parentId, parentId), isNull(files.deletedAt), sql`lower(${files.name}) = lower(${name})`),
    );
  return rows.some((r) => r.id !== except);
}

/** For each of the items, how many items under it were deleted at the same moment; items with none are left out. */
async function deletedWith(db: Db, ids: number[]): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    with recursive down(item, deleted_at, id) as (
      select id, deleted_at, id from ${files} where id = any(${sql.param(ids)}::int[])
      union all
      select down.item, down.deleted_at, f.id from ${files} f join down on f.parent_id = down.id
    )
    select down.item as id, count(*) as count from down join ${files} f on f.id = down.id
    where down.id <> down.item and f.deleted_at = down.deleted_at
    group by down.item`);
  return new Map(CountRowsSchema.parse(rowsOf(result)).map((r) => [r.id, r.count]));
}

/** For each of the items, its deleted ancestors, the root's side first (the bin's deletedParentFolders). */
async function deletedAncestors(db: Db, ids: number[]): Promise<Map<number, DeletedParent[]>> {
  const result = await db.execute(sql`
    with recursive up(item, id, parent_id, name, deleted_at, depth) as (
      select id, id, parent_id, name, deleted_at, 0 from ${files} where id = any(${sql.param(ids)}::int[])
      union all
      select up.item, f.id, f.parent_id, f.name, f.deleted_at, up.depth + 1
      from ${files} f join up on f.id = up.parent_id
    )
    select item, id, name from up where depth > 0 and deleted_at is not null order by item, depth desc`);
  const parents = new Map<number, DeletedParent[]>();
  for (const { item, id, name } of ParentRowsSchema.parse(rowsOf(result))) {
    const list = parents.get(item) ?? [];
    list.push({ file_id: id, name });
    parents.set(item, list);
  }
  return parents;
}

/** The deleted rows the bin shows, by name: each deletion once, its top item (parent live or deleted at another moment). */
export async function binDeletions(db: Db, scope: FileScope): Promise<FileRow[]> {
  const deleted = await db
    .select()
    .from(files)
    .where(and(isNotNull(files.deletedAt), visibleCondition(scope)))
    .orderBy(files.name);
  const byId = new Map(deleted.map((r) => [r.id, r]));
  const sameDeletion = (a: FileRow, b: FileRow | undefined) =>
    b !== undefined && a.deletedAt?.getTime() === b.deletedAt?.getTime();
  return deleted.filter((r) => !sameDeletion(r, byId.get(r.parentId ?? -1)));
}

/**
 * The recycling bin: each deletion once. An item shows when its parent is live or was deleted at another moment
 * (then restoring it needs a new parent); what was deleted with it is counted, not listed. The counts and deleted
 * parents of all shown items come from one statement each: asked item by item, a bin of 1,002 took 1.9 s.
 */
export async function binRows(db: Db, scope: FileScope): Promise<FileItem[]> {
  const shown = await binDeletions(db, scope);
  if (shown.length === 0) return [];
  const ids = shown.map((r) => r.id);
  const counts = await deletedWith(db, ids);
  const parents = await deletedAncestors(db, ids);
  return shown.map((row) =>
    toFileItem(row, scope, {
      deletedCount: counts.get(row.id) ?? 0,
      deletedParents: parents.get(row.id) ?? [],
    }),
  );
}
