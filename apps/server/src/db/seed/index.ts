import { sql } from 'drizzle-orm';
import { randomSecretKey } from '../../platform/secret-box.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { seedDemoWorld } from './demo.ts';
import type { WriteFile } from './files.ts';

/** What the seed needs from its caller. */
export interface SeedOptions {
  pharmacyEmailDomain: string;
  /** The clock the demo world is built around (tests pass a fixed one); defaults to now. */
  now?: Date;
  /** Key that seals the messaging credentials (platform/secret-box.ts); a throwaway one when absent. */
  secretKey?: Uint8Array;
  /** Stores a demo file's bytes under its storage key; without it the file rows are made but no bytes written. */
  writeFile?: WriteFile;
}

/** SeedOptions with the defaults applied. */
export interface ResolvedSeedOptions {
  readonly pharmacyEmailDomain: string;
  readonly now: Date;
  readonly secretKey: Uint8Array;
  readonly writeFile: WriteFile | undefined;
}

/** Applies the defaults: now, and a random key (its sealed secrets only matter for this database's life). */
export function resolveSeedOptions(options: SeedOptions): ResolvedSeedOptions {
  return {
    pharmacyEmailDomain: options.pharmacyEmailDomain,
    now: options.now ?? new Date(),
    secretKey: options.secretKey ?? randomSecretKey(),
    writeFile: options.writeFile,
  };
}

/** Seeds the demo world when the database has no users yet; answers whether it did. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((row?.count ?? 0) > 0) return false;
  const resolved = resolveSeedOptions(options);
  await db.transaction(async (tx) => seedDemoWorld(tx, resolved));
  return true;
}

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
export type { WriteFile } from './files.ts';
