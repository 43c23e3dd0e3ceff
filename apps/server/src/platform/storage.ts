import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live. The local disk is the default; S3-compatible object storage is another implementation
 * of these four calls, nothing more.
 */
export interface FileStorage {
  /** Stores the stream under the key (never held whole in memory); answers the bytes written. */
  put(key: string, body: Readable | Uint8Array): Promise<number>;
  get(key: string): Readable;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Files under a folder (DATA_DIR/files by default). Keys are the portal's own, checked so none leaves the folder. */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!SAFE_KEY.test(key) || key.includes('..') || !path.startsWith(this.root + sep)) {
      throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    }
    return path;
  }

  async put(key: string, body: Readable | Uint8Array): Promise<number> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed into place, so a crash never leaves half a file under the key.
    const partial = `${path}.partial-${process.pid}`;
    const source = body instanceof Readable ? body : Readable.from([body]);
    let written = 0;
    source.on('data', (chunk: Buffer) => {
      written += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return written;
  }

  get(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The default storage for a data folder. */
export function localStorageFor(dataDir: string): FileStorage {
  return new LocalDiskStorage(join(dataDir, 'files'));
}
