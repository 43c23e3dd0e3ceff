import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { ADMIN, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { whileHeld } from '../../test/while-held.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): a restore and a permanent
// delete of one item at once need two transactions at once, which PGlite's one connection cannot hold. One of them
// is held open on a connection of its own, as a colleague's request still running would be.

let t: TestApp;
let dataDir: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-bin-race-'));
  t = await buildTestApp({ dataDir });
  tokens = await signInAll(t.app, [ADMIN, SYSADMIN]);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = (email: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/fs${url}`,
    headers: bearer(tokens[email] ?? ''),
    ...(payload ? { payload } : {}),
  });

/** A file uploaded into 101's Reports and moved to the recycling bin: its id and its stored bytes' key. */
async function binnedFile(name: string): Promise<{ id: number; key: string }> {
  const boundary = 'portalBinRace';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: text/plain\r\n\r\nresident care plan\r\n--${boundary}--\r\n`,
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/fs/upload',
    headers: { ...bearer(tokens[ADMIN] ?? ''), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const { filename, path } = uploaded.json() as { filename: string; path: string };
  const [reports] = await t.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.name, 'Reports'), eq(files.facId, 101), isNull(files.deletedAt)));
  const created = await call(ADMIN, 'POST', `/files/${reports?.id}`, {
    fileOrFolder: 'file',
    name,
    filenameOnServer: filename,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { file: { file_id: number } }).file.file_id;
  expect((await call(ADMIN, 'DELETE', `/files/${id}`)).statusCode).toBe(200);
  return { id, key: path };
}

describe('a restore and a permanent delete of one item at once', () => {
  it('keeps the file a colleague restored while the permanent delete was on its way, with its bytes', async () => {
    const { id, key } = await binnedFile('restored-meanwhile.txt');
    const purge = await whileHeld(
      t.database,
      (client) =>
        client.query(
          'update files set deleted_at = null, deleted_by = null, pathname_at_deletion = null where id = $1',
          [id],
        ),
      () => call(SYSADMIN, 'DELETE', `/delete/files/${id}`),
    );
    expect(purge.statusCode, purge.body).toBe(409);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.deletedAt).toBeNull();
    expect(await t.app.storage.stat(key)).toEqual({ size: 18 });
  });

  it('answers a restore that lost to a permanent delete with 404, not "restored"', async () => {
    const { id } = await binnedFile('purged-meanwhile.txt');
    const restore = await whileHeld(
      t.database,
      (client) => client.query('delete from files where id = $1', [id]),
      () => call(SYSADMIN, 'POST', '/restore', { fileId: id }),
    );
    expect(restore.statusCode, restore.body).toBe(404);
  });
});

/** A new folder in 101's Reports, created through the API: its id. */
async function newFolder(name: string): Promise<number> {
  const [reports] = await t.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.name, 'Reports'), eq(files.facId, 101), isNull(files.deletedAt)));
  const created = await call(ADMIN, 'POST', `/files/${reports?.id}`, { fileOrFolder: 'folder', name });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { file: { file_id: number } }).file.file_id;
}

describe('a folder moved to the recycling bin while something is added to it', () => {
  it('takes the item a colleague was adding with it, instead of leaving it live inside a deleted folder', async () => {
    const folder = await newFolder('Care plans 2026');
    const deleted = await whileHeld(
      t.database,
      // A colleague's create, written and not yet committed (as POST /files/{id} writes it).
      async (client) => {
        await client.query(
          `insert into files (parent_id, name, kind, root, fac_id) values ($1, 'March.txt', 'file', 'facilities', 101)`,
          [folder],
        );
        await client.query('update files set last_added_at = now() where id = $1', [folder]);
      },
      () => call(ADMIN, 'DELETE', `/files/${folder}`),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.database.db.select().from(files).where(eq(files.parentId, folder));
    expect(rows.map((r) => [r.name, r.deletedAt !== null])).toEqual([['March.txt', true]]);
  });

  it('refuses an item added to a folder a colleague moved to the bin meanwhile, and adds nothing', async () => {
    const folder = await newFolder('Care plans 2025');
    const created = await whileHeld(
      t.database,
      (client) => client.query('update files set deleted_at = now() where id = $1', [folder]),
      () => call(ADMIN, 'POST', `/files/${folder}`, { fileOrFolder: 'folder', name: 'April' }),
    );
    expect(created.statusCode, created.body).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.parentId, folder))).toEqual([]);
  });
});
