import type { FileItem } from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files, users } from '../../db/schema/index.ts';
import { BILLING, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signIn, TEST_NOW, type TestApp } from '../../test/test-app.ts';
import { ancestorsOf, binDeletions, binRows, type FileRow, subtreeOf, toFileItem } from './queries.ts';
import { type FileScope, fileScope } from './scope.ts';

/**
 * The recycling bin answers with a fixed number of statements: it once asked for each shown item's subtree and
 * ancestors in turn, four statements an item (1.9 s for a bin of 1,002). Its answer must stay the one those gave.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await signIn(t.app, SUPER);
});
afterAll(() => t.close());

/** The viewer's file scope, as the routes build it for a signed-in user. */
async function scopeFor(email: string): Promise<FileScope> {
  const [user] = await t.database.db
    .select({ id: users.id, email: users.email, displayName: users.displayName, userType: users.userType })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return fileScope(t.database.db, { ...user, sessionId: 0, mustChangePassword: false, mustEnrolMfa: false });
}

/** The bin's extras as they were computed before, item by item, over the same shown rows: the reference. */
async function binItemByItem(scope: FileScope): Promise<FileItem[]> {
  const db = t.database.db;
  const items: FileItem[] = [];
  for (const row of await binDeletions(db, scope)) {
    const together = (await subtreeOf(db, row.id)).filter(
      (r) => r.id !== row.id && r.deletedAt?.getTime() === row.deletedAt?.getTime(),
    );
    const deletedParents = (await ancestorsOf(db, row.id))
      .filter((a) => a.deletedAt !== null)
      .map((a) => ({ file_id: a.id, name: a.name }));
    items.push(toFileItem(row, scope, { deletedCount: together.length, deletedParents }));
  }
  return items;
}

/** A live demo folder by name. */
async function folder(name: string): Promise<FileRow> {
  const [row] = await t.database.db
    .select()
    .from(files)
    .where(and(eq(files.name, name), isNull(files.deletedAt)));
  if (!row) throw new Error(`no folder ${name}`);
  return row;
}

async function add(
  parent: FileRow,
  name: string,
  kind: 'file' | 'folder',
  deletedAt: Date,
): Promise<FileRow> {
  const [row] = await t.database.db
    .insert(files)
    .values({
      parentId: parent.id,
      name,
      kind,
      root: parent.root,
      facId: parent.facId,
      state: parent.state,
      deletedAt,
      pathnameAtDeletion: `/${name}`,
    })
    .returning();
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/**
 * Per round, in one of several tenants' folders: a folder deleted with two files and a subfolder holding a file;
 * inside it a folder deleted an hour earlier with its file, and a file deleted two hours earlier in the subfolder
 * (both shown under deleted parents); and a file deleted beside the folder, its parent live. 4 shown items a round.
 */
async function fillBin(rounds: number): Promise<void> {
  const parents = await Promise.all(
    [
      'Meadowbrook Care Center (101)',
      'Meadowbrook East (102)',
      'Lakeside Nursing Home (201)',
      'Buckeye Senior Living (301)',
      'NJ',
      'NY',
    ].map(folder),
  );
  for (let k = 0; k < rounds; k++) {
    const parent = parents[k % parents.length] as FileRow;
    const at = new Date(TEST_NOW.getTime() - (k + 1) * 86_400_000);
    const earlier = (hours: number) => new Date(at.getTime() - hours * 3_600_000);
    const top = await add(parent, `Bin folder ${k}`, 'folder', at);
    await add(top, `together ${k}a.txt`, 'file', at);
    await add(top, `together ${k}b.txt`, 'file', at);
    const sub = await add(top, `sub ${k}`, 'folder', at);
    await add(sub, `together ${k}c.txt`, 'file', at);
    await add(sub, `earlier ${k}.txt`, 'file', earlier(2));
    const older = await add(top, `older ${k}`, 'folder', earlier(1));
    await add(older, `with older ${k}.txt`, 'file', earlier(1));
    await add(parent, `beside ${k}.txt`, 'file', new Date(at.getTime() + 60_000));
  }
}

/** How many statements the bin's route sends to the database (the second of two calls: the first may refresh the session). */
async function statementsOfBin(): Promise<number> {
  const get = () => t.app.inject({ method: 'GET', url: '/fs/recycling-bin', headers: bearer(token) });
  expect((await get()).statusCode).toBe(200);
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = vi.spyOn(client, 'query');
  try {
    expect((await get()).statusCode).toBe(200);
    return query.mock.calls.length;
  } finally {
    query.mockRestore();
  }
}

describe('recycling bin', () => {
  it('answers with as many statements for a bin of 60 more items as for the demo bin, the same answer as item by item', async () => {
    const before = await statementsOfBin();
    expect(before).toBeGreaterThan(0);
    await fillBin(15);
    expect(await statementsOfBin()).toBe(before);

    for (const email of [SUPER, SYSADMIN, BILLING]) {
      const scope = await scopeFor(email);
      expect(await binRows(t.database.db, scope), email).toEqual(await binItemByItem(scope));
    }
    const all = await binRows(t.database.db, await scopeFor(SUPER));
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.find((i) => i.name === 'Bin folder 3')).toMatchObject({
      deleted_file_count: 4,
      deletedParentFolders: [],
    });
    expect(all.find((i) => i.name === 'earlier 3.txt')?.deletedParentFolders.map((p) => p.name)).toEqual([
      'Bin folder 3',
      'sub 3',
    ]);
    expect(all.find((i) => i.name === 'older 3')).toMatchObject({ deleted_file_count: 1 });
    expect(all.some((i) => i.name === 'together 3a.txt')).toBe(false);
  });
});
