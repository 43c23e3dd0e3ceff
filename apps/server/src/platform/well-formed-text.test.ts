import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, auditEvents, pharmacyApiKeys, releaseNotes } from '../db/schema/index.ts';
import { SUPER } from '../test/demo-accounts.ts';
import { bearer, bodyOf, buildTestApp, signInAll, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let tokens: Record<string, string>;
let ingestSecret: string;
const MESSAGE = 'Text must not contain NUL characters or unpaired surrogates.';

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [SUPER]);
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/pharmacy-keys',
    headers: bearer(tokens[SUPER] ?? ''),
    payload: { pharmID: 'sprx', name: 'sprx system' },
  });
  ingestSecret = bodyOf<{ secret: string }>(key).secret;
}, 60_000);
afterAll(async () => t.close());

const countOf = async (
  table: typeof alerts | typeof auditEvents | typeof pharmacyApiKeys | typeof releaseNotes,
) => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
};
/** Row counts of every table these calls could write to. */
const snapshot = async () => ({
  alerts: await countOf(alerts),
  audit: await countOf(auditEvents),
  keys: await countOf(pharmacyApiKeys),
  notes: await countOf(releaseNotes),
});

const send = (method: 'GET' | 'POST', url: string, payload?: object, token = tokens[SUPER] ?? '') =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

const note = {
  type: 'Feature',
  title: 'Totes',
  description: '<p>a</p>',
  date: '2026-11-01',
  pharmUserOnly: false,
};
const alertRow = (overrides: Record<string, unknown> = {}) => ({
  _internalUUID: randomUUID(),
  rxNo: '7000001',
  facID: 101,
  patName: 'Ingested, Ida',
  drugLabelName: 'Apixaban 5 mg tablet',
  dateCreated: '2026-11-02T14:00:00Z',
  ...overrides,
});

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL in a JSON body', 'POST', '/api/releasenotes', { ...note, title: 'To\u0000tes' }, 'title'],
    [
      'a lone high surrogate in a JSON body',
      'POST',
      '/api/pharmacy-keys',
      { pharmID: 'sprx', name: 'a\ud800b' },
      'name',
    ],
    ['a lone low surrogate in a JSON body', 'POST', '/api/releasenotes', { ...note, type: '\udc00' }, 'type'],
    ['a NUL in a query string', 'GET', '/api/audit?recordType=user%00x', undefined, 'recordType'],
    ['a NUL in a repeated query parameter', 'GET', '/api/audit?kind=auth.&kind=a%00', undefined, 'kind.1'],
    ['a NUL in a path parameter', 'GET', '/api/alerts/highCost/a%00b', undefined, 'identifier'],
  ] as const)(
    'refuses %s with a 400 naming the field, changing nothing',
    async (_, method, url, payload, field) => {
      const before = await snapshot();
      const response = await send(method, url, payload);
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response)).toEqual({
        message: MESSAGE,
        code: 'VALIDATION_FAILED',
        fields: { [field]: MESSAGE },
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('names the first bad field of a nested ingest batch and stores none of it', async () => {
    const before = await snapshot();
    const batch = [alertRow(), alertRow({ patName: 'Ida\u0000' }), alertRow({ rxNo: '\ud83d' })];
    const response = await send('POST', '/api/ingest/priorAuth', { alerts: batch }, ingestSecret);
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({ fields: { 'alerts.1.patName': MESSAGE } });
    expect(await snapshot()).toEqual(before);
  });

  it('checks object keys as well as values', async () => {
    const response = await send('POST', '/api/releasenotes', { ...note, 'x\u0000': 1 });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({ fields: { 'x\u0000': MESSAGE } });
  });

  it('answers a deeply nested body with a 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/releasenotes',
      payload: `{"title":${deep}}`,
      headers: { ...bearer(tokens[SUPER] ?? ''), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    const fields = Object.keys(bodyOf<{ fields: Record<string, string> }>(response).fields);
    expect(fields).toEqual([`title${'.0'.repeat(200_000)}`]);
  });

  it('keeps accepting paired surrogates, emoji and other control characters', async () => {
    const response = await send('POST', '/api/releasenotes', {
      ...note,
      title: 'Totes 💊 \u0001 \ud83d\ude00',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ releaseNote: { title: string } }>(response).releaseNote.title).toBe('Totes 💊 \u0001 😀');
  });
});
