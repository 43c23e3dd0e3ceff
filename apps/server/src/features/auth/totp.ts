import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/domain';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from '../../platform/tokens.ts';

const ISSUER = 'Care Portal';
// The settings every authenticator app understands (RFC 6238 defaults).
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
// One step either side forgives a phone clock up to 30 seconds off.
const WINDOW = 1;

function totpFor(base32: string, email: string) {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(base32), ...TOTP_SETTINGS });
}

/** A new random 160-bit secret (RFC 4226's recommended length), base32 as apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth URI and its QR code (an SVG data URL) for an authenticator app to scan. */
export async function enrolmentCodes(base32: string, email: string) {
  const otpauthUri = totpFor(base32, email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a right code belongs to, or null when the code is wrong for every step in the window. */
export function matchTotp(base32: string, code: string, now = new Date()): number | null {
  const totp = totpFor(base32, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

// No 0/O or 1/I: codes are read off paper and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Fresh recovery codes (80 random bits each, `XXXX-XXXX-XXXX-XXXX`) and the hashes that are kept of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** What is kept of a recovery code: case, spaces and dashes do not matter when it is typed back. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}
