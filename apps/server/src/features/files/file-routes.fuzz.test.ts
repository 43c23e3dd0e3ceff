import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BILLING, DON, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import {
  type Caller,
  callers,
  checkAnswer,
  expectNoSessionRefused,
  expectSameAsMissing,
  idText,
  isSignedIn,
  junkText,
  junkValue,
  mostly,
  percent,
  settings,
  sometimes,
  spoiled,
} from '../../test/fuzz.ts';
import { FuzzWorld, wholeTable } from '../../test/fuzz-world.ts';

/**
 * The house rule (test/fuzz-world.ts: FuzzWorld.probe) for the file service, over generated hostile but plausible
 * input from every demo account, anonymous and signed out: never a 5xx; a refusal a JSON `{ message, code }` that
 * changes no row and keeps no upload; another tenant's file or folder answered as a missing one; nobody sees,
 * downloads, changes, restores or deletes what their facilities and states do not hold. Uploads are a small set of
 * generated names and contents, whole or cut off.
 */

let w: FuzzWorld;
/** The state of each facility: a state's folders are seen by whoever sees one of its facilities. */
let stateOf = new Map<number, string>();
/** Every caller's uploads not registered yet (`filename` of /upload), to register into folders. */
const uploads = new Map<string, string[]>();
const MISSING_ID = 2_000_000_000;

interface FileRow {
  id: number;
  parentId: number | null;
  root: string;
  facId: number | null;
  state: string | null;
  kind: string;
  deleted: boolean;
}

beforeAll(async () => {
  w = await FuzzWorld.open();
  stateOf = new Map(
    (await w.q<{ fac_id: number; state: string }>(sql`select fac_id, state from facilities`)).map((f) => [
      Number(f.fac_id),
      f.state,
    ]),
  );
  // The demo world's file rows name stored bytes the test app was never given: write them, so downloads work.
  const stored = await w.q<{ storage_key: string; size: number }>(
    sql`select storage_key, size from files where storage_key is not null`,
  );
  for (const file of stored)
    await w.t.app.storage.put(file.storage_key, Readable.from([Buffer.alloc(Number(file.size), 0x61)]));
});
afterAll(async () => w?.close());

async function fileRows(): Promise<FileRow[]> {
  return (
    await w.q<{
      id: number;
      parent_id: number | null;
      root: string;
      fac_id: number | null;
      state: string | null;
      kind: string;
      deleted: boolean;
    }>(
      sql`select id, parent_id, root, fac_id, state, kind, deleted_at is not null as deleted from files order by id`,
    )
  ).map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    root: r.root,
    facId: r.fac_id === null ? null : Number(r.fac_id),
    state: r.state,
    kind: r.kind,
    deleted: Boolean(r.deleted),
  }));
}

/** The rule the file routes must keep (features/files/scope.ts), from the caller's facilities. */
function seesFile(caller: Caller, row: FileRow): boolean {
  if (row.parentId === null || caller === SUPER) return true;
  const facilities = [...(w.visible.get(caller) ?? [])];
  if (row.root === 'facilities') return row.facId !== null && facilities.includes(row.facId);
  return row.state !== null && facilities.some((id) => stateOf.get(id) === row.state);
}

/** Stored files (not folders: the storage makes a user's upload folder once, and it may stay empty). */
async function storedFiles(): Promise<string> {
  const root = join(w.t.config.dataDir, 'files');
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names.map(String).sort())
    if ((await stat(join(root, name)).catch(() => null))?.isFile()) found.push(name);
  return found.join(',');
}

const FILE_WRITES = [wholeTable('files')];

/**
 * Picks a row at run time (the tree changes as the runs go): `pick` among the caller's own mostly, else among all,
 * filtered by `which`.
 */
async function rowFor(caller: Caller, pick: number, mine: boolean, which: (row: FileRow) => boolean) {
  const all = (await fileRows()).filter(which);
  const own = all.filter((row) => seesFile(caller, row));
  const pool = mine && own.length > 0 ? own : all;
  return pool.length === 0 ? undefined : pool[pick % pool.length];
}

/** The id as the path carries it: the row's, now and then written so that it could read as another. */
const idAsSent = (id: number, variant: string | undefined) =>
  variant === undefined ? String(id) : variant.replace('ID', String(id));
const idVariant = sometimes(fc.constantFrom('0ID', '+ID', 'ID.0', 'IDe0', ' ID', '0xID', 'ID%00', 'ID/'), 8);

const names = mostly(
  ['Policies 2026', 'Ünïcode folder', 'report.pdf', 'notes.txt'],
  ['', '   ', '.', '..', 'a/b', 'a\\b', 'tab\there', 'x'.repeat(256), '\u202eevil.pdf', 'Policies'],
);

// ---------------------------------------------------------------------------------------------------------------
// Browsing and downloading.

