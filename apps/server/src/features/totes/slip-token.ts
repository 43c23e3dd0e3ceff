import { createHmac, timingSafeEqual } from 'node:crypto';
import { SLIP_LINK_DAYS } from '@portal/domain';

// The purpose and version are part of the signed text, so a token made for anything else never verifies here. v1
// tokens (no expiry) were signed over facility and tote alone: they match no v2 text, so they no longer open.
const signedText = (facID: number, toteID: string, expires: number) =>
  `packing-slip-open:v2:${facID}:${toteID}:${expires}`;
const mac = (key: Uint8Array, facID: number, toteID: string, expires: number) =>
  createHmac('sha256', key)
    .update(signedText(facID, toteID, expires))
    .digest('base64url');
// Expiry in whole seconds as the signature saw it: no sign, no leading zero, so one expiry has one spelling.
const TOKEN = /^([1-9]\d{0,11})\.([\w-]{43})$/;

/**
 * The token of a tote's public packing slip link: `{expires}.{mac}`, the expiry in Unix seconds
 * (`SLIP_LINK_DAYS` after `now`) and HMAC-SHA256 with the server's secret key over the facility, the tote and that
 * expiry, base64url. Unguessable without the key, bound to that one tote, and the expiry cannot be moved.
 */
export function slipToken(key: Uint8Array, facID: number, toteID: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SLIP_LINK_DAYS * 86_400;
  return `${expires}.${mac(key, facID, toteID, expires)}`;
}

/**
 * True when `given` is a token of that facility and tote whose expiry is still ahead of `now`; the signature is
 * compared in constant time. An expired token and a forged one are both just false: the caller answers them alike.
 */
export function isSlipToken(
  key: Uint8Array,
  facID: number,
  toteID: string,
  given: string,
  now: Date,
): boolean {
  const parts = TOKEN.exec(given);
  if (!parts) return false;
  const expires = Number(parts[1]);
  const expected = Buffer.from(mac(key, facID, toteID, expires));
  const actual = Buffer.from(parts[2] ?? '');
  return (
    actual.length === expected.length && timingSafeEqual(actual, expected) && expires * 1000 > now.getTime()
  );
}
