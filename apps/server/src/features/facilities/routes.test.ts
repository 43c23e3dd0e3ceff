import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityPermissions, rolePermissions } from '../../db/schema/index.ts';
import { expectCompressed } from '../../test/compression.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = async (email: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(await signIn(t.app, email)) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

describe('GET /api/facilities', () => {
  it('gives a facility user their facilities with their role and the permissions their role holds there', async () => {
    const { body } = await get('admin@meadowbrook.test', '/api/facilities');
    const facilities = body.facilities as {
      facID: number;
      userRole: string;
      permissions: Record<string, boolean>;
    }[];
    expect(facilities.map((f) => f.facID).sort()).toEqual([101, 102]);
    const f101 = facilities.find((f) => f.facID === 101);
    const f102 = facilities.find((f) => f.facID === 102);
    expect(f101?.userRole).toBe('facilityadmin');
    expect(f101?.permissions.allowToSetSettingsForFacility).toBe(true);
    expect(f102?.permissions.allowToSetSettingsForFacility).toBeUndefined();
    expect(f102?.permissions.widget_highCost_Action_approve).toBeUndefined();
    expect(f102?.permissions.widget_highCost_Action_ask).toBe(true);
  });

  it("holds exactly the facility's keys that the user's role grants, and a pharmacy user all of the facility's", async () => {
    const keysOf = async (email: string) => {
      const { body } = await get(email, '/api/facilities');
      const f101 = (body.facilities as { facID: number; permissions: Record<string, boolean> }[]).find(
        (f) => f.facID === 101,
      );
      return Object.keys(f101?.permissions ?? {}).sort();
    };
    const facilityKeys = (
      await t.database.db
        .select({ key: facilityPermissions.key })
        .from(facilityPermissions)
        .where(eq(facilityPermissions.facId, 101))
    ).map((r) => r.key);
    const grantedTo = async (role: string) =>
      new Set(
        (
          await t.database.db
            .select({ key: rolePermissions.key })
            .from(rolePermissions)
            .where(and(eq(rolePermissions.entity, 'facility'), eq(rolePermissions.role, role)))
        ).map((r) => r.key),
      );
    const nursing = await grantedTo('Nursing');
    const admin = await grantedTo('facilityadmin');
    const nurseKeys = await keysOf('nurse@meadowbrook.test');
    const adminKeys = await keysOf('admin@meadowbrook.test');
    expect(nurseKeys).toEqual(facilityKeys.filter((k) => nursing.has(k)).sort());
    expect(adminKeys).toEqual(facilityKeys.filter((k) => admin.has(k)).sort());
    // The two roles differ at 101, so the filter is seen to work both ways.
    expect(nurseKeys).not.toEqual(adminKeys);
    expect(nurseKeys.length).toBeGreaterThan(0);
    expect(await keysOf('sysadmin@pharmacy.test')).toEqual([...facilityKeys].sort());
  });

  it('never shows another pharmacy’s facility', async () => {
    const { body } = await get('don@lakeside.test', '/api/facilities');
    expect((body.facilities as { facID: number }[]).map((f) => f.facID)).toEqual([201]);
  });

  it('answers one facility by id, and 404 for one the viewer may not see', async () => {
    expect((await get('nurse@meadowbrook.test', '/api/facility/101')).status).toBe(200);
    expect((await get('nurse@meadowbrook.test', '/api/facility/201')).status).toBe(404);
    expect((await get('nurse@meadowbrook.test', '/api/facility/abc')).status).toBe(400);
  });
});

describe('GET /api/pharmacies', () => {
  it("gives a pharmacy user their pharmacies with their own and the pharmacy's permissions", async () => {
    const { body } = await get('sysadmin@pharmacy.test', '/api/pharmacies');
    const pharmacies = body.pharmacies as {
      pharmID: string;
      userRole: string;
      facilities: { facID: number }[];
      userPermissions: Record<string, boolean>;
      pharmPermissions: Record<string, boolean>;
    }[];
    expect(pharmacies.map((p) => p.pharmID)).toEqual(['sprx', 'upny']);
    const sprx = pharmacies[0];
    expect(sprx?.userRole).toBe('SysAdmin');
    expect(sprx?.facilities.map((f) => f.facID).sort()).toEqual([101, 102]);
    expect(sprx?.pharmPermissions.widget_highCost_Action_approve).toBe(true);
    expect(Object.keys(sprx?.userPermissions ?? {}).length).toBeGreaterThan(0);
  });

  it("gives a facility user their facilities' pharmacy, holding no role there", async () => {
    const { body } = await get('nurse@meadowbrook.test', '/api/pharmacies');
    const pharmacies = body.pharmacies as { pharmID: string; userPermissions: object }[];
    expect(pharmacies.map((p) => p.pharmID)).toEqual(['sprx']);
    expect(pharmacies[0]?.userPermissions).toEqual({});
  });
});

describe('GET /api/roles', () => {
  it('lists each side’s roles and refuses an unknown entity', async () => {
    const pharmacy = await get('nurse@meadowbrook.test', '/api/roles?entity=pharmacy');
    expect((pharmacy.body.roles as { name: string }[]).map((r) => r.name)).toContain('SysAdmin');
    const facility = await get('nurse@meadowbrook.test', '/api/roles?entity=facility');
    expect((facility.body.roles as { label: string }[]).map((r) => r.label)).toEqual([
      'Nursing',
      'DON',
      'Facility Admin',
      'Business Office',
    ]);
    expect((await get('nurse@meadowbrook.test', '/api/roles?entity=other')).status).toBe(400);
    expect((await t.app.inject('/api/roles?entity=facility')).statusCode).toBe(401);
  });
});

describe('answer compression', () => {
  const get = async (url: string) => ({
    method: 'GET' as const,
    url,
    headers: bearer(await signIn(t.app, 'super@portal.test')),
  });

  it('sends GET /api/facilities as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, await get('/api/facilities'));
  });

  it('sends GET /api/pharmacies as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, await get('/api/pharmacies'));
  });
});

describe('facility ids that only look like numbers', () => {
  it.each(['0x65', '1.01e2', '+101'])('refuses GET /api/facility/%s with a 400', async (id) => {
    const { status, body } = await get('admin@meadowbrook.test', `/api/facility/${id}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ fields: { facID: expect.any(String) } });
  });
});
