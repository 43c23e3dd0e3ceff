import { jwtVerify } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { usedLoginTokens } from '../../db/schema/index.ts';
import { findMalformedText } from '../../platform/well-formed-text.ts';

/** Longest life a one-time sign-in token may have, whatever its `exp` says. */
export const LOGIN_TOKEN_MAX_AGE_SECONDS = 300;

/**
 * The claims the portal reads. A signature proves who made a token, not that its claims are what PostgreSQL
 * stores: `sub` and `jti` must be text without a NUL or an unpaired surrogate (findMalformedText), `jti` at most
 * 200 characters (the column's key), and `iat` and `exp` numbers (jose has checked them against the clock).
 */
const ClaimsSchema = z
  .object({ sub: z.string().min(1).max(254), jti: z.string().min(1), iat: z.number(), exp: z.number() })
  .refine((claims) => findMalformedText([claims.sub, claims.jti]) === null);

/**
 * Checks a one-time sign-in token issued by an integrating pharmacy system: an HS256 JWT signed with the shared
 * LOGIN_TOKEN_SECRET, with `sub` (the user's email), `jti`, `iat` and `exp`, at most five minutes old. Answers the
 * email, or null when the token is invalid, expired or already used. Marks it used in the same step.
 */
export async function consumeLoginToken(
  db: Db,
  token: string,
  secret: string | undefined,
): Promise<string | null> {
  if (!secret) return null;
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      maxTokenAge: LOGIN_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    }));
  } catch {
    return null;
  }
  const claims = ClaimsSchema.safeParse(payload);
  if (!claims.success) return null;
  const { sub, jti, iat, exp } = claims.data;
  // jose refuses an iat in the future, so the token is dead by iat + 5 minutes whatever its exp: the used mark need
  // not outlive that (and an exp such as 1e15 is past any Date).
  const expiresAt = new Date(Math.min(exp, iat + LOGIN_TOKEN_MAX_AGE_SECONDS) * 1000);
  const used = await db
    .insert(usedLoginTokens)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: usedLoginTokens.jti });
  return used.length === 1 ? sub : null;
}
