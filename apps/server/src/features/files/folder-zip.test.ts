import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer } from 'yauzl';
import { auditEvents, files } from '../../db/schema/index.ts';
import { ADMIN, DON, NURSE, SUPER } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { planFolderZip, zipSegment } from './folder-zip.ts';
import type { FileRow } from './queries.ts';

/** A small folder limit for the test (the default is 500 MB), so "too large" needs only two small uploads. */
const ZIP_MAX_BYTES = 1024 * 1024;

let t: TestApp;
let dataDir: string;
let tokens: Record<string, string>;

/** Reads a zip back: each entry's name with its bytes (null for a directory entry), in the zip's order. */
function unzip(zip: Buffer): Promise<Map<string, Buffer | null>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, Buffer | null>();
    fromBuffer(zip, { lazyEntries: true, decodeStrings: true, strictFileNames: true }, (error, file) => {
      if (error) return reject(error);
      file.on('error', reject);
      file.on('end', () => resolve(found));
      file.on('entry', (entry) => {
        if (entry.fileName.endsWith('/')) {
          found.set(entry.fileName, null);
          return file.readEntry();
        }
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

function download(email: string | null, id: number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/fs/download-folder/${id}`,
    headers: { ...(email ? bearer(tokens[email] ?? '') : {}), ...headers },
  });
}

async function call(email: string, method: 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url: `/fs${url}`,
    headers: bearer(tokens[email] ?? ''),
    ...(payload ? { payload } : {}),
  });
  return response.json() as { file: { file_id: number } };
}

async function idOf(name: string, facId?: number): Promise<number> {
  const rows = await t.database.db
    .select({ id: files.id, facId: files.facId })
    .from(files)
    .where(and(eq(files.name, name), isNull(files.deletedAt)));
  const row = rows.find((r) => facId === undefined || r.facId === facId);
  if (!row) throw new Error(`no file ${name}`);
  return row.id;
}

async function folder(parentId: number, name: string): Promise<number> {
  return (await call(ADMIN, 'POST', `/files/${parentId}`, { fileOrFolder: 'folder', name })).file.file_id;
}

/** Uploads the bytes and registers them in the folder, as the web app does. */
async function file(parentId: number, name: string, bytes: Buffer): Promise<number> {
  const boundary = 'folderZipBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/fs/upload',
    headers: { ...bearer(tokens[ADMIN] ?? ''), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const { filename } = uploaded.json() as { filename: string };
  return (
    await call(ADMIN, 'POST', `/files/${parentId}`, {
      fileOrFolder: 'file',
      name,
      filenameOnServer: filename,
    })
  ).file.file_id;
}

const CARE_PLAN = Buffer.from('Care plan for room 12\n');
const NOTES = Buffer.from('Notes: résident prefers tea\n');
const HIDDEN = Buffer.from('Lakeside only\n');
const tree = { records: 0, room: 0, empty: 0, old: 0, oldFile: 0, lakesideOnly: 0, big: 0 };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-folder-zip-'));
  t = await buildTestApp({ dataDir, folderZipMaxBytes: ZIP_MAX_BYTES });
  tokens = await signInAll(t.app, [ADMIN, NURSE, DON, SUPER]);
  // Meadowbrook Care Center (101)/Dossier résident/ with a nested folder, an empty one and deleted items.
  const facility = await idOf('Meadowbrook Care Center (101)');
  tree.records = await folder(facility, 'Dossier résident');
  await file(tree.records, 'Care Plan.txt', CARE_PLAN);
  tree.room = await folder(tree.records, 'Room 12');
  await file(tree.room, 'Notes ü.txt', NOTES);
  tree.empty = await folder(tree.room, 'Empty');
  tree.old = await folder(tree.records, 'Old');
  tree.oldFile = await file(tree.old, 'old.txt', Buffer.from('old'));
  await call(ADMIN, 'DELETE', `/files/${tree.old}`);
  await call(ADMIN, 'DELETE', `/files/${await file(tree.records, 'gone.txt', Buffer.from('gone'))}`);
  // A folder of another facility inside the tree (the API never makes one; a migration or a restore might):
  // only viewers of facility 201 see it, and nobody sees what is under it without seeing it.
  await t.app.storage.put('tests/lakeside.txt', HIDDEN);
  const [hidden] = await t.database.db
    .insert(files)
    .values({ parentId: tree.records, name: 'Lakeside Only', kind: 'folder', root: 'facilities', facId: 201 })
    .returning({ id: files.id });
  tree.lakesideOnly = hidden?.id ?? 0;
  await t.database.db.insert(files).values({
    parentId: tree.lakesideOnly,
    name: 'lakeside.txt',
    kind: 'file',
    root: 'facilities',
    facId: 101,
    size: HIDDEN.length,
    storageKey: 'tests/lakeside.txt',
  });
  // Two files, each under the limit, together over it.
  tree.big = await folder(facility, 'Scans');
  await file(tree.big, 'scan-1.bin', Buffer.alloc(ZIP_MAX_BYTES / 2 + 100, 1));
  await file(tree.big, 'scan-2.bin', Buffer.alloc(ZIP_MAX_BYTES / 2 + 100, 2));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /fs/download-folder/{id}', () => {
  it("streams the folder's live subtree as a zip with its structure, bytes and the folder's name", async () => {
    const response = await download(ADMIN, tree.records);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Dossier r_sident.zip"; filename*=UTF-8''Dossier%20r%C3%A9sident.zip`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      'Dossier résident/',
      'Dossier résident/Care Plan.txt',
      'Dossier résident/Room 12/',
      'Dossier résident/Room 12/Empty/',
      'Dossier résident/Room 12/Notes ü.txt',
    ]);
    expect(entries.get('Dossier résident/Care Plan.txt')?.equals(CARE_PLAN)).toBe(true);
    expect(entries.get('Dossier résident/Room 12/Notes ü.txt')?.equals(NOTES)).toBe(true);
  });

  it('gives each viewer only the part of the tree they may see', async () => {
    const nurse = await unzip((await download(NURSE, tree.records)).rawPayload);
    expect([...nurse.keys()].some((name) => name.includes('Lakeside'))).toBe(false);
    const everything = await unzip((await download(SUPER, tree.records)).rawPayload);
    expect(everything.get('Dossier résident/Lakeside Only/lakeside.txt')?.equals(HIDDEN)).toBe(true);
  });

  it('gives an empty folder as a zip holding only that folder', async () => {
    const response = await download(NURSE, tree.empty);
    expect(response.statusCode).toBe(200);
    expect([...(await unzip(response.rawPayload)).keys()]).toEqual(['Empty/']);
  });

  it('records one download event for the folder, with what the zip held', async () => {
    await download(NURSE, tree.room);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, String(tree.room)), eq(auditEvents.kind, 'file.download')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recordType: 'file', facId: 101, outcome: 'success' });
    expect(events[0]?.detail).toEqual({
      name: 'Room 12',
      as: 'zip',
      files: 1,
      folders: 1,
      size: NOTES.length,
    });
  });

  it('is never compressed again on the way out', async () => {
    const response = await download(ADMIN, tree.records, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect((await unzip(response.rawPayload)).size).toBe(5);
  });

  it('answers 413 from the stored sizes, before sending any zip, and records nothing', async () => {
    const response = await download(ADMIN, tree.big);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The folder holds more than the 1 MB a download may carry; download its subfolders one at a time.',
    });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, String(tree.big)));
    expect(events.map((e) => e.kind)).not.toContain('file.download');
  });

  it('refuses the roots and the facility and state folders in them (403), as the spec hides Download there', async () => {
    for (const name of ['Facilities', 'States', 'Meadowbrook Care Center (101)', 'NJ']) {
      const response = await download(SUPER, await idOf(name));
      expect(response.statusCode, name).toBe(403);
      expect(response.json().message).toBe(
        'Top-level folders and the facility and state folders in them cannot be downloaded.',
      );
    }
  });

  it('answers 404 for a folder in the recycling bin, as /fs/download does for a deleted file', async () => {
    const response = await download(ADMIN, tree.old);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such folder.' });
    const file = await t.app.inject({
      method: 'GET',
      url: `/fs/download/${tree.oldFile}`,
      headers: bearer(tokens[ADMIN] ?? ''),
    });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such file.' });
  });

  it("answers 404 for another tenant's folder and for a file, 400 for a bad id, 401 without a session", async () => {
    expect((await download(DON, tree.records)).statusCode).toBe(404);
    expect((await download(DON, tree.empty)).statusCode).toBe(404);
    expect((await download(ADMIN, await idOf('Care Plan.txt'))).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/fs/download-folder/abc',
      headers: bearer(tokens[ADMIN] ?? ''),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
    expect((await download(null, tree.records)).statusCode).toBe(401);
  });

  it('ends the stream with an error, never a short zip, when a stored file is missing', async () => {
    const lost = await folder(tree.records, 'Lost');
    const id = await file(lost, 'lost.txt', Buffer.from('lost bytes'));
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    await t.app.storage.delete(row?.storageKey ?? '');
    const outcome = await download(ADMIN, lost).then(
      async (response) => unzip(response.rawPayload).then(() => 'complete zip'),
      () => 'request failed',
    );
    expect(outcome).not.toBe('complete zip');
    await call(ADMIN, 'DELETE', `/files/${lost}`);
  });

  it('is documented in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { description?: string } }>;
    };
    expect(doc.paths['/fs/download-folder/{id}']?.get?.description).toMatch(/FOLDER_ZIP_MAX_MB/);
  });
});

