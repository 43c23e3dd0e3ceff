import { PHARMACY_KEY_PREFIX, type PharmacyKey } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, pharmacyApiKeys } from '../../db/schema/index.ts';
import { BILLING, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [SUPER, SYSADMIN, PHARMACIST, BILLING, NURSE]);
});
afterAll(() => t.close());

const createKey = (who: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/pharmacy-keys', headers: bearer(tokens[who] ?? ''), payload });
const listKeys = (who: string) =>
  t.app.inject({ method: 'GET', url: '/api/pharmacy-keys', headers: bearer(tokens[who] ?? '') });
const revokeKey = (who: string, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/pharmacy-keys/${id}`, headers: bearer(tokens[who] ?? '') });

describe('creating a key', () => {
  it('answers the key once, stores only its hash and last four, and audits it', async () => {
    const response = await createKey(SYSADMIN, { pharmID: 'sprx', name: 'Pharmacy system' });
    expect(response.statusCode).toBe(201);
    const { key, secret } = response.json() as { key: PharmacyKey; secret: string };
    expect(secret.startsWith(PHARMACY_KEY_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThanOrEqual(PHARMACY_KEY_PREFIX.length + 43);
    expect(key).toMatchObject({
      pharmID: 'sprx',
      name: 'Pharmacy system',
      last4: secret.slice(-4),
      revokedAt: null,
    });
    const [row] = await t.database.db.select().from(pharmacyApiKeys).where(eq(pharmacyApiKeys.id, key.id));
    expect(row?.keyHash).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(4, 20));
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'pharmacyKey.create'), eq(auditEvents.recordId, String(key.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(secret);
  });

  it('refuses a missing name with the field named, and writes nothing', async () => {
    const before = await t.database.db.select().from(pharmacyApiKeys);
    const response = await createKey(SUPER, { pharmID: 'sprx', name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('name');
    expect(await t.database.db.select().from(pharmacyApiKeys)).toHaveLength(before.length);
  });

  it('is for the SysAdmins of that pharmacy and SuperAdmins only', async () => {
    expect((await createKey(PHARMACIST, { pharmID: 'sprx', name: 'x' })).statusCode).toBe(403);
    expect((await createKey(BILLING, { pharmID: 'sprx', name: 'x' })).statusCode).toBe(404);
    expect((await createKey(SYSADMIN, { pharmID: 'ohio', name: 'x' })).statusCode).toBe(404);
    expect((await createKey(NURSE, { pharmID: 'sprx', name: 'x' })).statusCode).toBe(403);
    expect((await createKey(SUPER, { pharmID: 'ohio', name: 'Ohio system' })).statusCode).toBe(201);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/pharmacy-keys', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('listing keys', () => {
  it('never shows more than the last four characters, and only the pharmacies one administers', async () => {
    const { secret } = (await createKey(SYSADMIN, { pharmID: 'upny', name: 'Listing' })).json() as {
      secret: string;
    };
    const response = await listKeys(SYSADMIN);
    expect(response.statusCode).toBe(200);
    const { keys } = response.json() as { keys: PharmacyKey[] };
    expect(response.body).not.toContain(secret.slice(0, -4));
    expect(response.body).not.toMatch(/keyHash|key_hash/);
    expect(keys.every((k) => k.last4.length === 4)).toBe(true);
    expect(new Set(keys.map((k) => k.pharmID))).toEqual(new Set(['sprx', 'upny']));
    expect(keys.find((k) => k.name === 'Listing')?.createdBy).toBeTruthy();
    const all = (await listKeys(SUPER)).json() as { keys: PharmacyKey[] };
    expect(all.keys.some((k) => k.pharmID === 'ohio')).toBe(true);
    expect((await listKeys(PHARMACIST)).statusCode).toBe(403);
    expect((await listKeys(NURSE)).statusCode).toBe(403);
  });
});

describe('revoking a key', () => {
  it('marks it revoked for its SysAdmin, hides other pharmacies keys (404) and audits it', async () => {
    const { key } = (await createKey(SUPER, { pharmID: 'ohio', name: 'Other' })).json() as {
      key: PharmacyKey;
    };
    expect((await revokeKey(SYSADMIN, key.id)).statusCode).toBe(404);
    expect((await revokeKey(SYSADMIN, 999_999)).statusCode).toBe(404);
    const own = (await createKey(SYSADMIN, { pharmID: 'sprx', name: 'To revoke' })).json() as {
      key: PharmacyKey;
    };
    expect((await revokeKey(PHARMACIST, own.key.id)).statusCode).toBe(403);
    const response = await revokeKey(SYSADMIN, own.key.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().revokedAt).toEqual(expect.any(String));
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'pharmacyKey.revoke'), eq(auditEvents.recordId, String(own.key.id))));
    expect(audits).toHaveLength(1);
  });
});

describe('key ids that only look like numbers', () => {
  it.each(['0x1', '1e0', '%201', '+1'])('refuses DELETE /api/pharmacy-keys/%s with a 400', async (id) => {
    const before = await listKeys(SUPER);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/pharmacy-keys/${id}`,
      headers: bearer(tokens[SUPER] ?? ''),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { id: expect.any(String) } });
    expect((await listKeys(SUPER)).body).toEqual(before.body);
  });
});
