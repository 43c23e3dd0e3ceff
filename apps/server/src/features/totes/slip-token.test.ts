import { createHmac, randomBytes } from 'node:crypto';
import { SLIP_LINK_DAYS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { isSlipToken, slipToken } from './slip-token.ts';

const key = randomBytes(32);
const made = new Date('2026-03-02T10:00:00Z');
const DAY_MS = 86_400_000;
const at = (ms: number) => new Date(made.getTime() + ms);
const token = slipToken(key, 101, 'T101-1', made);

describe('slipToken', () => {
  it(`opens its tote for ${SLIP_LINK_DAYS} days and no longer`, () => {
    expect(SLIP_LINK_DAYS).toBe(14);
    expect(isSlipToken(key, 101, 'T101-1', token, made)).toBe(true);
    expect(isSlipToken(key, 101, 'T101-1', token, at(SLIP_LINK_DAYS * DAY_MS - 1000))).toBe(true);
    expect(isSlipToken(key, 101, 'T101-1', token, at(SLIP_LINK_DAYS * DAY_MS))).toBe(false);
    expect(isSlipToken(key, 101, 'T101-1', token, at(365 * DAY_MS))).toBe(false);
  });

  it('carries its expiry, signed: a later expiry written in refuses the token', () => {
    const [expires, mac] = token.split('.');
    expect(Number(expires) * 1000).toBe(made.getTime() + SLIP_LINK_DAYS * DAY_MS);
    for (const altered of [Number(expires) + 1, Number(expires) + 365 * 86_400, Number(expires) - 1])
      expect(isSlipToken(key, 101, 'T101-1', `${altered}.${mac}`, made)).toBe(false);
    expect(isSlipToken(key, 101, 'T101-1', `0${expires}.${mac}`, made)).toBe(false);
  });

  it("refuses a forged token, another tote's, and the old never-expiring kind", () => {
    expect(isSlipToken(randomBytes(32), 101, 'T101-1', token, made)).toBe(false);
    expect(isSlipToken(key, 101, 'T101-2', token, made)).toBe(false);
    expect(isSlipToken(key, 102, 'T101-1', token, made)).toBe(false);
    const legacy = createHmac('sha256', key).update('packing-slip-open:v1:101:T101-1').digest('base64url');
    expect(isSlipToken(key, 101, 'T101-1', legacy, made)).toBe(false);
    for (const junk of ['', '.', `${token}.`, token.replace('.', ''), `-1.${token.split('.')[1]}`])
      expect(isSlipToken(key, 101, 'T101-1', junk, made)).toBe(false);
  });
});
