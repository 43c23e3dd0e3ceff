import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_MESSAGES } from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, files, users } from '../../db/schema/index.ts';
import { expectCompressed } from '../../test/compression.ts';
import { ADMIN, BILLING, DON, NURSE, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';

const MAX_BYTES = 64 * 1024;

let t: TestApp;
let dataDir: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
  t = await buildTestApp({ dataDir, uploadMaxBytes: MAX_BYTES });
  tokens = await signInAll(t.app, [ADMIN, NURSE, DON, SYSADMIN, SUPER, BILLING]);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
interface Item {
  file_id: number;
  parent_id: number | null;
  name: string;
  editable: boolean;
  deleted: boolean;
  size: number;
  full_file_type: string;
  has_folders: boolean;
  top_level_folder: string;
  deleted_file_count: number;
  deletedParentFolders: { file_id: number; name: string }[];
  pathname_at_deletion: string | null;
}

async function call(email: string | null, method: string, url: string, payload?: object) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `/fs${url}`,
    headers: email ? bearer(tokens[email] ?? '') : {},
    ...(payload ? { payload } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return { status: response.statusCode, body: (isJson ? response.json() : {}) as Json, response };
}

/** A multipart body with one part, built by hand so the test controls the exact filename bytes. */
function multipart(filename: string, bytes: Buffer, field = 'file', type = 'text/plain') {
  const boundary = 'portalTestBoundary7d1';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(email: string, filename: string, bytes: Buffer, field = 'file', type = 'text/plain') {
  const body = multipart(filename, bytes, field, type);
  const response = await t.app.inject({
    method: 'POST',
    url: '/fs/upload',
    headers: { ...bearer(tokens[email] ?? ''), ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

async function storedUploads(): Promise<string[]> {
  const root = join(dataDir, 'files', 'uploads');
  const users = await readdir(root).catch(() => [] as string[]);
  const found: string[] = [];
  for (const u of users) for (const f of await readdir(join(root, u))) found.push(`${u}/${f}`);
  return found;
}

/** A live item's id by name (and facility), straight from the database. */
async function idOf(name: string, facId?: number): Promise<number> {
  const rows = await t.database.db
    .select({ id: files.id, facId: files.facId })
    .from(files)
    .where(and(eq(files.name, name), isNull(files.deletedAt)));
  const row = rows.find((r) => facId === undefined || r.facId === facId);
  if (!row) throw new Error(`no file ${name}`);
  return row.id;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'ascii'),
  Buffer.alloc(64, 1),
]);

describe('browsing', () => {
  it('shows each viewer only their facilities’ and states’ folders', async () => {
    const names = async (email: string) =>
      ((await call(email, 'GET', '/topLevelFolders')).body.folders as Item[]).map((f) => f.name);
    const nurse = await names(NURSE);
    expect(nurse).toEqual(
      expect.arrayContaining(['Facilities', 'States', 'Meadowbrook Care Center (101)', 'NJ']),
    );
    expect(nurse).not.toContain('Meadowbrook East (102)');
    expect(nurse).not.toContain('Lakeside Nursing Home (201)');
    expect(nurse).not.toContain('NY');
    const don = await names(DON);
    expect(don).toContain('Lakeside Nursing Home (201)');
    expect(don).not.toContain('Meadowbrook Care Center (101)');
    expect(don).not.toContain('NJ');
    const sysadmin = await names(SYSADMIN);
    expect(sysadmin).toEqual(
      expect.arrayContaining(['Meadowbrook East (102)', 'Lakeside Nursing Home (201)', 'NY']),
    );
    expect(sysadmin).not.toContain('Buckeye Senior Living (301)');
    expect(await names(SUPER)).toEqual(expect.arrayContaining(['Buckeye Senior Living (301)', 'OH', 'AL']));
    expect((await call(null, 'GET', '/topLevelFolders')).status).toBe(401);
  });

  it('lists a folder’s children with editable per the files edit permission, and 404 for another tenant', async () => {
    const f101 = await idOf('Meadowbrook Care Center (101)');
    const asAdmin = await call(ADMIN, 'GET', `/files/${f101}`);
    expect(asAdmin.status).toBe(200);
    const children = asAdmin.body.files as Item[];
    expect(children.map((c) => c.name)).toEqual(['Policies', 'Reports']);
    expect(children.every((c) => c.editable && c.has_folders === false)).toBe(true);
    expect((asAdmin.body.folder as Item).has_folders).toBe(true);
    const asNurse = await call(NURSE, 'GET', `/files/${f101}`);
    expect((asNurse.body.files as Item[]).every((c) => !c.editable)).toBe(true);
    expect((await call(DON, 'GET', `/files/${f101}`)).status).toBe(404);
    expect((await call(SYSADMIN, 'GET', `/files/${await idOf('Buckeye Senior Living (301)')}`)).status).toBe(
      404,
    );
    expect((await call(ADMIN, 'GET', '/files/abc')).status).toBe(400);
    const roots = await call(ADMIN, 'GET', `/files/${await idOf('Facilities')}`);
    expect((roots.body.folder as Item).top_level_folder).toBe('top_level');
    expect((roots.body.folder as Item).editable).toBe(false);
  });

  it('names the folders of a path, leaving out those the viewer may not see', async () => {
    const ids = [
      await idOf('Facilities'),
      await idOf('Meadowbrook Care Center (101)'),
      await idOf('Lakeside Nursing Home (201)'),
    ];
    const { status, body } = await call(NURSE, 'POST', '/files/foldernames', { pathIds: ids });
    expect(status).toBe(200);
    expect((body.folders as { name: string }[]).map((f) => f.name)).toEqual([
      'Facilities',
      'Meadowbrook Care Center (101)',
    ]);
  });
});

describe('creating folders and renaming', () => {
  it('creates a folder where the viewer holds the edit permission, and records it', async () => {
    const policies = await idOf('Policies', 101);
    const { status, body } = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'folder',
      name: 'Care Plans',
      description: 'Resident care plans',
    });
    expect(status).toBe(201);
    const file = body.file as Item;
    expect(file).toMatchObject({
      name: 'Care Plans',
      file_or_folder: 'folder',
      editable: true,
      deleted: false,
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, String(file.file_id)));
    expect(audit.map((a) => a.kind)).toContain('file.create_folder');
    expect(
      (await call(ADMIN, 'POST', `/files/${policies}`, { fileOrFolder: 'folder', name: 'care plans' }))
        .status,
    ).toBe(409);
  });

  it('refuses without the permission (403), another tenant’s folder (404) and the roots (403)', async () => {
    const before = await t.database.db.select({ id: files.id }).from(files);
    const payload = { fileOrFolder: 'folder', name: 'Nope' };
    expect((await call(NURSE, 'POST', `/files/${await idOf('Policies', 101)}`, payload)).status).toBe(403);
    expect(
      (await call(ADMIN, 'POST', `/files/${await idOf('Lakeside Nursing Home (201)')}`, payload)).status,
    ).toBe(404);
    expect((await call(SYSADMIN, 'POST', `/files/${await idOf('NY')}`, payload)).status).toBe(403);
    expect((await call(SUPER, 'POST', `/files/${await idOf('Facilities')}`, payload)).status).toBe(403);
    expect((await call(null, 'POST', `/files/${await idOf('Policies', 101)}`, payload)).status).toBe(401);
    expect(await t.database.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
  });

  it.each([
    ['', 'Folder name is required'],
    ['../x', 'Names cannot contain slashes, control characters or be "." or ".."'],
    ['/etc/passwd', 'Names cannot contain slashes, control characters or be "." or ".."'],
    // Refused for every field of every route before the name's own rule runs (platform/well-formed-text.ts).
    ['a\u0000b', 'Text must not contain NUL characters or unpaired surrogates.'],
    ['bell\u0007', 'Names cannot contain slashes, control characters or be "." or ".."'],
    ['..', 'Names cannot contain slashes, control characters or be "." or ".."'],
  ])('refuses the folder name %j with 400 and its message', async (name, message) => {
    const { status, body } = await call(ADMIN, 'POST', `/files/${await idOf('Reports', 101)}`, {
      fileOrFolder: 'folder',
      name,
    });
    expect(status).toBe(400);
    expect((body.fields as Record<string, string>).name).toBe(message);
  });

  it('renames and describes an item; the facility folder itself keeps its name', async () => {
    const reports = await idOf('Reports', 101);
    const renamed = await call(ADMIN, 'PUT', `/files/${reports}`, {
      file_id: reports,
      name: 'Monthly Reports',
      description: 'Costs',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.file).toMatchObject({ name: 'Monthly Reports', description: 'Costs' });
    expect((await call(NURSE, 'PUT', `/files/${reports}`, { name: 'X' })).status).toBe(403);
    expect((await call(DON, 'PUT', `/files/${reports}`, { name: 'X' })).status).toBe(404);
    expect((await call(ADMIN, 'PUT', `/files/${reports}`, { name: 'a/b' })).status).toBe(400);
    const anchor = await idOf('Meadowbrook Care Center (101)');
    expect((await call(ADMIN, 'PUT', `/files/${anchor}`, { name: 'Renamed' })).status).toBe(403);
    await call(ADMIN, 'PUT', `/files/${reports}`, { name: 'Reports', description: '' });
  });
});

describe('descriptions', () => {
  it('refuses one over the limit with 400, saying so at the description, and changes nothing', async () => {
    const policies = await idOf('Policies', 101);
    const tooLong = 'x'.repeat(2001);
    const update = await call(ADMIN, 'PUT', `/files/${policies}`, { name: 'Policies', description: tooLong });
    expect(update).toMatchObject({
      status: 400,
      body: { fields: { description: FILE_MESSAGES.descriptionTooLong } },
    });
    const create = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'folder',
      name: 'Wound care',
      description: tooLong,
    });
    expect(create).toMatchObject({
      status: 400,
      body: { fields: { description: FILE_MESSAGES.descriptionTooLong } },
    });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, policies));
    expect(row?.description).toBe('');
    const made = await t.database.db.select().from(files).where(eq(files.name, 'Wound care'));
    expect(made).toEqual([]);
  });
});

