import { jwtVerify } from 'jose';
import type { Db } from '../../db/client.ts';
import { usedLoginTokens } from '../../db/schema/index.ts';

/** Longest life a one-time sign-in token may have, whatever its `exp` says. */
export const LOGIN_TOKEN_MAX_AGE_SECONDS = 300;

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
  let payload: { sub?: string | undefined; jti?: string | undefined; exp?: number | undefined };
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      maxTokenAge: LOGIN_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
    }));
  } catch {
    return null;
  }
  if (!payload.sub || !payload.jti || !payload.exp) return null;
  const used = await db
    .insert(usedLoginTokens)
    .values({ jti: payload.jti.slice(0, 200), expiresAt: new Date(payload.exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: usedLoginTokens.jti });
  return used.length === 1 ? payload.sub : null;
}
