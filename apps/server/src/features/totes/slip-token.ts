import { createHmac, timingSafeEqual } from 'node:crypto';

// The purpose and version are part of the signed text, so a token made for anything else never verifies here.
const signedText = (facID: number, toteID: string) => `packing-slip-open:v1:${facID}:${toteID}`;

/**
 * The token of a tote's public packing slip link: HMAC-SHA256 with the server's secret key over the facility and
 * the tote, base64url. Unguessable without the key, and bound to that one tote.
 */
export function slipToken(key: Uint8Array, facID: number, toteID: string): string {
  return createHmac('sha256', key).update(signedText(facID, toteID)).digest('base64url');
}

/** True when `given` is the token of that facility and tote; compared in constant time. */
export function isSlipToken(key: Uint8Array, facID: number, toteID: string, given: string): boolean {
  const expected = Buffer.from(slipToken(key, facID, toteID));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