describe('renaming a folder', () => {
  /** What these tests made, removed afterwards so the bin tests below find 101's Policies as the demo has it. */
  const made: number[] = [];
  afterAll(async () => {
    for (const id of made.reverse()) await t.database.db.delete(files).where(eq(files.id, id));
  });

  /** A fresh folder under 101's Policies, with one subfolder. */
  async function freshFolder(name: string): Promise<number> {
    const created = await call(ADMIN, 'POST', `/files/${await idOf('Policies', 101)}`, {
      fileOrFolder: 'folder',
      name,
      description: 'Kept across renames',
    });
    expect(created.status).toBe(201);
    const id = (created.body.file as Item).file_id;
    made.push(id);
    const inside = await call(ADMIN, 'POST', `/files/${id}`, { fileOrFolder: 'folder', name: 'Inside' });
    expect(inside.status).toBe(201);
    made.push((inside.body.file as Item).file_id);
    return id;
  }

  it('renames a folder with its name alone: the description stays, its contents stay in it, and it is recorded', async () => {
    const id = await freshFolder('Wound Care');
    const renamed = await call(ADMIN, 'PUT', `/files/${id}`, { name: 'Wound Care 2026' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.file).toMatchObject({
      file_id: id,
      name: 'Wound Care 2026',
      description: 'Kept across renames',
      file_or_folder: 'folder',
      has_folders: true,
    });
    const opened = await call(NURSE, 'GET', `/files/${id}`);
    expect((opened.body.folder as Item).name).toBe('Wound Care 2026');
    expect((opened.body.files as Item[]).map((f) => f.name)).toEqual(['Inside']);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, String(id)), eq(auditEvents.kind, 'file.update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ facId: 101, outcome: 'success' });
    expect(audit[0]?.detail).toMatchObject({
      name: 'Wound Care 2026',
      previousName: 'Wound Care',
      renamed: true,
      kind: 'folder',
    });
    // A rename alone says nothing of the description, which stayed.
    expect(audit[0]?.detail).toEqual({
      name: 'Wound Care 2026',
      previousName: 'Wound Care',
      renamed: true,
      kind: 'folder',
      fields: ['name'],
    });
    // Only its case changed: its own name is not "taken".
    expect((await call(ADMIN, 'PUT', `/files/${id}`, { name: 'WOUND CARE 2026' })).status).toBe(200);
  });

  it('records that a description changed, without its text (it may name residents), and a name kept as it was not at all', async () => {
    const id = await freshFolder('Pressure Care');
    const long = `Turn every two hours. ${'Check heels and sacrum. '.repeat(80)}`.slice(0, 2000);
    const described = await call(ADMIN, 'PUT', `/files/${id}`, { name: 'Pressure Care', description: long });
    expect(described.status).toBe(200);
    const both = await call(ADMIN, 'PUT', `/files/${id}`, {
      name: 'Pressure Ulcers',
      description: 'Weekly.',
    });
    expect(both.status).toBe(200);
    const audit = await t.database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, String(id)), eq(auditEvents.kind, 'file.update')))
      .orderBy(auditEvents.id);
    expect(audit.map((a) => a.detail)).toEqual([
      {
        name: 'Pressure Care',
        kind: 'folder',
        fields: ['description'],
      },
      {
        name: 'Pressure Ulcers',
        kind: 'folder',
        fields: ['name', 'description'],
        renamed: true,
        previousName: 'Pressure Care',
      },
    ]);
  });

  it('refuses a name another live item of the same folder has, in any case, with 409 and changes nothing', async () => {
    const id = await freshFolder('Infection Control');
    const { status, body } = await call(ADMIN, 'PUT', `/files/${id}`, { name: 'medication pass policy.pdf' });
    expect(status).toBe(409);
    expect(body.message).toBe(FILE_MESSAGES.duplicateName);
    expect(body.fields).toEqual({ name: FILE_MESSAGES.duplicateName });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.name).toBe('Infection Control');
    // The same name in another folder is free.
    expect((await call(ADMIN, 'PUT', `/files/${id}`, { name: 'Reports' })).status).toBe(200);
  });

  it('refuses two renames to one name at once: one is kept, the other is a 409', async () => {
    const a = await freshFolder('Race A');
    const b = await freshFolder('Race B');
    const answers = await Promise.all([
      call(ADMIN, 'PUT', `/files/${a}`, { name: 'Same Name' }),
      call(ADMIN, 'PUT', `/files/${b}`, { name: 'same name' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const policies = await idOf('Policies', 101);
    const rows = await t.database.db
      .select({ name: files.name })
      .from(files)
      .where(and(eq(files.parentId, policies), isNull(files.deletedAt)));
    expect(rows.filter((r) => r.name.toLowerCase() === 'same name')).toHaveLength(1);
  });

  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['Wound/Care', 'Names cannot contain slashes, control characters or be "." or ".."'],
    ['..', 'Names cannot contain slashes, control characters or be "." or ".."'],
    ['x'.repeat(256), 'Names can be at most 255 characters'],
  ])('refuses the folder name %j with 400 and its message, changing nothing', async (name, message) => {
    const id = await idOf('Reports', 101);
    const { status, body } = await call(ADMIN, 'PUT', `/files/${id}`, { name });
    expect(status).toBe(400);
    expect((body.fields as Record<string, string>).name).toBe(message);
    expect((await call(NURSE, 'GET', `/files/${id}`)).body.folder).toMatchObject({ name: 'Reports' });
  });

  it('refuses who may not change the folder, the facility and state folders, the roots and a deleted folder', async () => {
    const id = await freshFolder('Falls');
    const rename = { name: 'Renamed' };
    // Sees it, may not edit (no files edit permission): 403. Another tenant: 404, as if there were none.
    expect((await call(NURSE, 'PUT', `/files/${id}`, rename)).status).toBe(403);
    expect((await call(BILLING, 'PUT', `/files/${id}`, rename)).status).toBe(404);
    expect((await call(DON, 'PUT', `/files/${id}`, rename)).status).toBe(404);
    expect((await call(null, 'PUT', `/files/${id}`, rename)).status).toBe(401);
    const anchor = await call(SUPER, 'PUT', `/files/${await idOf('NJ')}`, rename);
    expect(anchor).toMatchObject({ status: 403, body: { message: FILE_MESSAGES.anchorFixed } });
    expect((await call(SUPER, 'PUT', `/files/${await idOf('Facilities')}`, rename)).status).toBe(403);
    expect((await call(ADMIN, 'DELETE', `/files/${id}`)).status).toBe(200);
    expect((await call(ADMIN, 'PUT', `/files/${id}`, rename)).status).toBe(404);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.name).toBe('Falls');
  });
});

