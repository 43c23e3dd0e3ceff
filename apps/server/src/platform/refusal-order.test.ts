import { FILE_BASE, FILE_ENDPOINTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

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
