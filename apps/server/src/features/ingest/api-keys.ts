import { randomBytes } from 'node:crypto';
import { PHARMACY_KEY_PREFIX } from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pharmacyApiKeys } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/tokens.ts';

/** The pharmacy key a request authenticated with. */
export interface PharmacyKeyCaller {
  id: number;
  pharmId: string;
  name: string;
  last4: string;
}

/**
 * A new pharmacy API key: 256 random bits, base64url, with a recognisable prefix. Only its SHA-256 is stored:
 * a key this random needs no slow hash, and a stolen table holds no usable key.
 */
export function newPharmacyKey(): { secret: string; hash: string; last4: string } {
  const secret = `${PHARMACY_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashToken(secret), last4: secret.slice(-4) };
}

/** The live (not revoked) key with this secret, if any. */
export async function findLiveKey(db: Db, secret: string): Promise<PharmacyKeyCaller | null> {
  if (!secret.startsWith(PHARMACY_KEY_PREFIX)) return null;
  const [row] = await db
    .select({
      id: pharmacyApiKeys.id,
      pharmId: pharmacyApiKeys.pharmId,
      name: pharmacyApiKeys.name,
      last4: pharmacyApiKeys.last4,
    })
    .from(pharmacyApiKeys)
    .where(and(eq(pharmacyApiKeys.keyHash, hashToken(secret)), isNull(pharmacyApiKeys.revokedAt)));
  return row ?? null;
}
