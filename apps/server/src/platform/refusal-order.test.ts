import { FILE_BASE, FILE_ENDPOINTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('an anonymous caller', () => {
  // api.md: a missing token is a 401. Checked before the body or query is validated, so a caller without a session
  // learns nothing of a route's fields from a 400's field list.
  it.each([
    ['POST', '/api/createuser', {}],
    ['POST', '/api/facilitysetting', { FaciId: 'x' }],
    ['POST', '/api/highcost_readByFaci', {}],
    ['POST', '/api/requestaction', { widget: 'HighCost' }],
    ['POST', '/api/edituserinfo', { email: 1 }],
    ['POST', `${FILE_BASE}${FILE_ENDPOINTS.restore}`, {}],
    ['GET', '/api/facilityusers?faciId=abc', undefined],
    ['GET', '/api/highCost?limit=abc', undefined],
    ['GET', '/api/pharmacyalerts/refilltoosoon?sortOrder=sideways', undefined],
  ] as const)('%s %s with a bad body or query gets 401, not the field list', async (method, url, payload) => {
    const answer = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
  });
});

describe('an address the router refuses', () => {
  it('is answered in the portal error shape, without repeating the address', async () => {
    const badEncoding = await t.app.inject({ method: 'GET', url: '/api/facility/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ message: 'The address is not valid.', code: 'BAD_REQUEST' });
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/facility/${'9'.repeat(10_000)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: 'A part of the address is too long.', code: 'BAD_REQUEST' });
  });
});

describe('a field left out of the body', () => {
  // The rule the user forms' schemas keep with their own messages (packages/domain missing-fields.test.ts), for
  // every other field: it says the field is missing, not the validation library's 'Invalid input: expected
  // string, received undefined'.
  it.each([
    ['sysadmin@pharmacy.test', '/api/pharmacy-keys', {}, { pharmID: 'Required', name: 'Required' }],
    [
      'nurse@meadowbrook.test',
      '/api/highcost_readByFaci',
      {},
      { _internalID: 'Required', readByFaci: 'Required' },
    ],
    [
      'nurse@meadowbrook.test',
      '/api/requestaction_readByFaci',
      { requestActionID: 1, readByFaci: null },
      { readByFaci: 'Required' },
    ],
    ['admin@meadowbrook.test', '/api/deletefacicontact', {}, { ContactId: 'Required' }],
    ['admin@meadowbrook.test', '/api/usersetting', { UserId: 6 }, { settingValues: 'Required' }],
  ] as const)('%s POST %s %j names each missing field as Required', async (email, url, payload, fields) => {
    const token = await signIn(t.app, email);
    const answer = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });
});
