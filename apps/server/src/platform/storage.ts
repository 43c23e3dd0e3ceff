import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where file bytes live. The local disk is the default; S3-compatible object storage is another implementation
 * of these five calls, nothing more (README, "File storage"). Keys are the portal's own, never a client's name.
 */
export interface FileStorage {
  /** Stores the stream under the key (never held whole in memory); answers the bytes written. */
  put(key: string, body: Readable | Uint8Array): Promise<number>;
  /** The stored bytes as a stream; rejects when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the key; nothing stored is not an error. */
  delete(key: string): Promise<void>;
  /** The stored size, or null when the key holds nothing. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Every key under the prefix (a folder of keys), with when it was last written; none when it holds nothing. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
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

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    // Opened before answering, so a missing file rejects here rather than erroring mid-response.
    const stream = createReadStream(path);
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const base = this.pathOf(prefix);
    let names: string[];
    try {
      names = await readdir(base, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: { key: string; modifiedAt: Date }[] = [];
    for (const name of names) {
      const info = await stat(join(base, name)).catch(() => null);
      if (info?.isFile())
        found.push({ key: `${prefix}/${name.split(sep).join('/')}`, modifiedAt: info.mtime });
    }
    return found;
  }
}

/** The default storage for a data folder. */
export function localStorageFor(dataDir: string): FileStorage {
  return new LocalDiskStorage(join(dataDir, 'files'));
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates `app.storage` with the given storage (the local disk under DATA_DIR when none is given). */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage?: FileStorage | undefined }) => {
    app.decorate('storage', options.storage ?? localStorageFor(app.config.dataDir));
  },
  { name: 'storage' },
);
