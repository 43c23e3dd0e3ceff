import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCompressed } from '../../test/compression.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { userApi } from './test-support.ts';

let t: TestApp;
let api: ReturnType<typeof userApi>;
let tok: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  api = userApi(t);
  tok = await signInAll(t.app, [
    'admin@meadowbrook.test',
    'nurse@meadowbrook.test',
    'don@lakeside.test',
    'sysadmin@pharmacy.test',
    'billing@pharmacy.test',
    'super@portal.test',
  ]);
});
afterAll(async () => t.close());

type Listed = {
  email: string;
  numberFacilities: number;
  requestorIsAdmin: boolean;
  entityTypeAndRole: { facid: number }[];
};
const emails = (list: Listed[]) => list.map((u) => u.email).sort();

describe('GET /api/getusers', () => {
  it('gives a facility admin the users of their facilities, never another pharmacy’s', async () => {
    const { status, body } = await api.get(tok['admin@meadowbrook.test'] ?? '', '/getusers');
    expect(status).toBe(200);
    const users = body.users as Listed[];
    expect(emails(users)).toEqual([
      'admin@meadowbrook.test',
      'nurse.nocreds@meadowbrook.test',
      'nurse@meadowbrook.test',
    ]);
    expect(users.find((u) => u.email === 'admin@meadowbrook.test')?.numberFacilities).toBe(2);
    expect(users.find((u) => u.email === 'nurse@meadowbrook.test')).toMatchObject({
      numberFacilities: 1,
      requestorIsAdmin: true,
      entityTypeAndRole: [{ facid: 101, userRole: 'Nursing' }],
    });
  });

  it('shows don@lakeside.test none of 101’s users, and a nurse is no admin of her colleagues', async () => {
    const don = await api.get(tok['don@lakeside.test'] ?? '', '/getusers');
    expect(emails(don.body.users)).toEqual(['don@lakeside.test']);
    const nurse = await api.get(tok['nurse@meadowbrook.test'] ?? '', '/getusers');
    expect((nurse.body.users as Listed[]).every((u) => u.requestorIsAdmin === false)).toBe(true);
  });

  it('shows pharmacy users the facility users of their pharmacies only, counting visible facilities', async () => {
    const billing = await api.get(tok['billing@pharmacy.test'] ?? '', '/getusers');
    expect(emails(billing.body.users)).toEqual(['don@lakeside.test']);
    const sys = await api.get(tok['sysadmin@pharmacy.test'] ?? '', '/getusers');
    expect(emails(sys.body.users)).toContain('don@lakeside.test');
    expect(emails(sys.body.users)).toContain('nurse@meadowbrook.test');
  });

  it('answers 401 without a session', async () => {
    expect((await api.get(null, '/getusers')).status).toBe(401);
  });
});

describe('GET /api/facilityusers', () => {
  it('lists one facility’s users, 404 for a facility the viewer cannot see, 400 for a bad id', async () => {
    const admin = tok['admin@meadowbrook.test'] ?? '';
    const ok = await api.get(admin, '/facilityusers?faciId=101');
    expect(emails(ok.body.userInfos)).toEqual([
      'admin@meadowbrook.test',
      'nurse.nocreds@meadowbrook.test',
      'nurse@meadowbrook.test',
    ]);
    const only102 = await api.get(admin, '/facilityusers?faciId=102');
    expect(emails(only102.body.userInfos)).toEqual(['admin@meadowbrook.test']);
    expect((await api.get(admin, '/facilityusers?faciId=201')).status).toBe(404);
    expect((await api.get(tok['don@lakeside.test'] ?? '', '/facilityusers?faciId=101')).status).toBe(404);
    const bad = await api.get(admin, '/facilityusers?faciId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ faciId: 'Please select a facility' });
  });
});

describe('GET /api/userfacilities', () => {
  it('gives a user’s facilities the viewer sees, and 404 for a user the viewer cannot see', async () => {
    const admin = tok['admin@meadowbrook.test'] ?? '';
    const nurse = await api.get(admin, '/userfacilities?email=nurse@meadowbrook.test');
    expect(nurse.body.facilities).toEqual([
      {
        facID: 101,
        facName: 'Meadowbrook Care Center',
        pharmID: 'sprx',
        facState: 'NJ',
        userRole: 'Nursing',
      },
    ]);
    expect((await api.get(admin, '/userfacilities?email=don@lakeside.test')).status).toBe(404);
    expect((await api.get(admin, '/userfacilities?email=nobody@meadowbrook.test')).status).toBe(404);
    const don = await api.get(tok['don@lakeside.test'] ?? '', '/userfacilities?email=admin@meadowbrook.test');
    expect(don.status).toBe(404);
    const sup = await api.get(tok['super@portal.test'] ?? '', '/userfacilities?email=admin@meadowbrook.test');
    expect((sup.body.facilities as { facID: number }[]).map((f) => f.facID).sort()).toEqual([101, 102]);
  });

  it('says when the one facility is all the user holds, which /removefacility refuses to take away', async () => {
    const admin = tok['admin@meadowbrook.test'] ?? '';
    const nurse = await api.get(admin, '/userfacilities?email=nurse@meadowbrook.test');
    expect(nurse.body.isOnlyMembership).toBe(true);
    const sup = await api.get(tok['super@portal.test'] ?? '', '/userfacilities?email=admin@meadowbrook.test');
    expect(sup.body.isOnlyMembership).toBe(false);
  });
});

describe('answer compression', () => {
  const get = (email: string, url: string) => ({
    method: 'GET' as const,
    url: `/api${url}`,
    headers: bearer(tok[email] ?? ''),
  });

  it('sends GET /api/getusers as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, get('super@portal.test', '/getusers'));
  });

  it('sends GET /api/facilityusers as brotli or gzip to a client that accepts it, the same answer as uncompressed', async () => {
    await expectCompressed(t.app, get('admin@meadowbrook.test', '/facilityusers?faciId=101'));
  });
});