describe('zip entry names', () => {
  const at = new Date('2026-11-02T15:00:00Z');
  const row = (
    id: number,
    parentId: number | null,
    name: string,
    kind: 'file' | 'folder' = 'file',
  ): FileRow => ({
    id,
    parentId,
    name,
    description: '',
    kind,
    root: 'facilities',
    isTopLevel: false,
    facId: 101,
    state: null,
    fileType: '',
    fullFileType: '',
    size: 1,
    storageKey: kind === 'file' ? `k${id}` : null,
    createdBy: null,
    createdAt: at,
    lastAddedAt: null,
    deletedAt: null,
    deletedBy: null,
    pathnameAtDeletion: null,
  });

  it('never lets a name leave the folder: separators, controls, "." and ".." become "_"', () => {
    expect(['../x', '/etc/passwd', 'a\\b', 'bell\u0007', '..', '.', ' '].map(zipSegment)).toEqual([
      '.._x',
      '_etc_passwd',
      'a_b',
      'bell_',
      '_',
      '_',
      '_',
    ]);
    const root = row(1, null, '..', 'folder');
    const plan = planFolderZip(
      root,
      [root, row(2, 1, '../../evil.sh'), row(3, 1, '/abs', 'folder')],
      () => true,
    );
    const paths = plan.entries.map((e) => e.path);
    expect(paths).toEqual(['_/', '_/.._.._evil.sh', '_/_abs/']);
    for (const path of paths) {
      expect(path.startsWith('/')).toBe(false);
      expect(path.split('/')).not.toContain('..');
    }
  });

  it('keeps names apart that only differ in case, in a stable order', () => {
    const root = row(1, null, 'Root', 'folder');
    const plan = planFolderZip(root, [root, row(2, 1, 'Scan.pdf'), row(3, 1, 'scan.pdf')], () => true);
    expect(plan.entries.map((e) => e.path)).toEqual(['Root/', 'Root/scan.pdf', 'Root/Scan (2).pdf']);
  });
});