describe('uploads and downloads', () => {
  it('stores an upload with its type sniffed from the bytes, registers it, and streams it back as an attachment', async () => {
    const up = await upload(ADMIN, 'scan résumé.txt', PNG, 'file', 'text/plain');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      originalname: 'scan résumé.txt',
      mimetype: 'image/png',
      size: PNG.length,
    });
    const policies = await idOf('Policies', 101);
    const created = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'file',
      name: 'scan résumé.png',
      filenameOnServer: up.body.filename,
      fullFileType: 'text/html',
      size: 1,
    });
    expect(created.status).toBe(201);
    const file = created.body.file as Item;
    expect(file).toMatchObject({ size: PNG.length, full_file_type: 'image/png', file_type: 'png' });
    expect(
      (
        await call(ADMIN, 'POST', `/files/${policies}`, {
          fileOrFolder: 'file',
          name: 'again.png',
          filenameOnServer: up.body.filename,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(SYSADMIN, 'POST', `/files/${policies}`, {
          fileOrFolder: 'file',
          name: 'theirs.png',
          filenameOnServer: up.body.filename,
        })
      ).status,
    ).toBe(400);

    const download = await call(NURSE, 'GET', `/download/${file.file_id}`);
    expect(download.status).toBe(200);
    expect(download.response.rawPayload.equals(PNG)).toBe(true);
    expect(download.response.headers['content-disposition']).toBe(
      `attachment; filename="scan r_sum_.png"; filename*=UTF-8''scan%20r%C3%A9sum%C3%A9.png`,
    );
    expect(download.response.headers['x-content-type-options']).toBe('nosniff');
    const base64 = await call(NURSE, 'GET', `/downloadbase64/${file.file_id}`);
    expect(Buffer.from(String(base64.body.data), 'base64').equals(PNG)).toBe(true);
    expect(base64.body.mimetype).toBe('image/png');
    expect((await call(DON, 'GET', `/download/${file.file_id}`)).status).toBe(404);
    expect((await call(DON, 'GET', `/downloadbase64/${file.file_id}`)).status).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, String(file.file_id)));
    expect(audit.filter((a) => a.kind === 'file.download')).toHaveLength(2);
  });

  it('sniffs text as text and unknown bytes as octet-stream, whatever the client claims', async () => {
    const csv = await upload(
      ADMIN,
      'list.csv',
      Buffer.from('a,b\n1,2\n'),
      'file',
      'application/x-msdownload',
    );
    expect(csv.body.mimetype).toBe('text/csv');
    const binary = await upload(
      ADMIN,
      'blob.pdf',
      Buffer.from([0, 1, 2, 3, 250, 251]),
      'file',
      'application/pdf',
    );
    expect(binary.body.mimetype).toBe('application/octet-stream');
  });

  it('refuses a program, by its bytes or its name, at upload, registration and rename, and keeps nothing', async () => {
    const before = await storedUploads();
    // A Windows executable ("MZ" header) named as a PDF, and a Linux one named as a text file.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200, 0)]);
    for (const [name, bytes] of [
      ['invoice.pdf', exe],
      ['notes.txt', elf],
      ['cleanup.bat', Buffer.from('del /q *.*')],
      ['Report.JS', Buffer.from('WScript.Echo(1)')],
      // Windows drops the trailing dot when it saves the download: it is tidy.cmd on the nurse's desktop.
      ['tidy.cmd.', Buffer.from('del /q *.*')],
    ] as const) {
      const refused = await upload(ADMIN, name, bytes);
      expect(refused.status, name).toBe(400);
      expect(refused.body, name).toMatchObject({
        message: FILE_MESSAGES.program(name),
        fields: { file: FILE_MESSAGES.program(name) },
      });
    }
    expect(await storedUploads()).toEqual(before);
    const refusals = await t.database.db
      .select({ outcome: auditEvents.outcome, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'file.upload'), eq(auditEvents.outcome, 'failure')));
    expect(refusals.map((r) => (r.detail as { name: string; reason: string }).name)).toEqual(
      expect.arrayContaining(['invoice.pdf', 'notes.txt', 'cleanup.bat', 'Report.JS', 'tidy.cmd.']),
    );

    // A document may not be registered, or renamed, as something Windows runs.
    const policies = await idOf('Policies', 101);
    const text = await upload(ADMIN, 'steps.txt', Buffer.from('echo hello'));
    expect(text.status).toBe(200);
    const asScript = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'file',
      name: 'steps.cmd',
      filenameOnServer: text.body.filename,
    });
    expect(asScript.status).toBe(400);
    expect(asScript.body.fields).toEqual({ name: FILE_MESSAGES.program('steps.cmd') });
    const created = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'file',
      name: 'steps.txt',
      filenameOnServer: text.body.filename,
    });
    expect(created.status).toBe(201);
    const id = (created.body.file as Item).file_id;
    const renamed = await call(ADMIN, 'PUT', `/files/${id}`, { name: 'steps.ps1' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toEqual({ name: FILE_MESSAGES.program('steps.ps1') });
    const [row] = await t.database.db.select({ name: files.name }).from(files).where(eq(files.id, id));
    expect(row?.name).toBe('steps.txt');
    // Out of the way of the recycling bin's tests, which count what Policies holds.
    await t.database.db.delete(files).where(eq(files.id, id));
  });

  it.each(['../x.txt', '/etc/passwd', '..\\..\\boot.ini', 'a\u0001b.txt', 'tab\u0009.txt'])(
    'refuses the upload name %j with 400 and keeps nothing',
    async (name) => {
      const before = await storedUploads();
      const { status } = await upload(ADMIN, name, Buffer.from('hello'));
      expect(status).toBe(400);
      expect(await storedUploads()).toEqual(before);
    },
  );

  it('refuses an upload over UPLOAD_MAX_MB with 413 and keeps nothing', async () => {
    const before = await storedUploads();
    const { status, body } = await upload(ADMIN, 'big.bin', Buffer.alloc(MAX_BYTES + 10, 7));
    expect(status).toBe(413);
    expect(body.message).toMatch(/larger than/);
    expect(await storedUploads()).toEqual(before);
    const files = await readdir(join(dataDir, 'files', 'uploads'), { recursive: true });
    expect(files.some((f) => String(f).includes('.partial'))).toBe(false);
  });

  it('refuses an upload, keeping nothing, from a user who may edit no folder', async () => {
    const before = await storedUploads();
    const { status, body } = await upload(NURSE, 'notes.txt', Buffer.from('hello'));
    expect(status).toBe(403);
    expect(body.code).toBe('FORBIDDEN');
    expect(await storedUploads()).toEqual(before);
    // A user who may edit a folder somewhere still uploads (the folder is checked when it is registered).
    expect((await upload(BILLING, 'notes.txt', Buffer.from('hello'))).status).toBe(200);
  });

  it('refuses a broken form with 400, not a 500 or a wait, and keeps nothing, not even a partial file', async () => {
    const before = await storedUploads();
    const boundary = 'cut-off-form';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`;
    const send = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/fs/upload',
        headers: { ...bearer(tokens[ADMIN] ?? ''), 'content-type': contentType },
        payload,
      });
    const cases: [string, string, string][] = [
      ['not multipart inside', `multipart/form-data; boundary=${boundary}`, 'garbage'],
      ['no boundary', 'multipart/form-data', `${head}hello\r\n--${boundary}--\r\n`],
      ['cut off in the file', `multipart/form-data; boundary=${boundary}`, `${head}hello world\r\n`],
      // busboy words this one 'Part terminated early due to unexpected end of multipart data'.
      [
        'cut off after a typed part',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
      ],
    ];
    for (const [name, contentType, payload] of cases) {
      const answer = await send(contentType, payload);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json(), name).toMatchObject({ message: FILE_MESSAGES.uploadBroken, code: 'BAD_REQUEST' });
    }
    // Over a real socket busboy fails the part itself ('Part terminated early due to unexpected end of multipart
    // data'), which inject does not reproduce.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const overSocket = await fetch(`${address}/fs/upload`, {
      method: 'POST',
      headers: {
        ...bearer(tokens[ADMIN] ?? ''),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
    });
    expect(overSocket.status).toBe(400);
    expect(await overSocket.json()).toMatchObject({ message: FILE_MESSAGES.uploadBroken });
    const extraField = await send(
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    expect(extraField.statusCode).toBe(400);
    expect(extraField.json().message).toBe(FILE_MESSAGES.uploadMissingFile);
    expect(await storedUploads()).toEqual(before);
    const files = await readdir(join(dataDir, 'files', 'uploads'), { recursive: true }).catch(() => []);
    expect(files.some((f) => String(f).includes('.partial'))).toBe(false);
  });

  it('refuses a part not named file, and an anonymous upload', async () => {
    expect((await upload(ADMIN, 'x.txt', Buffer.from('x'), 'other')).status).toBe(400);
    const body = multipart('x.txt', Buffer.from('x'));
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/fs/upload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('recycling bin', () => {
  it('soft deletes a folder with its subtree; facility users cannot open the bin, pharmacy users can', async () => {
    const policies = await idOf('Policies', 101);
    expect((await call(NURSE, 'DELETE', `/files/${policies}`)).status).toBe(403);
    expect((await call(DON, 'DELETE', `/files/${policies}`)).status).toBe(404);
    expect(
      (await call(ADMIN, 'DELETE', `/files/${await idOf('Meadowbrook Care Center (101)')}`)).status,
    ).toBe(403);
    const deleted = await call(ADMIN, 'DELETE', `/files/${policies}`);
    expect(deleted.status).toBe(200);
    const f101 = await call(ADMIN, 'GET', `/files/${await idOf('Meadowbrook Care Center (101)')}`);
    expect((f101.body.files as Item[]).map((f) => f.name)).toEqual(['Reports']);
    expect((await call(ADMIN, 'GET', `/files/${policies}`)).status).toBe(404);

    expect((await call(ADMIN, 'GET', '/recycling-bin')).status).toBe(403);
    expect((await call(NURSE, 'GET', `/pre-restore/${policies}`)).status).toBe(403);
    expect((await call(ADMIN, 'POST', '/restore', { fileId: policies })).status).toBe(403);
    const bin = await call(SYSADMIN, 'GET', '/recycling-bin');
    expect(bin.status).toBe(200);
    const items = bin.body.files as Item[];
    const entry = items.find((i) => i.file_id === policies);
    // Its two demo files, the Care Plans folder and the uploaded scan went with it.
    expect(entry).toMatchObject({ deleted: true, deleted_file_count: 4 });
    expect(entry?.pathname_at_deletion).toBe('/Facilities/Meadowbrook Care Center (101)/Policies');
    // The demo's deleted folder shows once, its file counted with it.
    expect(items.filter((i) => i.name === 'Old Forms')).toHaveLength(1);
    expect(items.some((i) => i.name === 'Admission Checklist 2024.txt')).toBe(false);
    expect(
      ((await call(BILLING, 'GET', '/recycling-bin')).body.files as Item[]).some(
        (i) => i.file_id === policies,
      ),
    ).toBe(false);
    expect((await call(SUPER, 'GET', '/recycling-bin')).status).toBe(200);
  });

  it('restores to the former path, with what was deleted together', async () => {
    const policies = (
      await t.database.db
        .select({ id: files.id, facId: files.facId })
        .from(files)
        .where(eq(files.name, 'Policies'))
    ).find((r) => r.facId === 101)?.id;
    const pre = await call(SYSADMIN, 'GET', `/pre-restore/${policies}`);
    expect(pre.body).toMatchObject({ needsNewParent: false, deletedParentFolders: [] });
    expect((await call(BILLING, 'POST', '/restore', { fileId: policies })).status).toBe(404);
    expect((await call(SYSADMIN, 'POST', '/restore', { fileId: policies })).status).toBe(200);
    const back = await call(ADMIN, 'GET', `/files/${policies}`);
    expect((back.body.files as Item[]).map((f) => f.name)).toEqual([
      'Care Plans',
      'Controlled Substance Count.txt',
      'Medication Pass Policy.pdf',
      'scan résumé.png',
    ]);
    expect((await call(SYSADMIN, 'POST', '/restore', { fileId: policies })).status).toBe(409);
  });

  it('needs a new parent when a parent folder was deleted after the item', async () => {
    const reports = await idOf('Reports', 101);
    const report = await idOf('Monthly Cost Report.csv', 101);
    expect((await call(ADMIN, 'DELETE', `/files/${report}`)).status).toBe(200);
    expect((await call(ADMIN, 'DELETE', `/files/${reports}`)).status).toBe(200);
    const bin = (await call(SYSADMIN, 'GET', '/recycling-bin')).body.files as Item[];
    expect(bin.find((i) => i.file_id === report)?.deletedParentFolders).toEqual([
      { file_id: reports, name: 'Reports' },
    ]);
    const pre = await call(SYSADMIN, 'GET', `/pre-restore/${report}`);
    expect(pre.body).toMatchObject({ needsNewParent: true });
    const refused = await call(SYSADMIN, 'POST', '/restore', { fileId: report });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A parent folder of this item was deleted: choose a new location.');
    const elsewhere = await idOf('Policies', 101);
    expect(
      (await call(SYSADMIN, 'POST', '/restore', { fileId: report, newParentId: await idOf('NY') })).status,
    ).toBe(403);
    expect(
      (
        await call(SYSADMIN, 'POST', '/restore', {
          fileId: report,
          newParentId: await idOf('Buckeye Senior Living (301)'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(SYSADMIN, 'POST', '/restore', { fileId: report, newParentId: elsewhere })).status,
    ).toBe(200);
    const moved = await call(ADMIN, 'GET', `/files/${elsewhere}`);
    expect((moved.body.files as Item[]).map((f) => f.name)).toContain('Monthly Cost Report.csv');
    expect((await call(SYSADMIN, 'POST', '/restore', { fileId: reports })).status).toBe(200);
  });

  it("refuses a restore into another facility's or a state's folder, changing nothing, and records the attempt", async () => {
    // SYSADMIN serves Meadowbrook (101) and Lakeside (201) and may edit both trees: the rule, not the access, refuses.
    const log = await idOf('Medication Pass Policy.pdf', 101);
    const meadowbrook = await idOf('Meadowbrook Care Center (101)');
    expect((await call(ADMIN, 'DELETE', `/files/${log}`)).status).toBe(200);
    const before = await t.database.db.select().from(files).where(eq(files.id, log));
    const pre = await call(SYSADMIN, 'GET', `/pre-restore/${log}`);
    expect(pre.body).toMatchObject({ tree_folder_id: meadowbrook });
    const lakeside = await idOf('Reports', 201);
    const nj = await idOf('NJ');
    expect((await call(SYSADMIN, 'GET', `/files/${lakeside}`)).body).toMatchObject({
      folder: { editable: true },
    });
    expect((await call(SUPER, 'GET', `/files/${nj}`)).body).toMatchObject({ folder: { editable: true } });
    for (const [email, target] of [
      [SYSADMIN, lakeside],
      [SYSADMIN, await idOf('Lakeside Nursing Home (201)')],
      // A super admin may edit every tree, and is refused too; a facility file never goes to a state's folder.
      [SUPER, lakeside],
      [SUPER, nj],
    ] as const) {
      const refused = await call(email, 'POST', '/restore', { fileId: log, newParentId: target });
      expect(refused.status, `${email} into ${target}`).toBe(403);
      expect(refused.body.message).toBe(FILE_MESSAGES.otherTree);
    }
    expect(await t.database.db.select().from(files).where(eq(files.id, log))).toEqual(before);
    const restores = await t.database.db
      .select({ facId: auditEvents.facId, outcome: auditEvents.outcome, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, String(log)), eq(auditEvents.kind, 'file.restore')));
    expect(restores).toHaveLength(4);
    expect(restores.every((r) => r.facId === 101 && r.outcome === 'denied')).toBe(true);
    expect(restores[0]?.detail).toMatchObject({ newParentId: lakeside, reason: 'other_tree', toFacId: 201 });
    expect(restores[3]?.detail).toMatchObject({ newParentId: nj, reason: 'other_tree', toState: 'NJ' });
    // Inside its own facility it goes, recorded once there.
    expect((await call(SYSADMIN, 'POST', '/restore', { fileId: log, newParentId: meadowbrook })).status).toBe(
      200,
    );
    const placed = await t.database.db.select().from(files).where(eq(files.id, log));
    expect(placed[0]).toMatchObject({
      parentId: meadowbrook,
      facId: 101,
      root: 'facilities',
      deletedAt: null,
    });
  });

  it("refuses a state folder's item a facility's folder or another state's", async () => {
    const nj = await idOf('NJ');
    const njFolder = await call(SUPER, 'POST', `/files/${nj}`, { fileOrFolder: 'folder', name: 'Tree rule' });
    expect(njFolder.status).toBe(201);
    const id = (njFolder.body.file as Item).file_id;
    expect((await call(SUPER, 'DELETE', `/files/${id}`)).status).toBe(200);
    for (const target of [await idOf('Reports', 101), await idOf('NY')]) {
      const refused = await call(SUPER, 'POST', '/restore', { fileId: id, newParentId: target });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(FILE_MESSAGES.otherTree);
    }
    expect((await call(SUPER, 'POST', '/restore', { fileId: id, newParentId: nj })).status).toBe(200);
  });

  it('permanently deletes a deleted item and its stored bytes; live items and facility users are refused', async () => {
    const up = await upload(ADMIN, 'gone.txt', Buffer.from('to be removed'));
    const reports = await idOf('Reports', 101);
    const created = await call(ADMIN, 'POST', `/files/${reports}`, {
      fileOrFolder: 'file',
      name: 'gone.txt',
      filenameOnServer: up.body.filename,
    });
    const id = (created.body.file as Item).file_id;
    const key = String(up.body.path);
    expect(await t.app.storage.stat(key)).toEqual({ size: 13 });
    expect((await call(SYSADMIN, 'DELETE', `/delete/files/${id}`)).status).toBe(409);
    expect((await call(ADMIN, 'DELETE', `/files/${id}`)).status).toBe(200);
    expect((await call(ADMIN, 'DELETE', `/delete/files/${id}`)).status).toBe(403);
    expect((await call(BILLING, 'DELETE', `/delete/files/${id}`)).status).toBe(404);
    expect(await t.app.storage.stat(key)).toEqual({ size: 13 });
    const removed = await call(SYSADMIN, 'DELETE', `/delete/files/${id}`);
    expect(removed.status).toBe(200);
    expect(await t.app.storage.stat(key)).toBeNull();
    expect(await t.database.db.select().from(files).where(eq(files.id, id))).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, String(id)));
    expect(audit.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['file.create_file', 'file.delete', 'file.permanent_delete']),
    );
  });
});

describe('unregistered uploads', () => {
  it('are removed a day after upload unless registered, each recorded; newer ones and registered ones stay', async () => {
    const kept = await upload(ADMIN, 'registered.txt', Buffer.from('registered'));
    const stale = await upload(ADMIN, 'abandoned.txt', Buffer.from('abandoned'));
    const fresh = await upload(ADMIN, 'just-now.txt', Buffer.from('just now'));
    const policies = await idOf('Policies', 101);
    const registered = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'file',
      name: 'registered.txt',
      filenameOnServer: kept.body.filename,
    });
    expect(registered.status).toBe(201);
    // Two of them written 25 hours ago: the registered one and the abandoned one.
    const longAgo = new Date(Date.now() - 25 * 3_600_000);
    const admin = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN)))[0]
      ?.id;
    const pathOf = (name: unknown) => join(dataDir, 'files', 'uploads', `u${admin}`, String(name));
    for (const up of [kept, stale]) await utimes(pathOf(up.body.filename), longAgo, longAgo);

    await t.app.jobs.runAll(new Date());

    const left = await storedUploads();
    expect(left).toContain(`u${admin}/${kept.body.filename}`);
    expect(left).toContain(`u${admin}/${fresh.body.filename}`);
    expect(left).not.toContain(`u${admin}/${stale.body.filename}`);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.kind, 'file.upload_expired'),
          eq(auditEvents.recordId, String(stale.body.filename)),
        ),
      );
    expect(event).toMatchObject({ userId: admin, recordType: 'upload', outcome: 'success' });
    // Registering it now is the ordinary "no such upload".
    const late = await call(ADMIN, 'POST', `/files/${policies}`, {
      fileOrFolder: 'file',
      name: 'abandoned.txt',
      filenameOnServer: stale.body.filename,
    });
    expect(late.status).toBe(400);
    // The registered file still downloads.
    const file = registered.body.file as Item;
    expect((await call(ADMIN, 'GET', `/download/${file.file_id}`)).status).toBe(200);
  });
});

describe('answer compression', () => {
  const get = (url: string) => ({
    method: 'GET' as const,
    url: `/fs${url}`,
    headers: bearer(tokens[SUPER] ?? ''),
  });
  let ward: number;
  beforeAll(async () => {
    ward = await idOf('Meadowbrook East (102)');
    const folders = Array.from({ length: 12 }, (_, i) => ({
      parentId: ward,
      name: `Ward round ${i + 1}`,
      kind: 'folder' as const,
      root: 'facilities' as const,
      facId: 102,
    }));
    const deleted = folders.map((f) => ({
      ...f,
      name: `${f.name} (old)`,
      deletedAt: new Date(),
      pathnameAtDeletion: `/Facilities/Meadowbrook East (102)/${f.name} (old)`,
    }));
    await t.database.db.insert(files).values([...folders, ...deleted]);
  });

  it('sends the folder tree as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, get('/topLevelFolders'));
  });

  it('sends a folder listing as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, get(`/files/${ward}`));
  });

  it('sends the recycling bin as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, get('/recycling-bin'));
  });
});

describe('OpenAPI', () => {
  it('documents the file service', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Json };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/fs/upload',
        '/fs/recycling-bin',
        '/fs/restore',
        '/fs/delete/files/{id}',
        '/fs/download/{id}',
      ]),
    );
  });
});

describe('ids that only look like numbers', () => {
  const liveFiles = () => t.database.db.select().from(files).where(isNull(files.deletedAt));

  it.each(['0x10', '1e1', '%2016', '+16', '16.0', '0', '2147483648'])(
    'refuses DELETE /files/%s with a 400 and deletes nothing',
    async (id) => {
      const before = await liveFiles();
      const refused = await call(SUPER, 'DELETE', `/files/${id}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
      expect(await liveFiles()).toEqual(before);
    },
  );

  it('refuses GET /files/1e0 and a PUT whose body id is not a number', async () => {
    expect((await call(SUPER, 'GET', '/files/1e0')).status).toBe(400);
    const before = await liveFiles();
    const renamed = await call(SUPER, 'PUT', '/files/16', {
      file_id: true,
      name: 'renamed',
      description: '',
    });
    expect(renamed).toMatchObject({ status: 400, body: { fields: { file_id: expect.any(String) } } });
    expect(await liveFiles()).toEqual(before);
  });

  it.each([[[true, 2, 3]], [['0x2']], [[1.5]], [[2_147_483_648]]])('refuses pathIds %j', async (pathIds) => {
    const refused = await call(SUPER, 'POST', '/files/foldernames', { pathIds });
    expect(refused).toMatchObject({ status: 400, body: { fields: { 'pathIds.0': expect.any(String) } } });
  });

  it('still takes pathIds as numbers or digits', async () => {
    expect((await call(SUPER, 'POST', '/files/foldernames', { pathIds: [1, '2'] })).status).toBe(200);
  });
});
