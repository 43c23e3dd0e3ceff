import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'secret.key';

/**
 * Seals a secret (e.g. messaging credentials) with AES-256-GCM. The answer is `iv | tag | ciphertext`, so one
 * bytea column holds everything needed to open it again with the same key.
 */
export function sealSecret(key: Uint8Array, plaintext: string | Uint8Array): Uint8Array {
  assertKey(key);
  // A fresh random IV per message: GCM loses its guarantees if an IV is ever reused with the same key.
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens what sealSecret sealed; throws when the key is wrong or a single byte was changed. */
export function openSecret(key: Uint8Array, sealed: Uint8Array): string {
  assertKey(key);
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret is too short');
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** A new random 32-byte key. */
export function randomSecretKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/**
 * The key that seals stored secrets: SECRET_KEY when set; a throwaway key for an in-memory database (its secrets
 * die with it); else `${dataDir}/secret.key`, created on first start with mode 0600 so only the owner reads it.
 */
export async function loadSecretKey(
  config: Pick<Config, 'secretKey' | 'dataDir' | 'inMemoryDb'>,
): Promise<Buffer> {
  if (config.secretKey) return Buffer.from(config.secretKey, 'hex');
  if (config.inMemoryDb) return randomSecretKey();
  await mkdir(config.dataDir, { recursive: true });
  const path = join(config.dataDir, KEY_FILE);
  const existing = await readKeyFile(path);
  if (existing) return existing;
  const key = randomSecretKey();
  try {
    // 'wx' fails if another process created the file meanwhile; then its key wins and we read it.
    await writeFile(path, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(path);
    if (!winner) throw new Error(`${path} exists but holds no key`);
    return winner;
  }
}

async function readKeyFile(path: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${path} must hold 64 hex characters (32 bytes)`);
  return Buffer.from(text, 'hex');
}

function assertKey(key: Uint8Array): void {
  if (key.length !== KEY_BYTES) throw new Error(`secret key must be ${KEY_BYTES} bytes, got ${key.length}`);
}
