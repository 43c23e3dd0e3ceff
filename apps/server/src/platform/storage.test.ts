import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './storage.ts';

describe('LocalDiskStorage', () => {
  it('stores, reads back and deletes by key, streaming', async () => {
    const root = await mkdtemp(join(tmpdir(), 'portal-storage-'));
    const storage = new LocalDiskStorage(root);
    const size = await storage.put('facilities/101/care-plan.txt', Readable.from(['part one, ', 'part two']));
    expect(size).toBe(18);
    expect(await text(await storage.get('facilities/101/care-plan.txt'))).toBe('part one, part two');
    expect(await storage.stat('facilities/101/care-plan.txt')).toEqual({ size: 18 });
    expect(await readdir(join(root, 'facilities/101'))).toEqual(['care-plan.txt']);
    await storage.delete('facilities/101/care-plan.txt');
    expect(await readdir(join(root, 'facilities/101'))).toEqual([]);
    expect(await storage.stat('facilities/101/care-plan.txt')).toBeNull();
    await expect(storage.get('facilities/101/care-plan.txt')).rejects.toThrow(/ENOENT/);
  });

  it('lists every key under a prefix, nested ones included, with when it was written; none for an empty prefix', async () => {
    const storage = new LocalDiskStorage(await mkdtemp(join(tmpdir(), 'portal-storage-')));
    const before = Date.now() - 1000;
    await storage.put('uploads/u1/a', new Uint8Array([1]));
    await storage.put('uploads/u2/b', new Uint8Array([2]));
    await storage.put('facilities/101/c', new Uint8Array([3]));
    const listed = await storage.list('uploads');
    expect(listed.map((l) => l.key).sort()).toEqual(['uploads/u1/a', 'uploads/u2/b']);
    for (const l of listed) expect(l.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(await storage.list('nothing-here')).toEqual([]);
    await expect(storage.list('../etc')).rejects.toThrow(/unsafe storage key/);
  });

  it.each(['../escape', '/etc/passwd', 'a/../../b', 'a\u0000b', '', '.hidden'])(
    'refuses the key %j',
    async (key) => {
      const storage = new LocalDiskStorage(await mkdtemp(join(tmpdir(), 'portal-storage-')));
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/unsafe storage key/);
    },
  );
});
