import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { seedDemoWorld } from './demo.ts';

export interface SeedOptions {
  pharmacyEmailDomain: string;
  /** The clock the demo world is built around (tests pass a fixed one). */
  now?: Date;
}

/** Seeds the demo world when the database has no users yet; answers whether it did. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((row?.count ?? 0) > 0) return false;
  await db.transaction(async (tx) => seedDemoWorld(tx, options));
  return true;
}

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo.ts';
