import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStorage } from '../../platform/storage.ts';
import type { FileRow } from './queries.ts';

/** One entry of a folder's zip, in the order it is written. */
export type ZipEntry =
  | { kind: 'folder'; path: string; mtime: Date }
  | { kind: 'file'; path: string; mtime: Date; storageKey: string; size: number };

/** What a folder's zip will hold, known before the first byte is sent. */
export interface ZipPlan {
  entries: ZipEntry[];
  files: number;
  folders: number;
  /** The stored sizes of its files: what the limit is checked against. */
  totalBytes: number;
}

// Names were checked when they were created (fileNameProblem); this still makes sure that no entry can leave the
// zip's folder whatever a row holds: no separators, no control characters, no '.' or '..' segment.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced
const UNSAFE = /[/\\\u0000-\u001f\u007f-\u009f]/g;

/** A name as one path segment inside the zip. */
export function zipSegment(name: string): string {
  const cleaned = name.replace(UNSAFE, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

/** The segment, or 'name (2).ext' and so on when a sibling already took it (unzip tools fold case on some systems). */
function uniqueSegment(segment: string, isFile: boolean, taken: Set<string>): string {
  let candidate = segment;
  const dot = isFile ? segment.lastIndexOf('.') : -1;
  const [stem, ext] = dot > 0 ? [segment.slice(0, dot), segment.slice(dot)] : [segment, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The zip of `folder`: its live items the viewer may see (`isShown`), under a top folder named after it, each
 * folder as a directory entry so empty ones survive. An item below a hidden or deleted folder is left out with it.
 */
export function planFolderZip(
  folder: FileRow,
  subtree: readonly FileRow[],
  isShown: (row: FileRow) => boolean,
): ZipPlan {
  const children = new Map<number, FileRow[]>();
  for (const row of subtree) {
    if (row.parentId === null || row.deletedAt !== null || !isShown(row)) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  }
  const plan: ZipPlan = { entries: [], files: 0, folders: 0, totalBytes: 0 };
  const visit = (dir: FileRow, path: string) => {
    plan.entries.push({ kind: 'folder', path: `${path}/`, mtime: dir.createdAt });
    const taken = new Set<string>();
    const items = [...(children.get(dir.id) ?? [])].sort(
      (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
    );
    for (const item of items) {
      const { storageKey } = item;
      if (item.kind === 'file' && storageKey === null) continue;
      const itemPath = `${path}/${uniqueSegment(zipSegment(item.name), item.kind === 'file', taken)}`;
      if (item.kind === 'folder') {
        plan.folders++;
        visit(item, itemPath);
      } else if (storageKey !== null) {
        plan.files++;
        plan.totalBytes += item.size;
        plan.entries.push({
          kind: 'file',
          path: itemPath,
          mtime: item.createdAt,
          storageKey,
          size: item.size,
        });
      }
    }
  };
  visit(folder, zipSegment(folder.name));
  return plan;
}

/**
 * The plan as a zip stream. Each stored file is opened only when its turn comes, so one is open at a time and
 * nothing is held whole. Entries are stored, not deflated: most uploads (PDF, images, office files) are compressed
 * already, the server's two cores stay free, and the length is known up front. A missing or resized stored file
 * ends the stream with an error (the client sees a failed download, never a silently short zip).
 */
export function folderZipStream(storage: FileStorage, plan: ZipPlan): { stream: Readable; length: number } {
  const zip = new ZipFile();
  for (const entry of plan.entries) {
    if (entry.kind === 'folder') {
      zip.addEmptyDirectory(entry.path, { mtime: entry.mtime });
      continue;
    }
    const options = { mtime: entry.mtime, compress: false, size: entry.size };
    zip.addReadStreamLazy(entry.path, options, (done) => {
      storage.get(entry.storageKey).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, new PassThrough()),
      );
    });
  }
  const stream = new PassThrough();
  zip.on('error', (error: Error) => stream.destroy(error));
  zip.outputStream.pipe(stream);
  let length = -1;
  // @types/yazl types this callback without its argument: the total size, or -1 when it cannot be known.
  zip.end({ forceZip64Format: false, comment: '' }, (...args: unknown[]) => {
    if (typeof args[0] === 'number') length = args[0];
  });
  return { stream, length };
}
