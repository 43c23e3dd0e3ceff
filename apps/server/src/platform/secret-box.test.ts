import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecretKey, openSecret, randomSecretKey, sealSecret } from './secret-box.ts';

describe('secret box', () => {
  const key = randomSecretKey();

  it('opens what it sealed', () => {
    const sealed = sealSecret(key, '{"password":"s3cret","encryptionKey":"k"}');
    expect(openSecret(key, sealed)).toBe('{"password":"s3cret","encryptionKey":"k"}');
  });

  it('never seals the same text to the same bytes', () => {
    expect(Buffer.from(sealSecret(key, 'x')).equals(Buffer.from(sealSecret(key, 'x')))).toBe(false);
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = Buffer.from(sealSecret(key, 'hello world'));
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(key, sealed)).toThrow();
  });

  it('refuses another key', () => {
    expect(() => openSecret(randomSecretKey(), sealSecret(key, 'hello'))).toThrow();
  });
});

describe('loadSecretKey', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('uses SECRET_KEY when set', async () => {
    const hex = 'ab'.repeat(32);
    const loaded = await loadSecretKey({ secretKey: hex, dataDir: '/nonexistent', inMemoryDb: false });
    expect(loaded.toString('hex')).toBe(hex);
  });

  it('generates the key file once, owner-only, and reads it back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secret-box-'));
    dirs.push(dir);
    const config = { secretKey: undefined, dataDir: dir, inMemoryDb: false };
    const first = await loadSecretKey(config);
    const second = await loadSecretKey(config);
    expect(second.equals(first)).toBe(true);
    expect((await readFile(join(dir, 'secret.key'), 'utf8')).trim()).toBe(first.toString('hex'));
    expect((await stat(join(dir, 'secret.key'))).mode & 0o777).toBe(0o600);
  });

  it('writes nothing for an in-memory database', async () => {
    const key = await loadSecretKey({ secretKey: undefined, dataDir: '/nonexistent', inMemoryDb: true });
    expect(key.length).toBe(32);
  });
});
