import type { PharmacyKey } from '@portal/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pharmacyApiKeys, users } from '../../db/schema/index.ts';

const columns = {
  id: pharmacyApiKeys.id,
  pharmId: pharmacyApiKeys.pharmId,
  name: pharmacyApiKeys.name,
  last4: pharmacyApiKeys.last4,
  createdBy: users.displayName,
  createdAt: pharmacyApiKeys.createdAt,
  revokedAt: pharmacyApiKeys.revokedAt,
};

type KeyRow = {
  id: number;
  pharmId: string;
  name: string;
  last4: string;
  createdBy: string | null;
  createdAt: Date;
  revokedAt: Date | null;
};

function toWire(row: KeyRow): PharmacyKey {
  return {
    id: row.id,
    pharmID: row.pharmId,
    name: row.name,
    last4: row.last4,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

/** The keys of these pharmacies, newest first; never the hash. */
export async function findKeys(db: Db, pharmIds: readonly string[]): Promise<PharmacyKey[]> {
  if (pharmIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(pharmacyApiKeys)
    .leftJoin(users, eq(users.id, pharmacyApiKeys.createdBy))
    .where(inArray(pharmacyApiKeys.pharmId, [...pharmIds]))
    .orderBy(desc(pharmacyApiKeys.createdAt), desc(pharmacyApiKeys.id));
  return rows.map(toWire);
}

/** One key by id (any pharmacy; the caller checks it may manage that pharmacy). */
export async function findKey(db: Db, id: number): Promise<PharmacyKey | null> {
  const [row] = await db
    .select(columns)
    .from(pharmacyApiKeys)
    .leftJoin(users, eq(users.id, pharmacyApiKeys.createdBy))
    .where(eq(pharmacyApiKeys.id, id));
  return row ? toWire(row) : null;
}