describe('browsing and downloading, under generated ids', () => {
  it('never answer 5xx, show only what the caller may see, and another tenant’s item as a missing one', async () => {
    const request = fc.record({
      caller: callers(ADMIN, NURSE, DON, DON, SYSADMIN, PHARMACIST, BILLING, SUPER),
      route: fc.constantFrom(
        '/fs/topLevelFolders',
        '/fs/files/ID',
        '/fs/download/ID',
        '/fs/download-folder/ID',
        '/fs/downloadbase64/ID',
        '/fs/recycling-bin',
        '/fs/pre-restore/ID',
        '/fs/files/foldernames',
      ),
      pick: fc.nat(),
      mine: fc.boolean(),
      variant: idVariant,
      junk: sometimes(fc.oneof(junkText, fc.constantFrom('foldernames', 'recycling-bin', '2147483648')), 10),
      pathIds: fc.array(fc.oneof(fc.nat(60), fc.nat(60).map(String), junkValue), { maxLength: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const row = await rowFor(r.caller, r.pick, r.mine, () => true);
        if (!row) return;
        const idText = r.junk ?? idAsSent(row.id, r.variant);
        const url = r.route.replace('ID', percent(idText));
        const isPost = r.route === '/fs/files/foldernames';
        const response = await w.probe(
          {
            caller: r.caller,
            method: isPost ? 'POST' : 'GET',
            url,
            ...(isPost ? { body: { pathIds: r.pathIds } } : {}),
          },
          { writes: FILE_WRITES },
        );
        if (
          response.statusCode === 200 &&
          String(response.headers['content-type']).startsWith('application/json')
        ) {
          const body = response.json() as Record<string, unknown>;
          const items = [body.folder, body.file, ...((body.files ?? body.folders ?? []) as unknown[])];
          const rows = await fileRows();
          for (const item of items) {
            const id = (item as { file_id?: number } | undefined)?.file_id;
            const found = rows.find((x) => x.id === id);
            if (found) expect(seesFile(r.caller, found), `${url}: item ${id}`).toBe(true);
          }
        }
        const named = r.junk === undefined && r.variant === undefined && r.route.includes('ID');
        if (named && !seesFile(r.caller, row) && isSignedIn(r.caller))
          expectSameAsMissing(
            response,
            await w.send({ caller: r.caller, method: 'GET', url: r.route.replace('ID', String(MISSING_ID)) }),
            url,
          );
      }),
      settings(200, 501),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Uploads.

/** A multipart body with one part, built by hand so the test controls the exact bytes of the name. */
function multipart(part: { field: string; filename: string; type: string; bytes: Buffer }, cut: boolean) {
  const boundary = 'fuzzBoundary3f9';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
      `Content-Type: ${part.type}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    payload: cut ? Buffer.concat([head, part.bytes]) : Buffer.concat([head, part.bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const CONTENTS: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]),
  text: Buffer.from('Shift notes\n'),
  empty: Buffer.alloc(0),
  html: Buffer.from('<html><script>alert(1)</script></html>'),
  binary: Buffer.from([0, 1, 2, 0xff, 0xfe, 0, 0]),
};

describe('POST /fs/upload, under generated names, contents and forms', () => {
  it('never answers 5xx; a refused upload keeps nothing; only a user who may edit somewhere uploads', async () => {
    const request = fc.record({
      caller: callers(ADMIN, ADMIN, NURSE, DON, SYSADMIN, BILLING, SUPER),
      field: mostly(['file'], ['other', 'File', '']),
      filename: mostly(
        ['report.pdf', 'scan.png', 'notes.txt', 'Ünïcode.pdf'],
        [
          '../x.pdf',
          'a/b.pdf',
          'a\\b.pdf',
          '.',
          '..',
          '',
          ' ',
          'x'.repeat(256),
          'nul\u0000.pdf',
          'tab\t.txt',
          '%ED%A0%80.pdf',
          '"quoted".pdf',
        ],
      ),
      type: mostly(
        ['application/pdf', 'image/png', 'text/plain'],
        ['text/html', '', 'x/y; charset="\u0000"'],
      ),
      content: fc.constantFrom(...Object.keys(CONTENTS)),
      form: mostly(['whole'], ['cut', 'no boundary', 'not multipart', 'json']),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const bytes = CONTENTS[r.content] ?? Buffer.alloc(0);
        const body = multipart(
          { field: r.field, filename: r.filename, type: r.type, bytes },
          r.form === 'cut',
        );
        const contentType =
          r.form === 'no boundary'
            ? 'multipart/form-data'
            : r.form === 'not multipart'
              ? 'application/octet-stream'
              : r.form === 'json'
                ? 'application/json'
                : body.contentType;
        const before = await storedFiles();
        const response = await w.t.app.inject({
          method: 'POST',
          url: '/fs/upload',
          headers: { ...w.authOf(r.caller), 'content-type': contentType },
          payload: r.form === 'json' ? JSON.stringify({ file: r.filename }) : body.payload,
        });
        const what = `${r.caller} upload ${JSON.stringify(r)}`;
        // The upload is a stream, sent here rather than through probe; the same checks follow.
        checkAnswer(response, what);
        expectNoSessionRefused(r.caller, response.statusCode, response.body, what);
        if (response.statusCode >= 400) {
          expect(await storedFiles(), `${what}: a refused upload left a file`).toBe(before);
          return;
        }
        expect([ADMIN, SYSADMIN, BILLING, SUPER], what).toContain(r.caller);
        const answer = response.json() as { filename: string; originalname: string };
        uploads.set(r.caller, [...(uploads.get(r.caller) ?? []), answer.filename]);
        expect(answer.originalname).toBe(r.filename);
      }),
      settings(120, 503),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Changes: folders, registered uploads, renames, the recycling bin.

describe('creating, renaming, deleting and restoring, under generated bodies', () => {
  it('never answer 5xx; a refusal writes nothing; nobody changes another tenant’s tree', async () => {
    const request = fc.record({
      caller: callers(ADMIN, ADMIN, NURSE, DON, SYSADMIN, SYSADMIN, PHARMACIST, BILLING, SUPER),
      action: fc.constantFrom('create', 'register', 'rename', 'delete', 'restore', 'permanent'),
      pick: fc.nat(),
      other: fc.nat(),
      mine: mostly([true], [false], 3),
      name: names,
      description: mostly(['', 'About this'], ['x'.repeat(2001)]),
      uploaded: mostly(['own'], ['someone else', 'junk', 'used']),
      variant: idVariant,
      spoilWith: sometimes(fc.constant(true), 4),
    });
    await fc.assert(
      fc.asyncProperty(
        request.chain((r) =>
          fc.record({
            r: fc.constant(r),
            // A body spoiled with placeholders, filled in once the run knows the ids (the tree changes as it goes).
            body: spoiled(
              {
                create: { fileOrFolder: 'folder', name: r.name, description: r.description },
                register: { fileOrFolder: 'file', name: r.name, filenameOnServer: 'UPLOAD', fileType: 'pdf' },
                rename: { file_id: 'SELF', name: r.name, description: r.description },
                delete: {},
                restore: { fileId: 'SELF', newParentId: 'OTHER' },
                permanent: {},
              }[r.action] ?? {},
              { fileId: fc.oneof(idText([1, 2, 3]), fc.constant('SELF')), newParentId: fc.constant('SELF') },
            ),
          }),
        ),
        async ({ r, body }) => {
          const wantsDeleted = r.action === 'restore' || r.action === 'permanent';
          const row = await rowFor(r.caller, r.pick, r.mine, (x) =>
            r.action === 'create' || r.action === 'register'
              ? x.kind === 'folder' && !x.deleted
              : wantsDeleted === x.deleted,
          );
          if (!row) return;
          const parent = await rowFor(r.caller, r.other, r.mine, (x) => x.kind === 'folder' && !x.deleted);
          const callerUploads = uploads.get(r.caller) ?? [];
          const upload = {
            own: callerUploads[0] ?? '0123456789abcdef0123456789abcdef',
            'someone else':
              [...uploads.entries()].find(([who]) => who !== r.caller)?.[1][0] ?? 'f'.repeat(32),
            junk: '../../etc/passwd',
            used: 'a'.repeat(32),
          }[r.uploaded];
          const fill = (value: unknown) =>
            value === 'SELF'
              ? row.id
              : value === 'OTHER'
                ? (parent?.id ?? MISSING_ID)
                : value === 'UPLOAD'
                  ? upload
                  : value;
          const sent =
            typeof body === 'object' && body !== null && !Array.isArray(body) && body.constructor === Object
              ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]))
              : body;
          const id = percent(idAsSent(row.id, r.variant));
          const call = {
            create: { method: 'POST' as const, url: `/fs/files/${id}`, body: sent },
            register: { method: 'POST' as const, url: `/fs/files/${id}`, body: sent },
            rename: { method: 'PUT' as const, url: `/fs/files/${id}`, body: sent },
            delete: { method: 'DELETE' as const, url: `/fs/files/${id}` },
            restore: { method: 'POST' as const, url: '/fs/restore', body: sent },
            permanent: { method: 'DELETE' as const, url: `/fs/delete/files/${id}` },
          }[r.action];
          if (!call) return;
          const response = await w.probe({ caller: r.caller, ...call }, { writes: FILE_WRITES });
          if (response.statusCode < 300 && r.action === 'register' && r.uploaded === 'own')
            uploads.set(r.caller, callerUploads.slice(1));
          // Another tenant's item, named by its id in the path, is answered as an id nobody has.
          const named = r.variant === undefined && r.action !== 'restore' && isSignedIn(r.caller);
          if (named && response.statusCode >= 400 && !seesFile(r.caller, row))
            expectSameAsMissing(
              response,
              await w.send({ caller: r.caller, ...call, url: call.url.replace(id, String(MISSING_ID)) }),
              call.url,
            );
        },
      ),
      settings(250, 502),
    );
  }, 180_000);
});
