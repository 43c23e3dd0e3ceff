import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's baseline: 19 MiB, 2 passes, 1 lane (reference/api.md). */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password with argon2id; the parameters travel inside the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so an unknown email costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;

/** True when the password matches the hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
